import { createRouter, rule } from '../router.ts'
import { marketPrefix } from '../../lib/markets.ts'

/**
 * The visitor's country for client code (the footer's help links), so cached public pages need not
 * vary by country. Geo-targeting sets `c.var.country`; until it does, the answer is null.
 */
export function geoRouter() {
  const app = createRouter()

  // GET /api/geo – { country, market }: ISO 3166-1 alpha-2, upper-case, or null when unknown, and the market
  // that serves it (issue 23: key, name, prefix, language; null for the default one); personal, never stored
  app.get('/', rule({ access: 'public', cache: 'no-store' }), (c) => {
    const country = c.var.country ?? null
    const m = c.var.services.markets.forVisitor(country)
    return c.json({ country, market: m ? { key: m.key, name: m.name, prefix: marketPrefix(m), language: m.language } : null })
  })

  return app
}
