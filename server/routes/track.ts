import * as z from 'zod'
import { idSchema } from '../../lib/schemas.ts'
import { clientIp } from '../client-ip.ts'
import { createRouter, rule } from '../router.ts'
import { validate } from '../validate.ts'

export function trackRouter() {
  const app = createRouter()

  // POST /api/track/brand-view – a person opened a brand page (pages are cached, so the browser reports it);
  // counted once per visitor per brand per hour
  app.post('/brand-view', rule({ access: 'public', cache: 'no-store', bodyLimit: 1024 }), validate('json', z.strictObject({ brandId: idSchema })), async (c) => {
    await c.var.services.tracker.recordView(c.req.valid('json').brandId, { ip: clientIp(c), userAgent: c.req.header('user-agent') ?? '', method: c.req.method })
    return c.body(null, 204)
  })

  return app
}
