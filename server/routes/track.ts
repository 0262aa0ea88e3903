import * as z from 'zod'
import { idSchema } from '../../lib/schemas.ts'
import { createRouter, rule } from '../router.ts'
import { validate } from '../validate.ts'

export function trackRouter() {
  const app = createRouter()

  // POST /api/track/brand-view – a person opened a brand page (pages are cached, so the browser reports it)
  app.post('/brand-view', rule({ access: 'public', cache: 'no-store', bodyLimit: 1024 }), validate('json', z.strictObject({ brandId: idSchema })), async (c) => {
    if (c.var.services.tracker.isBot(c.req.header('user-agent') ?? '', c.req.method)) return c.body(null, 204)
    await c.var.services.brandViews.record(c.req.valid('json').brandId)
    return c.body(null, 204)
  })

  return app
}
