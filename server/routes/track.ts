import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import * as z from 'zod'
import { idSchema } from '../../lib/schemas.ts'
import type { AppEnv } from '../app.ts'
import { validate } from '../validate.ts'

export function trackRouter() {
  const app = new Hono<AppEnv>()

  // POST /api/track/brand-view – a person opened a brand page (pages are cached, so the browser reports it)
  app.post(
    '/brand-view',
    bodyLimit({ maxSize: 1024, onError: (c) => c.json({ message: 'Too large' }, 413) }),
    validate('json', z.strictObject({ brandId: idSchema })),
    async (c) => {
      if (c.var.services.tracker.isBot(c.req.header('user-agent') ?? '', c.req.method)) return c.body(null, 204)
      await c.var.services.brandViews.record(c.req.valid('json').brandId)
      return c.body(null, 204)
    },
  )

  return app
}
