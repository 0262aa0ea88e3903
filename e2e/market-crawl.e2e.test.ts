import { readFileSync, readdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import ts from 'typescript'
import { afterAll, beforeAll, describe, it } from 'vitest'
import { COMPARE_COLUMNS } from '../lib/comparison.ts'
import { DEFAULT_MARKET, type Market } from '../lib/markets.ts'
import { DEFAULT_AFFILIATE_DISCLOSURE, TERMS_FALLBACK } from '../lib/offer-terms.ts'
import { BASE_URL, fakeGoogle, launchBrowser, PERSON_UA } from './browser.ts'

/**
 * Issue 23's markets crawled as visitors: every market's pages must keep its rules on every page, not
 * only on the few a hand-written test opens. For each market root (`/`, `/uk`, `/ca-on`, `/de`: whatever
 * GET /api/markets lists) and each visitor country (GB, CA, DE, US, sent as a CDN's `cf-ipcountry`, each
 * visitor its own X-Forwarded-For address: e2e/run.ts sets TRUST_PROXY), one browser tab starts at the
 * market's home and follows the market's own links breadth first, at most CRAWL_PER_TYPE pages of each
 * kind (home, articles, brand pages, the brand directory, archives, tags, authors, info pages, search for a
 * brand and for a common word, the top bar's search suggestions, a 404), then checks each market's
 * sitemaps and RSS feed over plain HTTP. Links, hreflang targets and JSON-LD URLs are fetched over HTTP
 * (as the same visitor) to see what they answer. Search suggestions are typed and chosen in the browser,
 * and where the browser goes is the link (GET /api/search/suggest takes no market today, so whatever the
 * fix carries the market in, this still sees what a visitor gets). The demo has no ended offer (no brand
 * has `validUntil`), so that page kind is not reached; a kind no in-market link leads to is reached by the
 * same path under the market's prefix (reported as not covered when that fails too).
 *
 * Every violation is collected, then each category's test fails with its list (URL, visitor country,
 * evidence; one line for the same evidence on many pages). The categories, one named check each, so a
 * fix can be verified category by category (`-t "3."`, or CRAWL_CATEGORIES=3,5 to skip the others'
 * HTTP work):
 *   1 leaves-market   a same-site link (or advertised feed, sitemap entry, feed item) on a market's page
 *                     that leaves the market. Tracked /go/ links, the API and files are not pages of a
 *                     market. The deliberate market switch is exempt: an <a> with, or inside, an element
 *                     with `data-market-switch`. Nothing carries it yet, so "Also in: Deutsch" and the home
 *                     page's market suggestion are reported as "unmarked switch control": mark them.
 *                     Links from the default market into a prefix count too.
 *   2 broken-link     a same-site link (pages, suggestions, sitemaps, feeds) that answers 4xx/5xx
 *   3 inducement      where a market bars bonuses (Ontario): a bonus amount, wagering multiplier, bonus
 *                     code, a call to action about a bonus, or an age mark under the market's minimum
 *                     (18+ in a 19+ market), in visible text or JSON-LD; bonus vocabulary ("wagering",
 *                     "free spins", "welcome offer") in offers and on brand pages (editorial guides may
 *                     explain what wagering is; concrete amounts and multipliers are reported wherever)
 *   4 currency        an amount in a currency other than the market's (lib/markets.ts: GBP by default
 *                     and in /uk, EUR in /de, CAD in /ca-on) unless it is the offer's own, labelled: an
 *                     offer whose terms line (or an amount's own element) says `data-offer-currency` may
 *                     show amounts in that currency, and where it is not the market's its text must name
 *                     the currency's code ("Amounts in GBP.", "£20 (GBP)"); any other currency is reported
 *   5 offer-terms     an offer (card, table row, deal box, article offer, comparison row, alternatives
 *                     line, promo table, or anything around a tracked /go/ link) shown without its terms
 *                     line or its age badge, or with an age badge under the market's (a brand's own
 *                     higher mark, 21+, is right: issue 34)
 *   6 hreflang        alternates that are not self-referencing, lack x-default, are not reciprocal,
 *                     point at a page that does not answer 200, or are missing where the same page exists
 *                     in other markets (home, brands, archives, articles, info pages)
 *   7 jsonld-url      a same-site `url`, `item`, `@id` (or `mainEntityOfPage`, a SearchAction's
 *                     `urlTemplate`) in JSON-LD that does not answer 200 or leaves the page's market (the
 *                     site's publisher Organization, one entity for every market, and image URLs may)
 *   8 english-ui      on pages whose market's language is not English: English UI strings, taken from
 *                     the public components' JSX text (plus a curated list) in the visible text, outside
 *                     elements whose `lang` says they are in another language
 *
 * Run: `bun run build && bun e2e/run.ts e2e/market-crawl.e2e.test.ts` (SERVER_PORTS=3400-3499 keeps the
 * server off other runs' ports). Knobs: CRAWL_PER_TYPE (default 2 pages of each kind per visitor),
 * CRAWL_MARKETS=ca-on,de (keys; `default` for the unprefixed one), CRAWL_COUNTRIES=CA,US,
 * CRAWL_CATEGORIES=3,5, CRAWL_REPORT=/tmp/findings.json (every finding, ungrouped).
 * One browser, one tab at a time, images and fonts not loaded: about 270 page views and 850 HTTP requests,
 * some 90 s on a 2-core machine.
 */

// ---------- knobs ----------

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const ORIGIN = new URL(BASE_URL).origin
const PER_TYPE = Math.max(1, Number(process.env.CRAWL_PER_TYPE ?? 2) || 2)
const COUNTRIES = (process.env.CRAWL_COUNTRIES ?? 'GB,CA,DE,US').split(',').map((c) => c.trim().toUpperCase()).filter(Boolean)
const ONLY_MARKETS = process.env.CRAWL_MARKETS?.split(',').map((k) => k.trim()).filter(Boolean)
const ONLY_CATEGORIES = process.env.CRAWL_CATEGORIES?.split(',').map((c) => Number(c.trim())).filter(Boolean)
const SEARCHES = ['nova', 'casino'] // a brand's name and a common word
const SUGGEST_QUERY = 'nov'
const NOT_FOUND_PATH = '/no-such-page'
const HTTP_CONCURRENCY = 4

type PageType = 'home' | 'article' | 'brand' | 'directory' | 'archive' | 'tag' | 'author' | 'info' | 'search' | 'notfound' | 'other'
const CAPS: Record<PageType, number> = { home: 1, notfound: 1, search: SEARCHES.length, article: PER_TYPE, brand: PER_TYPE, directory: PER_TYPE, archive: PER_TYPE, tag: PER_TYPE, author: PER_TYPE, info: PER_TYPE, other: PER_TYPE }
/** Kinds of page that exist in every market (same path under each prefix): they must name their copies in hreflang. */
const HAS_COPIES: ReadonlySet<PageType> = new Set(['home', 'article', 'brand', 'directory', 'archive', 'tag', 'author', 'info'])

const CATEGORIES = [
  { n: 1, id: 'leaves-market', title: 'same-site links stay in the page’s market (except the marked market switch)' },
  { n: 2, id: 'broken-link', title: 'same-site links answer (no 404)' },
  { n: 3, id: 'inducement', title: 'no bonus, wagering, bonus code, bonus CTA or lower age mark where the market bars them (Ontario)' },
  { n: 4, id: 'currency', title: 'amounts are in the market’s currency' },
  { n: 5, id: 'offer-terms', title: 'every offer shows its terms and the market’s age mark' },
  { n: 6, id: 'hreflang', title: 'hreflang alternates are self-referencing, reciprocal, with x-default, answer 200, and present where a page exists in several markets' },
  { n: 7, id: 'jsonld-url', title: 'JSON-LD URLs answer 200 and stay in the page’s market' },
  { n: 8, id: 'english-ui', title: 'no English UI strings on pages of a market in another language' },
] as const
type Category = (typeof CATEGORIES)[number]['id']
const wanted = (c: Category) => !ONLY_CATEGORIES?.length || ONLY_CATEGORIES.includes(CATEGORIES.find((x) => x.id === c)!.n)

// ---------- markets and visitors ----------

type MarketInfo = Pick<Market, 'key' | 'name' | 'language' | 'currency' | 'minimumAge' | 'rules' | 'countries'> & { prefix: string }
type Visitor = { market: MarketInfo; country: string; ip: string; headers: Record<string, string> }

let markets: MarketInfo[] = []
let prefixes: string[] = []

const prefixOf = (m: Pick<Market, 'key'>) => (m.key === DEFAULT_MARKET.key ? '' : `/${m.key}`)
const inMarket = (prefix: string, path: string) => (!prefix ? path : path === '/' ? prefix : `${prefix}${path}`)
/** The market a same-site path belongs to ('' for the default one). */
function marketOfPath(path: string): string {
  return prefixes.find((p) => path === p || path.startsWith(`${p}/`)) ?? ''
}
/** The path without its market prefix: `/ca-on/brands/x` → `/brands/x`. */
function restOf(path: string): string {
  const p = marketOfPath(path)
  return p ? path.slice(p.length) || '/' : path
}
function pageType(path: string): PageType {
  const rest = restOf(path)
  if (rest === '/') return 'home'
  if (/^\/article\/[^/]+$/.test(rest)) return 'article'
  if (/^\/brands(\/page\/\d+)?\/?$/.test(rest)) return 'directory'
  if (/^\/brands\/[^/]+$/.test(rest)) return 'brand'
  if (/^\/articles(\/page\/\d+)?\/?$/.test(rest)) return 'archive'
  if (/^\/tag\//.test(rest)) return 'tag'
  if (/^\/author\//.test(rest)) return 'author'
  if (/^\/info\//.test(rest)) return 'info'
  if (/^\/search\/?$/.test(rest)) return 'search'
  return 'other'
}
/** Addresses that are not pages of a market: tracked outbound links, the API, files. */
const NOT_A_PAGE = /^\/(go|api|assets|uploads|media|demo)\/|\.(png|jpe?g|gif|svg|webp|avif|ico|css|js|mjs|woff2?|ttf|txt|json|webmanifest)$/i
const isGo = (path: string) => path.startsWith('/go/')

// ---------- findings ----------

/** `evidence` says what is wrong (the same on every page it is found on); `detail`, where (a snippet of the page) */
type Finding = { category: Category; market: string; url: string; country: string; evidence: string; detail?: string }
const findings: Finding[] = []
const notes: string[] = [] // what the crawl could not cover (not failures)
function report(category: Category, v: { market: MarketInfo; country: string }, url: string, evidence: string, detail?: string) {
  findings.push({ category, market: v.market.key, url: shortUrl(url), country: v.country, evidence: evidence.replace(/\s+/g, ' ').trim(), ...(detail ? { detail } : {}) })
}
const shortUrl = (u: string) => (u.startsWith(ORIGIN) ? u.slice(ORIGIN.length) || '/' : u)

/**
 * Findings still open, one per line (category, market, evidence, tab-separated): e2e/market-crawl.known.txt.
 * The crawl fails on any finding not listed there, so nothing gets worse while issue 34's remaining
 * findings (amounts in the offer's own currency without a per-market variant, English UI in /de, …) are
 * fixed; a listed finding that no longer occurs is printed so the list only shrinks.
 * CRAWL_WRITE_KNOWN=1 rewrites the file from a full run; CRAWL_STRICT=1 ignores it (every finding fails).
 */
const KNOWN_FILE = join(ROOT, 'e2e/market-crawl.known.txt')
const known = new Set(process.env.CRAWL_STRICT ? [] : readFileSync(KNOWN_FILE, 'utf8').split('\n').filter((l) => l.trim() && !l.startsWith('#')))
const keyOf = (f: Pick<Finding, 'category' | 'market' | 'evidence'>) => `${f.category}\t${f.market}\t${f.evidence}`

/** One line per distinct (market, evidence): the first page, how many more, and the visitors' countries. */
function grouped(category: Category, include: (f: Finding) => boolean = () => true): string[] {
  const groups = new Map<string, { f: Finding; urls: Set<string>; countries: Set<string> }>()
  for (const f of findings.filter((x) => x.category === category && include(x))) {
    const key = `${f.market}\u0000${f.evidence}`
    const g = groups.get(key) ?? { f, urls: new Set(), countries: new Set() }
    g.urls.add(f.url)
    g.countries.add(f.country)
    groups.set(key, g)
  }
  return [...groups.values()].map(({ f, urls, countries }) => {
    const more = urls.size > 1 ? ` (+${urls.size - 1} more pages)` : ''
    return `[${f.market}] ${f.url}${more} · ${[...countries].join(',')} · ${f.evidence}${f.detail ? `: ${f.detail}` : ''}`
  })
}

// ---------- HTTP as a visitor ----------

type Answer = { status: number; finalUrl: string; body: string }
const answers = new Map<string, Promise<Answer>>()
let inFlight = 0
const waiting: (() => void)[] = []
async function slot<T>(work: () => Promise<T>): Promise<T> {
  if (inFlight >= HTTP_CONCURRENCY) await new Promise<void>((r) => waiting.push(r))
  inFlight++
  try {
    return await work()
  } finally {
    inFlight--
    waiting.shift()?.()
  }
}
/** GET as the visitor (cached per country); /go/ links are not followed to the operator's site. */
function get(url: string, v: Pick<Visitor, 'country' | 'headers'>): Promise<Answer> {
  const u = url.split('#')[0]!
  const manual = isGo(new URL(u).pathname)
  const key = `${v.country}|${u}`
  let a = answers.get(key)
  if (!a) {
    a = slot(async () => {
      try {
        const res = await fetch(u, { headers: v.headers, redirect: manual ? 'manual' : 'follow' })
        const type = res.headers.get('content-type') ?? ''
        const body = /html|xml/.test(type) ? await res.text() : (await res.arrayBuffer(), '')
        return { status: res.status, finalUrl: res.url || u, body }
      } catch (e) {
        return { status: 0, finalUrl: u, body: String(e) }
      }
    })
    answers.set(key, a)
  }
  return a
}

function headersFor(country: string, ip: string): Record<string, string> {
  return { 'cf-ipcountry': country, 'x-forwarded-for': ip, 'user-agent': PERSON_UA, accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' }
}

/** `<link rel="alternate" hreflang>` of an HTML document, as absolute URLs. */
function alternatesIn(html: string, base: string): { hreflang: string; href: string }[] {
  const out: { hreflang: string; href: string }[] = []
  for (const tag of html.match(/<link\b[^>]*>/gi) ?? []) {
    const attrs = Object.fromEntries([...tag.matchAll(/([\w:-]+)\s*=\s*"([^"]*)"/g)].map((m) => [m[1]!.toLowerCase(), m[2]!.replace(/&amp;/g, '&')]))
    if (attrs.rel?.split(/\s+/).includes('alternate') && attrs.hreflang && attrs.href) out.push({ hreflang: attrs.hreflang, href: new URL(attrs.href, base).href })
  }
  return out
}
const samePage = (a: string, b: string) => {
  const x = new URL(a)
  const y = new URL(b)
  const norm = (p: string) => (p.length > 1 ? p.replace(/\/$/, '') : p)
  return x.origin === y.origin && norm(x.pathname) === norm(y.pathname) && x.search === y.search
}

// ---------- what a page shows (run in the browser) ----------

type LinkFact = { href: string; text: string; where: string; inMain: boolean; switchMarked: boolean; unmarkedSwitch: string }
type TextFact = { kind: 'offer' | 'editorial' | 'page'; where: string; text: string }
type OfferFact = { where: string; brand: string; ages: string[]; hasTerms: boolean; text: string }
type PageFacts = {
  lang: string
  canonical: string | null
  alternates: { hreflang: string; href: string }[]
  feeds: string[]
  links: LinkFact[]
  ctas: { text: string; where: string }[]
  codes: string[]
  jsonld: string[]
  offers: OfferFact[]
  /** visible text, offers first, then articles, then each landmark */
  texts: TextFact[]
  /** the same, without offers and elements marked `data-offer-currency` (category 4) */
  textsForCurrency: TextFact[]
  /** each offer, and each marked element outside offers, with the currencies it says it is in (category 4) */
  currencyZones: { where: string; text: string; declared: string[] }[]
  /** visible text outside elements whose lang is another language than the page's (category 8) */
  textInPageLanguage: string
}

/**
 * Reads a rendered page. Self-contained: Playwright sends it to the browser as source. Elements are
 * hidden (display: none) to split the visible text into offers, articles and the rest, then shown again.
 */
function readPage(): PageFacts {
  const visible = (e: Element) => (e as HTMLElement).checkVisibility?.({ checkOpacity: true, checkVisibilityCSS: true }) ?? true
  const clean = (s: string | null | undefined) => (s ?? '').replace(/\s+/g, ' ').trim()
  /** Where an element is, for a finding's evidence: its nearest test id, named nav, known block or landmark. */
  const where = (el: Element): string => {
    const known = ['article-body', 'summary', 'article-tags', 'article-meta', 'byline', 'breadcrumbs', 'footer-grid', 'topbar-nav', 'search-results', 'search-tags', 'search-brands', 'geo-alternatives', 'related', 'top-offers', 'offer-details', 'promo-table', 'hero', 'author-bio', 'pagination', 'translation-links', 'market-suggestion', 'chips']
    for (let e: Element | null = el; e && e !== document.body; e = e.parentElement) {
      const id = e.getAttribute('data-testid')
      if (id) return `[data-testid=${id}]`
      if (e.tagName === 'NAV' && e.getAttribute('aria-label')) return `nav "${e.getAttribute('aria-label')}"`
      if (e.getAttribute('role') === 'region' && e.getAttribute('aria-label')) return `region "${e.getAttribute('aria-label')}"`
      const cls = known.find((k) => e!.classList.contains(k))
      if (cls) return `.${cls}`
      if (['HEADER', 'FOOTER', 'ASIDE', 'MAIN', 'ARTICLE'].includes(e.tagName)) return e.tagName.toLowerCase()
    }
    return 'body'
  }
  const hidden: [HTMLElement, string][] = []
  const hide = (els: Iterable<Element>) => {
    for (const e of els) {
      const h = e as HTMLElement
      hidden.push([h, h.style.display])
      h.style.setProperty('display', 'none', 'important')
    }
  }
  const showAll = () => {
    while (hidden.length) {
      const [h, d] = hidden.pop()!
      h.style.display = d
    }
  }
  const outermost = (els: Element[]) => els.filter((e) => !els.some((o) => o !== e && o.contains(e)))

  const links: LinkFact[] = [...document.querySelectorAll('a[href]')].map((a) => {
    const switchEl = a.closest('[data-testid=translation-links], [data-testid=market-suggestion]')
    return {
      href: (a as HTMLAnchorElement).href,
      text: clean((a as HTMLElement).innerText || a.getAttribute('aria-label') || a.textContent).slice(0, 60),
      where: where(a),
      inMain: !!a.closest('main'),
      switchMarked: !!a.closest('[data-market-switch]'),
      unmarkedSwitch: switchEl ? (switchEl.getAttribute('data-testid') ?? '') : '',
    }
  })
  const codes = [...document.querySelectorAll('.bonus-code')].filter(visible).map((e) => clean((e as HTMLElement).innerText))

  // offers: the known placements, and whatever surrounds a tracked /go/ link outside them
  const LISTED = '[data-testid=offer-card], [data-testid=offer-row], [data-testid=article-offer], [data-testid=comparison-row], [data-testid=comparison-card], .geo-alternatives li'
  const SINGLE = '[data-testid=deal-box], [data-testid=mobile-deal-bar], #offer-details, .top-offers, .promo-table'
  const containers: { el: Element; scope: Element }[] = []
  for (const el of document.querySelectorAll(LISTED)) {
    // an alternatives line is an offer only when it shows more than the brand's name
    if (el.matches('.geo-alternatives li') && clean((el as HTMLElement).innerText) === clean(el.querySelector('a')?.textContent)) continue
    containers.push({ el, scope: el })
  }
  for (const el of document.querySelectorAll(SINGLE)) containers.push({ el, scope: el.closest('.card, section') ?? el })
  const goLinks = [...document.querySelectorAll('a[href]')].filter((a) => {
    const u = new URL((a as HTMLAnchorElement).href)
    return u.origin === location.origin && u.pathname.startsWith('/go/')
  })
  const countGo = (e: Element) => goLinks.filter((g) => e.contains(g)).length
  for (const g of goLinks) {
    if (containers.some((c) => c.el.contains(g))) continue
    let c: Element = g
    while (c.parentElement && c.parentElement !== document.body && countGo(c.parentElement) === 1) c = c.parentElement
    if (!containers.some((x) => x.el === c)) containers.push({ el: c, scope: c })
  }
  const shownOffers = containers.filter((c) => visible(c.el))
  // calls to action: the tracked and sponsored links, and the buttons of an offer
  const ctas = [...document.querySelectorAll('a[href*="/go/"], a[rel~="sponsored"], a.btn, button')]
    .filter((e) => visible(e) && (e.matches('a[href*="/go/"], a[rel~="sponsored"]') || shownOffers.some((c) => c.el.contains(e))))
    .map((e) => ({ text: clean((e as HTMLElement).innerText || e.getAttribute('aria-label')), where: where(e) }))
    .filter((c) => c.text)
  const offers: OfferFact[] = shownOffers.map(({ el, scope }) => {
    const go = goLinks.find((g) => el.contains(g))
    const brand =
      el.getAttribute('data-brand') ||
      clean(el.querySelector('strong, .article-offer-name, .compare-brand a, a')?.textContent) ||
      (go ? new URL((go as HTMLAnchorElement).href).pathname.split('/')[2] : '') ||
      clean(document.querySelector('main h1')?.textContent)
    const badges = [...scope.querySelectorAll('.age-badge')].filter(visible).map((b) => clean(b.textContent))
    const termsText = [...scope.querySelectorAll('[data-testid=offer-terms]')].filter(visible).map((t) => clean((t as HTMLElement).innerText)).join(' ')
    const text = clean((scope as HTMLElement).innerText)
    const ages = badges.length ? badges : [...text.matchAll(/\b(1[89]|2[01])\s?\+/g)].map((m) => `${m[1]}+`)
    const hasTerms = termsText.replace(/\b(1[89]|2[01])\+/, '').trim().length > 0 || /T&Cs|terms (and conditions )?apply|significant terms/i.test(text)
    return { where: where(el) === 'body' ? el.tagName.toLowerCase() : where(el), brand: brand || '?', ages, hasTerms, text: clean((el as HTMLElement).innerText).slice(0, 200) }
  })

  const partition = (extraHidden: string | null): TextFact[] => {
    if (extraHidden) hide(document.querySelectorAll(extraHidden))
    const out: TextFact[] = []
    const offerEls = outermost(shownOffers.map((c) => c.el))
    for (const el of offerEls) out.push({ kind: 'offer', where: where(el), text: (el as HTMLElement).innerText })
    hide(offerEls)
    const editorial = outermost([...document.querySelectorAll('article.article, [data-testid=article-card], [data-testid=recommended-card], [data-testid=featured], [data-testid=search-result]')]).filter(visible)
    for (const el of editorial) out.push({ kind: 'editorial', where: el.matches('article.article') ? 'article body' : where(el), text: (el as HTMLElement).innerText })
    hide(editorial)
    const landmarks = outermost([...document.querySelectorAll('header, main, footer, aside, [role=region], [role=dialog]')]).filter(visible)
    for (const el of landmarks) out.push({ kind: 'page', where: where(el), text: (el as HTMLElement).innerText })
    hide(landmarks)
    out.push({ kind: 'page', where: 'body', text: document.body.innerText })
    showAll()
    return out.filter((t) => t.text.trim())
  }
  const texts = partition(null)
  // an offer is in the currencies its own marks name (its terms line's), a SINGLE one's in its card's
  const declaredIn = (e: Element) => [...new Set([...(e.matches('[data-offer-currency]') ? [e] : []), ...e.querySelectorAll('[data-offer-currency]')].map((x) => x.getAttribute('data-offer-currency') ?? ''))].filter(Boolean)
  const currencyZones = [
    ...shownOffers.map(({ el, scope }) => ({ where: `offer ${where(el)}`, text: (el as HTMLElement).innerText, declared: declaredIn(el).length ? declaredIn(el) : declaredIn(scope) })),
    ...[...document.querySelectorAll('[data-offer-currency]')]
      .filter((e) => visible(e) && !shownOffers.some((c) => c.el.contains(e)))
      .map((e) => ({ where: `marked ${where(e)}`, text: (e as HTMLElement).innerText, declared: declaredIn(e) })),
  ].filter((z) => z.text.trim())
  const textsForCurrency = partition('[data-offer-currency]').filter((t) => t.kind !== 'offer')
  const pageLang = (document.documentElement.lang || 'en').toLowerCase().split('-')[0]!
  hide([...document.querySelectorAll('body [lang]')].filter((e) => (e.getAttribute('lang') ?? '').toLowerCase().split('-')[0] !== pageLang))
  const textInPageLanguage = document.body.innerText
  showAll()

  return {
    lang: document.documentElement.lang,
    canonical: document.querySelector('link[rel=canonical]')?.getAttribute('href') ?? null,
    alternates: [...document.querySelectorAll('link[rel~=alternate][hreflang]')].map((l) => ({ hreflang: l.getAttribute('hreflang') ?? '', href: (l as HTMLLinkElement).href })),
    feeds: [...document.querySelectorAll('link[rel~=alternate][type="application/rss+xml"], link[rel~=alternate][type="application/atom+xml"]')].map((l) => (l as HTMLLinkElement).href),
    links,
    ctas,
    codes,
    jsonld: [...document.querySelectorAll('script[type="application/ld+json"]')].map((s) => s.textContent ?? ''),
    offers,
    texts,
    textsForCurrency,
    currencyZones,
    textInPageLanguage,
  }
}

// ---------- the crawl ----------

const pathsSeen = new Set<string>()

type Crawled = { visitor: Visitor; url: string; type: PageType; status: number; facts: PageFacts }
const crawled: Crawled[] = []
let browser: Browser
const started = Date.now()

async function newVisitorContext(v: Visitor): Promise<BrowserContext> {
  const context = await browser.newContext({ userAgent: PERSON_UA, viewport: { width: 1280, height: 900 }, extraHTTPHeaders: { 'cf-ipcountry': v.country, 'x-forwarded-for': v.ip } })
  await fakeGoogle(context)
  // the text is what matters here: no images, fonts or media (faster on a shared 2-core machine)
  await context.route(
    (url) => url.origin === ORIGIN,
    (route) => (['image', 'font', 'media'].includes(route.request().resourceType()) ? route.abort() : route.fallback()),
  )
  return context
}

/** Visits one page in the tab; on a home page also asks for more articles, as a reader scrolling would. */
async function visit(page: Page, v: Visitor, url: string, type: PageType): Promise<Crawled | null> {
  let status = 0
  try {
    const res = await page.goto(url, { waitUntil: 'load', timeout: 30_000 })
    status = res?.status() ?? 0
    if (type === 'home') {
      await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => {})
      const more = page.getByRole('button', { name: /show more|mehr anzeigen|weitere/i }).first()
      if (await more.isVisible().catch(() => false)) {
        await more.click().catch(() => {})
        await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => {})
      }
    }
    const facts = await page.evaluate(readPage)
    const c: Crawled = { visitor: v, url, type, status, facts }
    crawled.push(c)
    return c
  } catch (e) {
    notes.push(`[${v.market.key}] ${shortUrl(url)} · ${v.country} · could not be read: ${String(e).split('\n')[0]}`)
    return null
  }
}

/**
 * The top bar's search suggestions as the visitor meets them: type, then choose each suggestion and see
 * where the browser goes (the navigation is answered 204, so the page stays). Whatever carries the market
 * (the API call, the href, the navigation), this sees the address a visitor lands on.
 */
async function suggestionTargets(page: Page, v: Visitor, home: Crawled) {
  const box = page.locator('input[role=combobox]').first()
  if (!(await box.count())) return void notes.push(`[${v.market.key}] no search box with suggestions on ${shortUrl(home.url)}`)
  const options = page.locator(`[role=listbox] [role=option]`)
  const targets: string[] = []
  let navigated: string | null = null
  await page.route('**/*', (route) => {
    const req = route.request()
    if (req.isNavigationRequest() && req.frame() === page.mainFrame()) {
      navigated = req.url()
      return route.fulfill({ status: 204, body: '' })
    }
    return route.fallback()
  })
  try {
    const ask = async () => {
      for (let attempt = 0; attempt < 2; attempt++) {
        await box.fill('')
        await box.pressSequentially(SUGGEST_QUERY, { delay: 20 })
        if (await options.first().waitFor({ state: 'visible', timeout: 3_000 }).then(() => true, () => false)) return options.count()
      }
      return 0
    }
    const n = await ask()
    if (!n) notes.push(`[${v.market.key}] ${v.country}: no suggestions for "${SUGGEST_QUERY}"`)
    for (let i = 0; i < n; i++) {
      if (i > 0 && (await ask()) <= i) break
      navigated = null
      await options.nth(i).dispatchEvent('mousedown')
      for (let t = 0; t < 40 && !navigated; t++) await page.waitForTimeout(50)
      if (navigated) targets.push(navigated)
    }
  } finally {
    await page.unroute('**/*')
  }
  for (const href of targets) home.facts.links.push({ href, text: `suggestion for "${SUGGEST_QUERY}"`, where: 'search suggestion', inMain: false, switchMarked: false, unmarkedSwitch: '' })
}

/** One visitor's breadth-first walk through one market, at most CAPS[type] pages of each kind. */
async function crawlAs(v: Visitor) {
  const { prefix } = v.market
  const context = await newVisitorContext(v)
  const page = await context.newPage()
  const counts = new Map<PageType, number>()
  const seen = new Set<string>()
  const queue: { url: string; type: PageType }[] = [
    { url: ORIGIN + inMarket(prefix, '/'), type: 'home' },
    ...SEARCHES.map((q) => ({ url: `${ORIGIN}${inMarket(prefix, '/search')}?q=${encodeURIComponent(q)}`, type: 'search' as const })),
    { url: ORIGIN + inMarket(prefix, NOT_FOUND_PATH), type: 'notfound' },
  ]
  const leftMarket: string[] = [] // same-site paths outside the market: used to reach kinds no in-market link leads to
  const take = async (url: string, type: PageType) => {
    if (seen.has(url) || (counts.get(type) ?? 0) >= CAPS[type]) return
    seen.add(url)
    counts.set(type, (counts.get(type) ?? 0) + 1)
    const c = await visit(page, v, url, type)
    if (!c) return
    if (type === 'home') await suggestionTargets(page, v, c)
    // the page's own links first (the menu and footer are the same on every page)
    for (const l of [...c.facts.links.filter((l) => l.inMain), ...c.facts.links.filter((l) => !l.inMain)]) {
      const u = new URL(l.href)
      if (u.origin !== ORIGIN || NOT_A_PAGE.test(u.pathname)) continue
      const clean = u.origin + u.pathname + u.search
      pathsSeen.add(u.pathname)
      if (marketOfPath(u.pathname) !== prefix) leftMarket.push(u.pathname)
      else if (!seen.has(clean)) queue.push({ url: clean, type: pageType(u.pathname) })
    }
  }
  while (queue.length) {
    const next = queue.shift()!
    await take(next.url, next.type)
  }
  // every kind of page is covered: where no link inside the market leads to one (they all leave it), the
  // same page under the market's prefix
  for (const type of ['article', 'brand', 'directory', 'archive', 'tag', 'author', 'info'] as PageType[]) {
    if (counts.get(type)) continue
    // paths this visitor saw leave the market first, then any seen so far in another market
    for (const path of new Set([...leftMarket, ...pathsSeen])) {
      if (pageType(path) !== type || (counts.get(type) ?? 0) >= CAPS[type]) continue
      const url = ORIGIN + inMarket(prefix, restOf(path))
      if ((await get(url, v)).status === 200) await take(url, type)
    }
    if (!counts.get(type)) notes.push(`[${v.market.key}] ${v.country}: no ${type} page reached`)
  }
  await context.close()
}

// ---------- category checks: each reads what the crawl saw and reports ----------

const inPageMarket = (c: Crawled, path: string) => marketOfPath(path) === c.visitor.market.prefix

/** 1. A same-site link on a market's page goes to a page of another market. */
function checkLinksStayInMarket(c: Crawled) {
  for (const l of c.facts.links) {
    const u = new URL(l.href)
    if (u.origin !== ORIGIN || NOT_A_PAGE.test(u.pathname) || l.switchMarked || inPageMarket(c, u.pathname)) continue
    const sw = l.unmarkedSwitch ? ` [unmarked switch control: ${l.unmarkedSwitch}]` : ''
    report('leaves-market', c.visitor, c.url, `link "${l.text}" in ${l.where} → ${shortUrl(u.href)}${sw}`)
  }
  for (const f of c.facts.feeds) {
    const u = new URL(f)
    if (u.origin === ORIGIN && !inPageMarket(c, u.pathname)) report('leaves-market', c.visitor, c.url, `feed advertised in <head> → ${shortUrl(f)}`)
  }
}

/** 2. A same-site link answers an error (as the same visitor). */
async function checkLinksAnswer(c: Crawled) {
  const links = [...c.facts.links.map((l) => ({ href: l.href, label: `link "${l.text}" in ${l.where}` })), ...c.facts.feeds.map((f) => ({ href: f, label: 'feed in <head>' }))]
  await Promise.all(
    links.map(async ({ href, label }) => {
      const u = new URL(href)
      if (u.origin !== ORIGIN || (u.pathname === new URL(c.url).pathname && u.hash)) return
      const a = await get(href, c.visitor)
      if (a.status >= 400 || a.status === 0) report('broken-link', c.visitor, c.url, `${label} → ${shortUrl(href)} answers ${a.status || 'nothing'}`)
    }),
  )
}

// Ontario-style rules (a market whose rules bar bonuses): concrete inducements anywhere, bonus vocabulary in offers and on brand pages
const BONUS_CODES = [...readFileSync(join(ROOT, 'server/demo/brands.ts'), 'utf8').matchAll(/bonusCode:\s*'([^']+)'/g)].map((m) => m[1]!)
const MONEY = String.raw`(?:[£€$₿]|C\$|CA\$|US\$)\s?\d[\d,.]*|\d[\d,.]*\s?(?:[£€]|GBP|EUR|USD|CAD|USDT|USDC|BTC|ETH)\b`
const INDUCEMENTS: { what: string; re: RegExp }[] = [
  { what: 'bonus amount', re: /\b\d+\s?%\s?(?:[\w-]+\s){0,2}?(?:match|bonus|up to|reload|cash-?back|rakeback)\b/gi },
  // "up to 500", "up to £500", "up to 1 BTC"; not "up to 24 hours"
  { what: 'bonus amount', re: new RegExp(String.raw`\bup to\s+(?:${MONEY}|\d[\d,.]*(?!\d|[,.]\d|\s*(?:hours?|h\b|days?|weeks?|months?|minutes?|mins?|seconds?|working|business|%)))`, 'gi') },
  { what: 'bonus amount', re: /\b\d+\s+(?:(?:wager-free|free|bonus|extra)\s+)?spins\b/gi },
  { what: 'bonus amount', re: /\bbet\s+\S{0,4}\d+\S*\s*(?:and\s+)?get\s+\S{0,4}\d+/gi },
  { what: 'bonus amount', re: new RegExp(String.raw`\b\d+\s?×\s?(?:${MONEY})\s+free bets?`, 'gi') },
  { what: 'bonus amount', re: /\bfirst bet back\b/gi },
  // "35x", "35×", "x35", "35-fach"; not "3 × £10" (a count of free bets, reported above)
  { what: 'wagering requirement', re: /(?<![\w.])\d{1,3}\s?[x×](?![\w]|\s?[£€$\d])|(?<![\w])[x×]\s?\d{1,3}\b|\b\d{1,3}-fach\b/gi },
]
const BONUS_WORDS: { what: string; re: RegExp }[] = [
  { what: 'wagering', re: /\bwager(?:ing|-free)\b/gi },
  { what: 'bonus wording', re: /\b(?:welcome (?:bonus|offer|package)|free spins|free bets?|bonus bets?|no[- ]deposit|deposit match|cash-?back|rakeback)\b/gi },
]
const CTA_ABOUT_BONUS = /bonus|\bspins?\b|free bets?/i

function snippets(text: string, re: RegExp): string[] {
  const flat = text.replace(/\s+/g, ' ')
  return [...flat.matchAll(re)].map((m) => {
    const from = Math.max(0, m.index! - 30)
    return `“${m[0]}” in “${flat.slice(from, m.index! + m[0].length + 30).trim()}”`
  })
}
/** The string values of every JSON-LD block, one text. */
function jsonLdText(blocks: string[]): string {
  const out: string[] = []
  const walk = (x: unknown) => {
    if (typeof x === 'string') out.push(x)
    else if (Array.isArray(x)) x.forEach(walk)
    else if (x && typeof x === 'object') Object.values(x).forEach(walk)
  }
  for (const b of blocks) {
    try {
      walk(JSON.parse(b))
    } catch {}
  }
  return out.join(' | ')
}

/** 3. Where a market bars bonuses (or needs an age above 18): no inducement, no lower age mark. */
function checkInducements(c: Crawled) {
  const m = c.visitor.market
  const barsBonuses = !m.rules.showBonuses
  const lowerAges = [...new Set([18, 19, 20, 21].filter((a) => a < m.minimumAge))]
  if (!barsBonuses && !lowerAges.length) return
  const ageRe = lowerAges.length ? new RegExp(String.raw`\b(?:${lowerAges.join('|')})\s?\+|\b(?:over|aged) (?:${lowerAges.join('|')})\b`, 'g') : null
  const jsonld = jsonLdText(c.facts.jsonld)
  const sources = [...c.facts.texts.map((t) => ({ label: `${t.kind === 'page' ? '' : `${t.kind} `}${t.where}`, kind: t.kind, text: t.text })), { label: 'JSON-LD', kind: 'jsonld' as const, text: jsonld }]
  for (const s of sources) {
    if (ageRe) for (const e of snippets(s.text, ageRe)) report('inducement', c.visitor, c.url, `age mark under ${m.minimumAge}+ (${s.label}): ${e}`)
    if (!barsBonuses) continue
    for (const { what, re } of INDUCEMENTS) for (const e of snippets(s.text, re)) report('inducement', c.visitor, c.url, `${what} (${s.label}): ${e}`)
    for (const code of BONUS_CODES) for (const e of snippets(s.text, new RegExp(String.raw`\b${code}\b`, 'g'))) report('inducement', c.visitor, c.url, `bonus code (${s.label}): ${e}`)
    // bonus vocabulary: in offers and on brand pages (and their JSON-LD), not in guides that explain it
    if (s.kind === 'offer' || c.type === 'brand') for (const { what, re } of BONUS_WORDS) for (const e of snippets(s.text, re)) report('inducement', c.visitor, c.url, `${what} (${s.label}): ${e}`)
  }
  if (!barsBonuses) return
  for (const code of c.facts.codes) report('inducement', c.visitor, c.url, `bonus code box shows “${code}”`)
  for (const cta of c.facts.ctas) if (CTA_ABOUT_BONUS.test(cta.text)) report('inducement', c.visitor, c.url, `call to action about a bonus in ${cta.where}: “${cta.text}”`)
}

const CURRENCY_OF: { re: RegExp; code: (m: string, market: MarketInfo) => string }[] = [
  { re: /(?:C\$|CA\$)\s?\d[\d,.]*/g, code: () => 'CAD' },
  { re: /US\$\s?\d[\d,.]*/g, code: () => 'USD' },
  // a bare $ is the dollar of a dollar market (CAD in Ontario), else the US dollar
  { re: /(?<![A-Z])\$\s?\d[\d,.]*/g, code: (_, m) => (['CAD', 'USD', 'AUD', 'NZD'].includes(m.currency) ? m.currency : 'USD') },
  { re: /£\s?\d[\d,.]*|\d[\d,.]*\s?£|\b\d{1,3}p (?:each|per|a spin|stake)\b/g, code: () => 'GBP' },
  { re: /€\s?\d[\d,.]*|\d[\d,.]*\s?€/g, code: () => 'EUR' },
  { re: /₿\s?\d[\d,.]*/g, code: () => 'BTC' },
  { re: /\b\d[\d,.]*\s?(GBP|EUR|USD|CAD|AUD|USDT|USDC|BTC|mBTC|ETH)\b|\b(GBP|EUR|USD|CAD|AUD|USDT|USDC|BTC|ETH)\s?\d[\d,.]*/g, code: (m) => /[A-Za-z]+/.exec(m)![0].replace(/^mBTC$/, 'BTC') },
]

/** 4. An amount in a currency that is not the market's, unless it is the offer's own and labelled. */
function checkCurrencies(c: Crawled) {
  const m = c.visitor.market
  const amounts = (text: string) => CURRENCY_OF.flatMap(({ re, code }) => snippets(text, re).map((e) => ({ e, cur: code(/“([^”]+)”/.exec(e)![1]!, m) })))
  for (const t of c.facts.textsForCurrency) {
    for (const { e, cur } of amounts(t.text)) if (cur !== m.currency) report('currency', c.visitor, c.url, `${cur} amount in a ${m.currency} market (${t.kind === 'page' ? '' : `${t.kind} `}${t.where}): ${e}`)
  }
  for (const z of c.facts.currencyZones) {
    for (const { e, cur } of amounts(z.text)) {
      if (cur === m.currency) continue
      if (!z.declared.includes(cur)) report('currency', c.visitor, c.url, `${cur} amount in a ${m.currency} market (${z.where}, which says ${z.declared.join('/') || 'no currency'}): ${e}`)
      // the offer's own currency, where it is not the market's, is named in words a reader sees
      else if (!new RegExp(String.raw`\b${cur}\b`).test(z.text)) report('currency', c.visitor, c.url, `${cur} amount in a ${m.currency} market without its currency named (${z.where}): ${e}`)
    }
  }
}

/** 5. Every offer shown carries its terms line and the market's age badge. */
function checkOfferTerms(c: Crawled) {
  const age = `${c.visitor.market.minimumAge}+`
  for (const o of c.facts.offers) {
    // where bonuses are barred, a brand named with "Visit the site for current offers" shows no offer
    if (o.where === '.geo-alternatives' && o.text.endsWith(c.visitor.market.rules.noBonusText)) continue
    const missing = [!o.hasTerms && 'no terms line', !o.ages.length && 'no age mark', o.ages.length && o.ages.some((a) => Number.parseInt(a) < Number.parseInt(age)) && `age mark ${[...new Set(o.ages)].join('/')} under ${age}`].filter(Boolean)
    if (missing.length) report('offer-terms', c.visitor, c.url, `offer “${o.brand}” in ${o.where}: ${missing.join(', ')}`)
  }
}

/** 6. The hreflang graph: self, x-default, reciprocal, 200, and present where the page has copies in other markets. */
async function checkHreflang(c: Crawled) {
  if (c.status !== 200) return
  const self = c.url
  const alts = c.facts.alternates
  const v = c.visitor
  if (alts.length) {
    if (!alts.some((a) => a.hreflang.toLowerCase() !== 'x-default' && samePage(a.href, self))) report('hreflang', v, c.url, `alternates do not name the page itself (${alts.map((a) => `${a.hreflang}=${shortUrl(a.href)}`).join(', ')})`)
    if (!alts.some((a) => a.hreflang.toLowerCase() === 'x-default')) report('hreflang', v, c.url, 'alternates have no x-default')
    await Promise.all(
      alts.map(async (a) => {
        if (samePage(a.href, self)) return
        const ans = await get(a.href, v)
        if (ans.status !== 200) return report('hreflang', v, c.url, `alternate ${a.hreflang} → ${shortUrl(a.href)} answers ${ans.status}`)
        const back = alternatesIn(ans.body, ans.finalUrl)
        if (!back.some((b) => samePage(b.href, self))) report('hreflang', v, c.url, `alternate ${a.hreflang} → ${shortUrl(a.href)} does not name this page back`)
      }),
    )
  }
  if (!HAS_COPIES.has(c.type)) return
  const rest = restOf(new URL(c.url).pathname) + new URL(c.url).search
  const copies: string[] = []
  for (const p of prefixes.concat('')) {
    if (p === v.market.prefix) continue
    const url = ORIGIN + inMarket(p, rest)
    if ((await get(url, v)).status === 200) copies.push(url)
  }
  if (!copies.length) return
  if (!alts.length) report('hreflang', v, c.url, `no hreflang alternates, though the page also exists at ${copies.map(shortUrl).join(', ')}`)
  else for (const copy of copies) if (!alts.some((a) => samePage(a.href, copy))) report('hreflang', v, c.url, `alternates omit the market copy ${shortUrl(copy)}`)
}

/** 7. Same-site URLs in JSON-LD answer 200 and stay in the page's market. */
async function checkJsonLdUrls(c: Crawled) {
  const refs: { type: string; key: string; value: string; publisher: boolean }[] = []
  const walk = (x: unknown, type: string, publisher: boolean) => {
    if (Array.isArray(x)) return x.forEach((y) => walk(y, type, publisher))
    if (!x || typeof x !== 'object') return
    const o = x as Record<string, unknown>
    const t = typeof o['@type'] === 'string' ? (o['@type'] as string) : type
    const org = publisher || t === 'Organization' && String(o['@id'] ?? '').endsWith('#organization')
    for (const [k, val] of Object.entries(o)) {
      if (typeof val === 'string' && ['url', 'item', '@id', 'mainEntityOfPage', 'urlTemplate'].includes(k)) refs.push({ type: t, key: k, value: val, publisher: org })
      else walk(val, k === 'publisher' ? 'Organization' : t, org || k === 'publisher')
    }
  }
  for (const b of c.facts.jsonld) {
    try {
      walk(JSON.parse(b), '', false)
    } catch {
      report('jsonld-url', c.visitor, c.url, `JSON-LD that does not parse: ${b.slice(0, 80)}`)
    }
  }
  await Promise.all(
    refs.map(async (r) => {
      let u: URL
      try {
        u = new URL(r.value.replace(/\{[^}]*\}/g, 'x'), c.url)
      } catch {
        return
      }
      if (u.origin !== ORIGIN) return
      const what = `${r.type || 'node'}.${r.key} = ${shortUrl(r.value)}`
      const asset = NOT_A_PAGE.test(u.pathname)
      if (!asset && !r.publisher && !inPageMarket(c, u.pathname)) report('jsonld-url', c.visitor, c.url, `${what} leaves the market`)
      if (r.key === 'urlTemplate') return
      const a = await get(u.href, c.visitor)
      if (a.status !== 200) report('jsonld-url', c.visitor, c.url, `${what} answers ${a.status}`)
    }),
  )
}

/**
 * The English strings a visitor can see in the public components: JSX text and string literals that are
 * children of JSX (ternaries and templates included), split at separators, plus the labels the public
 * pages take from lib and a curated list. Words German shares with English are left out.
 */
function englishUiStrings(): string[] {
  const found = new Set<string>()
  const add = (s: string) => {
    for (const piece of s.split(/[|·•:]|\s[-–—]\s/)) {
      const t = piece.replace(/\s+/g, ' ').replace(/^[\s,.;!?()+←→“”"'…-]+|[\s,;(“”"'…-]+$/g, '').replace(/^s\s/, '') // "Nova Spins's site on" → "site on"
      const words = t.match(/[A-Za-z]{2,}/g) ?? []
      if (words.length >= 2 ? words.some((w) => w.length >= 4 && w !== 'GameWise') : /^[A-Z][a-z]{3,}[.!]?$/.test(t)) found.add(t)
    }
  }
  const dir = join(ROOT, 'components')
  for (const f of readdirSync(dir).filter((f) => f.endsWith('.tsx') && !f.includes('.test.'))) {
    const sf = ts.createSourceFile(f, readFileSync(join(dir, f), 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX)
    const visit = (n: ts.Node, child: boolean) => {
      if (ts.isJsxText(n)) add(n.text)
      else if (child && (ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n))) add(n.text)
      else if (child && ts.isTemplateExpression(n)) [n.head.text, ...n.templateSpans.map((s) => s.literal.text)].forEach(add)
      // a JSX child expression's strings are shown; an attribute's, a call's arguments and comparisons are not
      const next = ts.isJsxExpression(n) ? !ts.isJsxAttribute(n.parent) : ts.isJsxAttribute(n) || ts.isCallExpression(n) || ts.isBinaryExpression(n) && n.operatorToken.kind !== ts.SyntaxKind.QuestionQuestionToken && n.operatorToken.kind !== ts.SyntaxKind.BarBarToken && n.operatorToken.kind !== ts.SyntaxKind.AmpersandAmpersandToken ? false : child
      ts.forEachChild(n, (k) => visit(k, next))
    }
    visit(sf, false)
  }
  for (const label of Object.values(COMPARE_COLUMNS)) add(label)
  for (const m of readFileSync(join(ROOT, 'lib/brand-facts.ts'), 'utf8').matchAll(/label: '([^']+)'/g)) add(m[1]!)
  ;[TERMS_FALLBACK, DEFAULT_AFFILIATE_DISCLOSURE, DEFAULT_MARKET.rules.noBonusText].forEach(add)
  // the issue's list and other English a public page shows (from lib data, menus and the SSR shell)
  ;['Top offers', 'Play', 'Read More', 'Recommended', 'Read our full review', 'Visit site', 'Claim Bonus', 'Popular articles', 'Page not found', 'Show more', 'Search', 'Review', 'Full T&Cs', 'Related articles', 'All articles', 'All brands', 'Latest guides and news', 'Key facts', 'Verdict', 'Pros', 'Cons', 'Offer details', 'See Offer Details', 'Summary', 'Published', 'Updated', 'Reviewed by', 'Also in', 'Play responsibly', 'Subscribe', 'Email address', 'Accept analytics', 'Reject', 'Cookie policy', 'Stay here', 'Where to get help', 'Need help with gambling?', 'Gambling help', 'Minimum deposit', 'Withdrawal time', 'Payment methods', 'Read Guide', 'Casino and betting brands', 'Previous', 'Next', "What's Hot in Gaming?"].forEach(add)
  const SHARED = new Set(['This', 'That', 'With', 'From', 'Your', 'Here', 'Code', 'Tags', 'Bonus', 'Casino', 'Slots', 'Poker', 'Online', 'Start', 'Name', 'Info', 'Status', 'Sport', 'Live', 'Cookie', 'Cookies', 'Login', 'Details', 'Esports', 'Author'])
  return [...found].filter((s) => !SHARED.has(s.replace(/[.!]$/, ''))).sort((a, b) => b.length - a.length)
}
let ENGLISH_UI: { s: string; re: RegExp }[] = []

/** 8. A page of a market in another language shows English UI strings. */
function checkEnglishUi(c: Crawled) {
  const lang = c.visitor.market.language.toLowerCase()
  if (lang.startsWith('en')) return
  let text = c.facts.textInPageLanguage.replace(/\s+/g, ' ')
  for (const { s, re } of ENGLISH_UI) {
    const hits = snippets(text, re)
    if (!hits.length) continue
    report('english-ui', c.visitor, c.url, `English “${s}”`, hits[0])
    text = text.replace(re, ' ') // a longer string found is not reported again as its shorter parts
  }
}

/** 1 and 2 for what is not a page: each market's sitemaps list only its pages, each answering; its advertised feed too. */
async function checkSitemapsAndFeeds() {
  for (const m of markets) {
    const country = m.countries.map((c) => c.slice(0, 2)).find((c) => COUNTRIES.includes(c)) ?? COUNTRIES[0]!
    const v: Visitor = { market: m, country, ip: '192.0.2.250', headers: headersFor(country, '192.0.2.250') }
    const index = await get(`${ORIGIN}/sitemap.xml`, v)
    const locs = (xml: string) => [...xml.matchAll(/<loc>\s*([^<\s]+)\s*<\/loc>/g)].map((x) => x[1]!.replace(/&amp;/g, '&'))
    const mine = locs(index.body).filter((s) => marketOfPath(new URL(s).pathname) === m.prefix)
    if (!mine.length) report('leaves-market', v, '/sitemap.xml', `the sitemap index lists no sitemap under ${m.prefix || '/'} for ${m.name}`)
    for (const sm of mine) {
      const a = await get(sm, v)
      if (a.status !== 200) {
        report('broken-link', v, '/sitemap.xml', `sitemap ${shortUrl(sm)} answers ${a.status}`)
        continue
      }
      const urls = locs(a.body)
      await Promise.all(
        urls.map(async (u) => {
          const p = new URL(u).pathname
          if (marketOfPath(p) !== m.prefix) report('leaves-market', v, sm, `sitemap lists ${shortUrl(u)}`)
          const s = (await get(u, v)).status
          if (s !== 200) report('broken-link', v, sm, `sitemap lists ${shortUrl(u)}, which answers ${s}`)
        }),
      )
    }
    // the feed the market's home page advertises, and its items
    const home = crawled.find((c) => c.visitor.market.key === m.key && c.type === 'home')
    for (const feed of home?.facts.feeds ?? []) {
      const a = await get(feed, v)
      if (a.status !== 200) continue // reported by category 2 from the page
      const items = [...a.body.matchAll(/<link>\s*([^<\s]+)\s*<\/link>/g)].map((x) => x[1]!.replace(/&amp;/g, '&')).filter((u) => u.startsWith(ORIGIN))
      await Promise.all(
        items.map(async (u) => {
          if (marketOfPath(new URL(u).pathname) !== m.prefix) report('leaves-market', v, feed, `feed item → ${shortUrl(u)}`)
          const s = (await get(u, v)).status
          if (s !== 200) report('broken-link', v, feed, `feed item → ${shortUrl(u)} answers ${s}`)
        }),
      )
    }
    if (!home?.facts.feeds.length) notes.push(`[${m.key}] its home page advertises no feed`)
  }
}

// ---------- run ----------

beforeAll(async () => {
  const listed = ((await (await fetch(`${ORIGIN}/api/markets`)).json()) as { markets: Market[] }).markets
  markets = [DEFAULT_MARKET, ...listed]
    .map((m) => ({ key: m.key, name: m.name, language: m.language, currency: m.currency, minimumAge: m.minimumAge, rules: m.rules, countries: m.countries, prefix: prefixOf(m) }))
    .filter((m) => !ONLY_MARKETS?.length || ONLY_MARKETS.includes(m.key))
  prefixes = listed.map(prefixOf)
  ENGLISH_UI = englishUiStrings().map((s) => ({ s, re: new RegExp(String.raw`(?<![\p{L}\p{N}])${s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\p{L}\p{N}])`, 'gu') }))

  browser = await launchBrowser()
  let n = 0
  for (const market of markets) {
    for (const country of COUNTRIES) {
      const ip = `192.0.2.${10 + n++}` // TEST-NET-1: never an address another suite visits from (a visitor's views count once a day)
      await crawlAs({ market, country, ip, headers: headersFor(country, ip) })
    }
  }
  await browser.close()
  const crawlSeconds = Math.round((Date.now() - started) / 1000)

  for (const c of crawled) {
    if (wanted('leaves-market')) checkLinksStayInMarket(c)
    if (wanted('inducement')) checkInducements(c)
    if (wanted('currency')) checkCurrencies(c)
    if (wanted('offer-terms')) checkOfferTerms(c)
    if (wanted('english-ui')) checkEnglishUi(c)
  }
  for (const c of crawled) {
    if (wanted('broken-link')) await checkLinksAnswer(c)
    if (wanted('hreflang')) await checkHreflang(c)
    if (wanted('jsonld-url')) await checkJsonLdUrls(c)
  }
  if (wanted('leaves-market') || wanted('broken-link')) await checkSitemapsAndFeeds()

  const byType = new Map<string, number>()
  for (const c of crawled) byType.set(c.type, (byType.get(c.type) ?? 0) + 1)
  console.log(
    [
      `market crawl: ${crawled.length} page views (${[...byType].map(([t, k]) => `${t} ${k}`).join(', ')}) as ${markets.length * COUNTRIES.length} visitors in ${crawlSeconds} s; ${answers.size} HTTP answers; ${ENGLISH_UI.length} English UI strings; ${Math.round((Date.now() - started) / 1000)} s in all`,
      ...CATEGORIES.filter((c) => wanted(c.id)).map((c) => `  ${c.n}. ${c.id}: ${grouped(c.id).length} distinct findings (${findings.filter((f) => f.category === c.id).length} in all)`),
      ...(notes.length ? ['not covered:', ...[...new Set(notes)].map((x) => `  ${x}`)] : []),
    ].join('\n'),
  )
  if (process.env.CRAWL_REPORT) writeFileSync(process.env.CRAWL_REPORT, JSON.stringify({ findings, notes }, null, 1))
  if (process.env.CRAWL_WRITE_KNOWN) {
    const head = readFileSync(KNOWN_FILE, 'utf8').split('\n').filter((l) => l.startsWith('#'))
    writeFileSync(KNOWN_FILE, [...head, ...[...new Set(findings.map(keyOf))].sort()].join('\n') + '\n')
  }
  const seen = new Set(findings.map(keyOf))
  const fixed = [...known].filter((k) => wanted(k.split('\t')[0] as Category) && !seen.has(k))
  if (fixed.length && !ONLY_MARKETS && !process.env.CRAWL_COUNTRIES) console.log(`no longer found (remove from e2e/market-crawl.known.txt):\n${fixed.map((k) => `  ${k}`).join('\n')}`)
}, 30 * 60_000)

afterAll(async () => {
  await browser?.close().catch(() => {})
})

describe('every market’s pages, crawled as visitors from GB, CA, DE and US (issue 23)', () => {
  for (const cat of CATEGORIES) {
    it.skipIf(!wanted(cat.id))(`${cat.n}. ${cat.title}`, () => {
      const lines = grouped(cat.id, (f) => !known.has(keyOf(f)))
      if (lines.length) throw new Error(`${cat.n}. ${cat.id}: ${lines.length} distinct findings not in e2e/market-crawl.known.txt\n${lines.join('\n')}`)
    })
  }
})
