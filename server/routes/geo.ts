import { createRouter, rule } from '../router.ts'
import { marketPrefix } from '../../lib/markets.ts'
import { parseRegionHeader } from '../geo/visitor-country.ts'

/**
 * The visitor's country for client code (the footer's help links), so cached public pages need not
 * vary by country. Geo-targeting sets `c.var.country`; until it does, the answer is null.
 */
export function geoRouter() {
  const app = createRouter()

  // GET /api/geo – { country, region, market }: ISO 3166-1 alpha-2, upper-case, or null when unknown; the
  // ISO 3166-2 region when GEO_REGION_HEADER names the CDN's header (issue 34), else null; and the market that
  // serves them, a region's first (issue 23: key, name, prefix, language; null for the default one);
  // personal, never stored
  app.get('/', rule({ access: 'public', cache: 'no-store' }), (c) => {
    const country = c.var.country ?? null
    const header = c.var.config.geoRegionHeader
    const region = header ? parseRegionHeader(country, c.req.header(header)) : null
    const m = c.var.services.markets.forVisitor(country, region)
    return c.json({ country, region, market: m ? { key: m.key, name: m.name, prefix: marketPrefix(m), language: m.language } : null })
  })

  return app
}
