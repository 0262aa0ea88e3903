import { authorBodySchema } from '../../lib/author-schemas.ts'
import { createRouter, rule } from '../router.ts'
import { validate } from '../validate.ts'
import { baseVersionOf } from '../editorial/edit-versions.ts'

// room for a 5 MB photo as a data URL inside the JSON body
const authorWrite = rule({ access: 'admin', bodyLimit: 8 * 1024 * 1024 })

/**
 * Author profiles (issue 22): editors read them (the post form's author and reviewer pickers); only admins
 * create, change or delete one. Visitors read them at /author/:slug (the page, render-cached).
 */
export function authorsRouter() {
  const app = createRouter()
  const editors = rule({ access: 'editor' })

  // GET /api/authors – every profile by name, each with how many posts name it as author and reviewer
  app.get('/', editors, async (c) => c.json({ authors: await c.var.services.authors.list() }))

  // GET /api/authors/:id – one profile
  app.get('/:id', editors, async (c) => c.json(await c.var.services.authors.get(c.req.param('id'))))

  // POST /api/authors – add a profile (the slug is made from the name when left out)
  app.post('/', authorWrite, validate('json', authorBodySchema), async (c) => c.json(await c.var.services.authors.create(c.req.valid('json')), 201))

  // PUT /api/authors/:id – replace a profile's fields; a new slug keeps the old address working (301)
  app.put('/:id', authorWrite, validate('json', authorBodySchema), async (c) => c.json(await c.var.services.authors.update(c.req.param('id'), c.req.valid('json'), { baseVersion: baseVersionOf(c) })))

  // DELETE /api/authors/:id – delete a profile no post names (409 with where it is named otherwise)
  app.delete('/:id', rule({ access: 'admin' }), async (c) => {
    await c.var.services.authors.remove(c.req.param('id'))
    return c.json({ ok: true })
  })

  return app
}
