import { Hono } from 'hono'
import type { AppEnv } from '../app.ts'

export function mediaRouter() {
  const app = new Hono<AppEnv>()

  // GET /media/:id – uploaded image bytes; ids are content hashes, so they never change
  app.get('/:id', async (c) => {
    const { bytes, contentType } = await c.var.services.media.getOrThrow(c.req.param('id'))
    return c.body(bytes, 200, {
      'Content-Type': contentType,
      'Cache-Control': 'public, max-age=31536000, immutable',
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'",
    })
  })

  return app
}
