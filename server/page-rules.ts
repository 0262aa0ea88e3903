import { RESPONSIBLE_GAMBLING_SLUG } from '../lib/info-pages.ts'
import { splitMarketPath } from '../lib/markets.ts'

/**
 * What each page varies by, in one place: the query parameters its content reads, and whether it
 * depends on the visitor's country. server/app.ts routes pages by these rules, the render cache keys
 * by them, and server/fast-path.ts answers cache hits by them.
 */

/** A market prefix's one segment as a route pattern (lib/market-schema.ts marketKeySchema). */
export const MARKET_SEGMENT = '[a-z]{2}(?:-[a-z0-9]{2,3})?'

/**
 * Query parameters a page's content depends on, by page path; a page not listed reads none. Any other
 * parameter renders (and caches) as if absent, so `?utm_source=…` cannot vary a page or its cache entry.
 */
export const PAGE_QUERY: Readonly<Record<string, readonly string[]>> = {
  '/search': ['q', 'page'],
}

/**
 * Pages that depend on the visitor's country (and their pageContext.json for client navigation): those
 * listing offers (home, the /brands directory, brand pages, which also show the country's gambling
 * help, and articles with their top offers box), search results (the brands a query names: cached per
 * profile in the render cache's bounded list of query-string answers) and the responsible-gambling page
 * (every country's help, the visitor's first). The other archives do not: the footer's help links swap
 * in after hydration (GET /api/geo).
 */
export function isCountryPage(path: string, prefixes?: ReadonlySet<string>): boolean {
  const logical = prefixes ? splitMarketPath(path, prefixes).rest : path
  const page = logical.replace(/\/index\.pageContext\.json$/, '') || '/'
  return page === '/' || page === '/brands' || page === '/search' || page.startsWith('/brands/') || page.startsWith('/article/') || page === `/info/${RESPONSIBLE_GAMBLING_SLUG}`
}
