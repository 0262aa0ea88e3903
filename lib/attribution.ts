/**
 * Revenue attribution (issue 21; docs/attribution.md): where a tracked link was shown, who followed it
 * (device class, where they arrived from) and what it earned. Shared by the pages that render links,
 * the server that records clicks and views, and the reports. Everything a visitor can send is bounded
 * here: an unknown page kind or slot, an overlong id or a malformed position is recorded as unknown —
 * never stored raw, and never a refusal that would break a visitor's redirect.
 */

/** The kinds of page a tracked link or a counted view can be on. */
export const PAGE_KINDS = ['home', 'article', 'brand', 'archive', 'tag', 'search', 'info', 'directory', 'not-found'] as const
export type PageKind = (typeof PAGE_KINDS)[number] | 'unknown'

/**
 * The places on a page that show offers (what the site really has). A new placement is a new slot here,
 * and a link's `slot` names it.
 */
export const SLOTS = {
  'home-offers': 'Home: offers table',
  'brand-cta': 'Brand page: deal box button',
  'brand-mobile-bar': 'Brand page: phone offer bar',
  'directory-offers': 'Brand directory: offer cards',
  'article-offers': 'Article: top offers box',
  'comparison-table': 'Article: comparison table',
  'search-offers': 'Search: matching brands',
  'not-found-offers': 'Not found page: top offers',
} as const
export type Slot = keyof typeof SLOTS | 'unknown'
export const SLOT_NAMES = Object.keys(SLOTS) as (keyof typeof SLOTS)[]

export const DEVICE_CLASSES = ['mobile', 'tablet', 'desktop'] as const
export type DeviceClass = (typeof DEVICE_CLASSES)[number] | 'unknown'

/**
 * Where a link was shown: the page (kind and id, and its market: '' for the default market's unprefixed
 * pages) and the slot, and its 1-based position in a list. `/ca-on/article/x` and `/article/x` are two pages.
 */
export type Placement = { market?: string; page: PageKind; pageId: string; slot: Slot; position: number | null }
/** Where a visitor came from to the page they clicked on: another site's host and the landing page's campaign. */
export type Arrival = { referrer: string | null; utmSource: string | null; utmMedium: string | null; utmCampaign: string | null }

export const UNKNOWN_PLACEMENT: Placement = { page: 'unknown', pageId: '', slot: 'unknown', position: null }
const ID = /^[A-Za-z0-9_-]{0,100}$/
/** A market's key, as its URL prefix's segment (lib/market-schema.ts). */
const MARKET_KEY = /^[a-z]{2}(-[a-z0-9]{2,3})?$/
const WORD = /^[a-z0-9][a-z0-9._+-]{0,79}$/
const HOST = /^[a-z0-9]([a-z0-9-]{0,62}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,62}[a-z0-9])?)+$/
export const MAX_POSITION = 100

/** A page's key in the counters: `article:rtp-explained`, `home:`; a market's page after its key, `ca-on/article:rtp-explained`. */
export const pageKey = (p: Pick<Placement, 'market' | 'page' | 'pageId'>) => `${p.market ? `${p.market}/` : ''}${p.page}:${p.pageId}`

/** The market of a page key ('' for the default market) and the rest (`article:x`). */
export function splitPageKey(key: string): { market: string; rest: string } {
  const slash = key.indexOf('/')
  const market = slash > 0 ? key.slice(0, slash) : ''
  return MARKET_KEY.test(market) ? { market, rest: key.slice(slash + 1) } : { market: '', rest: key }
}

/** The placement a link's query (`/go/:brandId?from=article:x&slot=article-offers&pos=2`) or a click body says, bounded. */
export function parsePlacement(input: { from?: string | null; slot?: string | null; pos?: string | number | null }): Placement {
  const { market, rest: from } = splitPageKey(input.from ?? '')
  const [kind = '', ...rest] = from.split(':')
  const id = rest.join(':')
  const page = (PAGE_KINDS as readonly string[]).includes(kind) && ID.test(id) ? (kind as PageKind) : 'unknown'
  const slot = input.slot && input.slot in SLOTS ? (input.slot as Slot) : 'unknown'
  const n = typeof input.pos === 'number' ? input.pos : /^\d{1,3}$/.test(input.pos ?? '') ? Number(input.pos) : Number.NaN
  return { ...(market && page !== 'unknown' ? { market } : {}), page, pageId: page === 'unknown' ? '' : id, slot, position: Number.isInteger(n) && n >= 1 && n <= MAX_POSITION ? n : null }
}

