import type { PageContext } from 'vike/types'
import { modifyUrl } from 'vike/modifyUrl'
import { marketPrefixesFromMeta } from '../components/market-path.ts'
import { splitMarketPath } from '../lib/market-paths.ts'

/**
 * Issue 23: a market's pages live under its prefix (`/ca-on/brands/nova-spins`). Vike routes the path
 * without it (vike.dev/i18n) and every page knows `marketPrefix`, so its links stay in the market. On
 * the server the prefixes come with the request (server/app.ts); in the browser from the page's <meta>.
 */
export function onBeforeRoute(pageContext: PageContext) {
  const prefixes = new Set(pageContext.marketPrefixes ?? marketPrefixesFromMeta())
  const { prefix, rest } = splitMarketPath(pageContext.urlParsed.pathname, prefixes)
  if (!prefix) return { pageContext: { marketPrefix: '' } }
  return { pageContext: { marketPrefix: prefix, urlLogical: modifyUrl(pageContext.urlParsed.href, { pathname: rest }) } }
}
