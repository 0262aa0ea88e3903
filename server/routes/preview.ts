import * as z from 'zod'
import { readablePostTypes } from '../../lib/schemas.ts'
import type { PageRenderer } from '../page-renderer.ts'
import { AppError } from '../errors.ts'
import { createRouter, NO_STORE, rule } from '../router.ts'
import { validate } from '../validate.ts'

const linkBody = z.object({ kind: z.enum(['post', 'brand']), id: z.string().min(1).max(100) }).strict()

/** POST /api/preview-links – an editor's link to preview a post or brand page as it will look, whatever its status. */
export function previewLinksRouter() {
  const app = createRouter()
  app.post('/', rule({ access: 'editor', bodyLimit: 1024 }), validate('json', linkBody), async (c) => {
    const { kind, id } = c.req.valid('json')
    const { services } = c.var
    if (kind === 'post') {
      const post = await services.posts.get(id)
      if (!(readablePostTypes as readonly string[]).includes(post.type)) throw new AppError('bad_request', 'The hero has no page of its own: it shows on the home page once published')
    } else await services.brandAdmin.get(id)
    return c.json(services.previewLinks.create({ kind, id }), 201)
  })
  return app
}

/**
 * GET /preview/article/:id and /preview/brands/:id – the page as a visitor will see it once published,
 * rendered on the server for the holder of a preview link. Never cached (here or by a CDN), never indexed.
 */
export function previewPagesRouter(render: PageRenderer) {
  const app = createRouter()
  const page = rule({ access: 'public', cache: 'no-store' })
  const serve = (kind: 'post' | 'brand', segment: string) =>
    app.get(`/${segment}/:id`, page, async (c) => {
      const id = c.req.param('id')
      const ok = c.var.services.previewLinks.verify({ kind, id }, c.req.query('exp'), c.req.query('sig'))
      if (!ok) return c.json({ message: 'This preview link is invalid or has expired: open the preview again from the admin', code: 'forbidden' }, 403)
      const url = new URL(c.req.url)
      const req = new Request(new URL(`/${segment}/${encodeURIComponent(id)}`, url.origin), { headers: c.req.raw.headers })
      const res = await render(req, { visitorCountry: kind === 'brand' ? c.var.country : null, preview: true })
      const headers = new Headers(res.headers)
      headers.set('Cache-Control', NO_STORE)
      headers.set('X-Robots-Tag', 'noindex, nofollow')
      return new Response(res.body, { status: res.status, headers })
    })
  serve('post', 'article')
  serve('brand', 'brands')
  return app
}
