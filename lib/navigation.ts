/**
 * The top bar's two links (spec §2: "What's Hot in Gaming?" and "Esports", article pages of the site's
 * own). In a market each leads to the market's version of its article, or is left out where the market
 * has none (server/content/market-links.ts works that out; the page passes it on in a <meta>).
 */
export const MAIN_NAV = [
  { key: 'hot', label: "What's Hot in Gaming?", path: '/article/mobile-gaming-trends-2026' },
  { key: 'esports', label: 'Esports', path: '/article/esports-betting-basics' },
] as const

/** The <meta> that carries each market's resolved nav links to the browser: `prefix=href,href;…` ('-' for a link left out). */
export const NAV_META = 'gw-nav'

export type MarketNav = Record<string, (string | null)[]>

export const navMetaContent = (nav: MarketNav) =>
  Object.entries(nav)
    .map(([prefix, hrefs]) => `${prefix}=${hrefs.map((h) => h ?? '-').join(',')}`)
    .join(';')

export function parseNavMeta(content: string): MarketNav {
  const out: MarketNav = {}
  for (const entry of content.split(';').filter(Boolean)) {
    const [prefix = '', hrefs = ''] = entry.split('=')
    out[prefix] = hrefs.split(',').map((h) => (h === '-' || !h ? null : h))
  }
  return out
}
