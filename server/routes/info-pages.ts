import { createInfoPageBodySchema, infoPageBodySchema, previewInfoPageBodySchema } from '../../lib/info-page-schemas.ts'
import { createRouter, rule } from '../router.ts'
import { validate } from '../validate.ts'
import { baseVersionOf } from '../editorial/edit-versions.ts'

// a body of up to 50,000 characters as JSON (escapes included) with its title and SEO fields
const infoWrite = rule({ access: 'editor', bodyLimit: 512 * 1024 })

/** Info pages for the admin; visitors read them at /info/:slug (the page, render-cached). */
export function infoPagesRouter() {
  const app = createRouter()
  const editors = rule({ access: 'editor' })

  // GET /api/info-pages – every page, the default ones first
  app.get('/', editors, async (c) => c.json({ pages: await c.var.services.infoPages.list() }))

  // POST /api/info-pages – add a page
  app.post('/', infoWrite, validate('json', createInfoPageBodySchema), async (c) => c.json(await c.var.services.infoPages.create(c.req.valid('json')), 201))

  // POST /api/info-pages/preview – the tree a body renders as (the editor's live preview); saves nothing
  app.post('/preview', infoWrite, validate('json', previewInfoPageBodySchema), (c) => c.json({ tree: c.var.services.infoPages.preview(c.req.valid('json')) }))

  // GET /api/info-pages/:slug – one page with its Markdown, for editing
  app.get('/:slug', editors, async (c) => c.json(await c.var.services.infoPages.get(c.req.param('slug'))))

  // PUT /api/info-pages/:slug – replace a page's title, body and SEO fields
  app.put('/:slug', infoWrite, validate('json', infoPageBodySchema), async (c) => c.json(await c.var.services.infoPages.update(c.req.param('slug'), c.req.valid('json'), { baseVersion: baseVersionOf(c) })))

  // DELETE /api/info-pages/:slug – delete a page (not one of the default ones: 409)
  app.delete('/:slug', editors, async (c) => {
    await c.var.services.infoPages.remove(c.req.param('slug'))
    return c.json({ ok: true })
  })

  return app
}
