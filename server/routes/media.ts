import { createRouter, rule } from '../router.ts'

export function mediaRouter() {
  const app = createRouter()

  // GET /media/:id – uploaded image bytes; ids are content hashes, so they never change
  app.get('/:id', rule({ access: 'public', cache: 'immutable' }), async (c) => {
    const { bytes, contentType } = await c.var.services.media.getOrThrow(c.req.param('id'))
    return c.body(bytes, 200, {
      'Content-Type': contentType,
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'",
    })
  })

  return app
}
