import { createRouter, rule } from '../router.ts'

export function mediaRouter() {
  const app = createRouter()

  // GET /media/:id – uploaded image bytes; ids are content hashes, so they never change
  app.get('/:id', rule({ access: 'public', cache: 'immutable' }), async (c) => {
    const { bytes, contentType } = await c.var.services.media.getOrThrow(c.req.param('id'))
    // nosniff and a policy that runs and loads nothing come with every non-page answer (server/security-headers.ts)
    return c.body(bytes, 200, { 'Content-Type': contentType })
  })

  return app
}
