import { createRouter, rule } from '../router.ts'

/**
 * The visitor's country for client code (the footer's help links), so cached public pages need not
 * vary by country. Geo-targeting sets `c.var.country`; until it does, the answer is null.
 */
export function geoRouter() {
  const app = createRouter()

  // GET /api/geo – { country }: ISO 3166-1 alpha-2, upper-case, or null when unknown; personal, never stored
  app.get('/', rule({ access: 'public', cache: 'no-store' }), (c) => c.json({ country: c.var.country ?? null }))

  return app
}
