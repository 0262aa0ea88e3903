import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import type { CreateClickBody } from '../../lib/schemas.ts'
import type { AppEnv } from '../app.ts'
import { clientIp } from '../client-ip.ts'

export const CLICK_BODY_LIMIT = 16 * 1024

export function clicksRouter() {
  const app = new Hono<AppEnv>()

  // POST /api/clicks – record a click-through (spec §7, step 5)
  app.post(
    '/',
    bodyLimit({ maxSize: CLICK_BODY_LIMIT, onError: (c) => c.json({ message: 'Request body is larger than 16 KB' }, 413) }),
    // parsed once, by the service (its zod errors answer 400 through app.onError)
    async (c) => {
      let body: unknown
      try {
        body = await c.req.json()
      } catch {
        return c.json({ message: 'Malformed JSON in request body' }, 400)
      }
      const meta = { ip: clientIp(c), userAgent: c.req.header('user-agent') ?? '', method: c.req.method }
      return c.json(await c.var.services.clicks.record(body as CreateClickBody, meta), 201)
    },
  )

  return app
}