/** The query a tracked link carries for its placement (the same for every visitor: cached pages stay one per URL). */
export function placementQuery(p: { market?: string; page: PageKind; pageId?: string; slot: Slot; position?: number | null }): string {
  const q = new URLSearchParams({ from: pageKey({ market: p.market, page: p.page, pageId: p.pageId ?? '' }), slot: p.slot })
  if (p.position) q.set('pos', String(p.position))
  return q.toString()
}

/** A referring host or UTM value as stored: lower-case, bounded, of plain characters; anything else is dropped. */
export function cleanWord(v: string | null | undefined): string | null {
  const w = (v ?? '').trim().toLowerCase().slice(0, 80)
  return WORD.test(w) ? w : null
}
export function cleanHost(v: string | null | undefined): string | null {
  const h = (v ?? '').trim().toLowerCase().replace(/^www\./, '').slice(0, 253)
  return HOST.test(h) ? h : null
}

export function parseArrival(q: { get(name: string): string | null }): Arrival {
  return { referrer: cleanHost(q.get('ref')), utmSource: cleanWord(q.get('utm_source')), utmMedium: cleanWord(q.get('utm_medium')), utmCampaign: cleanWord(q.get('utm_campaign')) }
}

/**
 * Mobile, tablet or desktop from a user agent (the convention MDN documents: "Mobi" marks phones; iPad
 * and Android without "Mobile" are tablets). Only a class is kept, never the agent's details.
 */
export function deviceClass(userAgent: string | null | undefined): DeviceClass {
  const ua = userAgent ?? ''
  if (!ua.trim()) return 'unknown'
  if (/iPad|Tablet|PlayBook|Silk|Kindle|(Android(?!.*Mobi))/i.test(ua)) return 'tablet'
  if (/Mobi|iPhone|iPod|Android|Windows Phone|Opera Mini/i.test(ua)) return 'mobile'
  return 'desktop'
}

/**
 * The page a URL path is (the same on the server and in the browser, so cached pages carry the same
 * links); `marketPrefix` (`/ca-on`, '' for the default market) makes it that market's page.
 */
export function pageOf(pathname: string, notFound = false, marketPrefix = ''): Pick<Placement, 'market' | 'page' | 'pageId'> {
  const market = marketPrefix.slice(1)
  const page = pageOfPath(pathname, notFound)
  return market && MARKET_KEY.test(market) && page.page !== 'unknown' ? { market, ...page } : page
}

function pageOfPath(pathname: string, notFound: boolean): Pick<Placement, 'page' | 'pageId'> {
  if (notFound) return { page: 'not-found', pageId: '' }
  const path = pathname.replace(/\/+$/, '') || '/'
  const segs = path.split('/').filter(Boolean).map((s) => {
    try {
      return decodeURIComponent(s)
    } catch {
      return s
    }
  })
  const id = (v: string | undefined) => (v && ID.test(v) ? v : '')
  if (path === '/') return { page: 'home', pageId: '' }
  if (segs[0] === 'article' && segs.length === 2) return { page: 'article', pageId: id(segs[1]) }
  if (segs[0] === 'brands' && segs.length === 1) return { page: 'directory', pageId: '' }
  if (segs[0] === 'brands' && segs.length === 2) return { page: 'brand', pageId: id(segs[1]) }
  if (segs[0] === 'articles') return { page: 'archive', pageId: 'articles' }
  if (segs[0] === 'tag' && segs[1]) return { page: 'tag', pageId: id(segs[1]) }
  if (segs[0] === 'search') return { page: 'search', pageId: '' }
  if (segs[0] === 'info' && segs[1]) return { page: 'info', pageId: id(segs[1]) }
  return { page: 'unknown', pageId: '' }
}
