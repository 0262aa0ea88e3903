import { usePageContext } from 'vike-react/usePageContext'
import type { HelpSet } from '../lib/gambling-help-international.ts'
import { inMarket } from '../lib/market-paths.ts'
import { MAIN_NAV, type MarketNav, NAV_META, parseNavMeta } from '../lib/navigation.ts'

/** The <meta> that tells the browser every market's prefix (pages/+onBeforeRoute.ts reads it). */
export const MARKETS_META = 'gw-markets'

/**
 * Issue 23: a site path inside the page's market, so links never leave it (`/brands/x` on an Ontario page
 * → `/ca-on/brands/x`; unchanged in the default market). Every internal link of a public page goes through
 * this.
 */
export function useMarketPath(): (path: string) => string {
  // outside a page (component tests) there is no pageContext: the default market
  const prefix = (usePageContext() as { marketPrefix?: string } | undefined)?.marketPrefix ?? ''
  return (path: string) => {
    // only the site's own pages: not another site, /go, the API, files, or a path already in the market
    if (!prefix || !path.startsWith('/') || path.startsWith('//') || /^\/(?:go|api|media|uploads|assets)(?:\/|$)/.test(path)) return path
    if (path === prefix || path.startsWith(`${prefix}/`) || path.startsWith(`${prefix}?`)) return path
    return inMarket(prefix, path)
  }
}

/** The page's market's key (`ca-on`), '' in the default market: what an API call about the market's content names. */
export function useMarketKey(): string {
  return ((usePageContext() as { marketPrefix?: string } | undefined)?.marketPrefix ?? '').slice(1)
}

/** `/uk=en-GB=18 /ca-on=en-CA=19`: what the markets <meta> says (prefix, language and minimum age of each market). */
export const marketsMetaContent = (markets: readonly { prefix: string; language: string; minimumAge: number }[]) => markets.map((m) => `${m.prefix}=${m.language}=${m.minimumAge}`).join(' ')

function readMeta(): Map<string, { language: string; age: number }> {
  const content = typeof document === 'undefined' ? '' : (document.querySelector(`meta[name="${MARKETS_META}"]`)?.getAttribute('content') ?? '')
  return new Map(
    content
      .split(' ')
      .filter(Boolean)
      .map((entry) => {
        const [prefix = '', language = 'en', age = '18'] = entry.split('=')
        return [prefix, { language, age: Number(age) || 18 }]
      }),
  )
}
/** The prefixes of every market, in the browser. */
export const marketPrefixesFromMeta = (): string[] => [...readMeta().keys()]
/** A market's language by its prefix, in the browser. */
export const marketLanguageFromMeta = (prefix: string): string | undefined => readMeta().get(prefix)?.language

/**
 * The page's market's minimum age (18 in the default market): the footer's and the help line's age mark.
 * The same on the server (the request's market) and in the browser (the markets <meta>), so hydration agrees.
 */
export function useMarketAge(): number {
  const pc = usePageContext() as { market?: { minimumAge: number }; marketPrefix?: string } | undefined
  if (pc?.market) return pc.market.minimumAge
  return (pc?.marketPrefix && readMeta().get(pc.marketPrefix)?.age) || 18
}

/**
 * The top bar's links in the page's market (lib/navigation.ts): each the market's version of its
 * article, or left out. The server's answer on the server, the same from the page's <meta> in the browser.
 */
export function useNavLinks(): { key: string; label: string; href: string }[] {
  const pc = usePageContext() as { marketNav?: MarketNav; marketPrefix?: string } | undefined
  const prefix = pc?.marketPrefix ?? ''
  const nav = pc?.marketNav ?? (typeof document === 'undefined' ? undefined : parseNavMeta(document.querySelector(`meta[name="${NAV_META}"]`)?.getAttribute('content') ?? ''))
  const hrefs = nav?.[prefix]
  return MAIN_NAV.flatMap((l, i) => {
    const href = hrefs ? hrefs[i] : inMarket(prefix, l.path)
    return href ? [{ key: l.key, label: l.label, href }] : []
  })
}

/** The <meta> that tells the browser each market's gambling-help links (prefix → set), for the footer. */
export const HELP_META = 'gw-help'
export type MarketHelp = Record<string, HelpSet>
export const helpMetaContent = (help: MarketHelp) => JSON.stringify(Object.fromEntries(Object.entries(help).map(([prefix, set]) => [prefix, { country: set.country, label: set.label, links: set.links.map((l) => ({ name: l.name, url: l.url })) }])))

/**
 * The help set of the page's market when it names one (Ontario's ConnexOntario, Germany's Check dein Spiel),
 * whoever reads it; null in the default market, where the visitor's own country decides. The server's
 * answer on the server, the same from the page's <meta> in the browser, so hydration agrees.
 */
export function useMarketHelp(): HelpSet | null {
  const pc = usePageContext() as { marketHelp?: MarketHelp; marketPrefix?: string } | undefined
  const prefix = pc?.marketPrefix ?? ''
  if (!prefix) return null
  if (pc?.marketHelp) return pc.marketHelp[prefix] ?? null
  if (typeof document === 'undefined') return null
  try {
    return (JSON.parse(document.querySelector(`meta[name="${HELP_META}"]`)?.getAttribute('content') ?? '{}') as MarketHelp)[prefix] ?? null
  } catch {
    return null
  }
}
