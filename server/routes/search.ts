import type { Context } from 'hono'
import * as z from 'zod'
import type { AppEnv } from '../app-env.ts'
import { clientIp } from '../client-ip.ts'
import { createRouter, rule } from '../router.ts'
import { marketParam } from './market-param.ts'
import { validate } from '../validate.ts'

/**
 * Counts a search a visitor made (issue 26: what readers search for), after its answer, cache hits
 * included: the /search page and GET /api/search observe with it (server/router.ts `observe`).
 */
export function recordSearch(c: Context<AppEnv>) {
  if (c.res.status !== 200) return
  c.var.services.searchQueries.record({ q: c.req.query('q'), page: c.req.query('page'), userAgent: c.req.header('user-agent') ?? '', method: c.req.method, ip: clientIp(c) })
}


const queriesQuery = z.object({
  days: z.coerce.number().int().min(1).max(90).default(30),
  noResults: z.enum(['0', '1', 'true', 'false'], { error: 'noResults must be 1 or 0' }).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
})

export function searchRouter() {
  const app = createRouter()

  // GET /api/search?q&page – full-text search over the articles, 10 a page, with highlighted snippets; on
  // page 1 also the brands the query names (available in the visitor's country), its tags and a spelling
  app.get('/', rule({ access: 'public', cache: 'public', query: ['q', 'page'], vary: 'country', observe: recordSearch }), async (c) =>
    c.json(await c.var.services.search.search({ q: c.req.query('q'), page: c.req.query('page') }, { country: c.var.country })),
  )

  // GET /api/search/suggest?q – up to 8 suggestions as a visitor types (brands, tags, articles); small,
  // kept by browsers for a minute, and in the render cache's bounded list of query-string answers
  // `market`: the key of the page's market (its URL prefix without the slash; absent: the default market)
  app.get('/suggest', rule({ access: 'public', cache: 'public', query: ['q', 'market'], vary: 'country', maxAge: 60 }), async (c) =>
    c.json(await c.var.services.search.suggest(c.req.query('q'), c.var.country, c.var.services.markets.byPrefix(marketParam(c.req.query('market'))))),
  )

  // GET /api/search/queries?days&noResults&limit – what readers searched for (editors and admins): the top
  // queries of the last `days` days, or those that found nothing
  app.get('/queries', rule({ access: 'editor', cache: 'private' }), validate('query', queriesQuery), async (c) => {
    const q = c.req.valid('query')
    return c.json(await c.var.services.searchQueries.report({ days: q.days, limit: q.limit, noResults: q.noResults === '1' || q.noResults === 'true' }))
  })

  return app
}
