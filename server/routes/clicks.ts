import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { createClickBodySchema } from '../../lib/schemas.ts'
import type { AppEnv } from '../app.ts'
import { clientIp } from '../client-ip.ts'
import { validate } from '../validate.ts'

export const CLICK_BODY_LIMIT = 16 * 1024

export function clicksRouter() {
  const app = new Hono<AppEnv>()

  // POST /api/clicks – record a click-through (spec §7, step 5)
  app.post(
    '/',
    bodyLimit({ maxSize: CLICK_BODY_LIMIT, onError: (c) => c.json({ message: 'Request body is larger than 16 KB' }, 413) }),
    validate('json', createClickBodySchema),
    async (c) =>
      c.json(await c.var.services.clicks.record(c.req.valid('json'), { ip: clientIp(c), userAgent: c.req.header('user-agent') ?? '', method: c.req.method }), 201),
  )

  return app
}
