import { createRouter, rule } from '../router.ts'

export function searchRouter() {
  const app = createRouter()

  // GET /api/search?q&page – full-text search over the articles, 10 a page, with highlighted snippets
  app.get('/', rule({ access: 'public', cache: 'public', query: ['q', 'page'] }), async (c) =>
    c.json(await c.var.services.search.search({ q: c.req.query('q'), page: c.req.query('page') })),
  )

  return app
}
