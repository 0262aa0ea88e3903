import type { PageContext } from 'vike/types'
import { marketLanguageFromMeta } from '../components/market-path.ts'

/**
 * `<html lang>` is the market's language (issue 23): on the server from the request's market, in the
 * browser (client-side navigation) from the page's markets <meta>.
 */
export default function lang(pageContext: PageContext): string {
  if (pageContext.market) return pageContext.market.language
  return marketLanguageFromMeta(pageContext.marketPrefix ?? '') ?? 'en'
}
