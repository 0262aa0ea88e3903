import type { CreateClickBody } from '../../lib/schemas.ts'
import { clientIp } from '../client-ip.ts'
import { createRouter, rule } from '../router.ts'

export const CLICK_BODY_LIMIT = 16 * 1024

export function clicksRouter() {
  const app = createRouter()

  // POST /api/clicks – record a click-through (spec §7, step 5)
  app.post(
    '/',
    rule({ access: 'public', cache: 'no-store', bodyLimit: CLICK_BODY_LIMIT }),
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
