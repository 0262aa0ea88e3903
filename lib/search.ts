import type { BrandOffer } from './schemas.ts'

/**
 * Site search, the parts the server and the browser share: how a visitor's query becomes search
 * terms, the answer's shape, and search URLs. The snippet builder is `lib/snippet.ts`.
 */

/** Results per page of `GET /api/search` and `/search`. */
export const SEARCH_PAGE_SIZE = 10
// the two limits the top bar's search box needs are in lib/search-box.ts: every page's first script carries them, not this file
import { SEARCH_QUERY_MAX, SUGGEST_MIN_CHARS } from './search-box.ts'
export { SEARCH_QUERY_MAX, SUGGEST_MIN_CHARS }
/** Words of a query that count; more only slow the search down without narrowing it usefully. */
export const SEARCH_TERMS_MAX = 8
/**
 * The most matches a search counts and ranks: past it, the newest this many matching articles are
 * ranked and the count reads "2,000+" (200 pages of results). bm25 reads each ranked row's document
 * sizes, so ranking is most of a broad search's cost: this bound keeps an uncached search at 100,000
 * articles within ~30 ms p99 on a 2-core machine (bench/search.ts; docs/decisions/009-site-search.md).
 */
export const SEARCH_MAX_RESULTS = 2_000
/**
 * Words in more than this share of the listed articles are *common*: beside rarer words they are not required,
 * and only raise the matches holding them; a query of common words alone requires them all (docs/decisions/
 * 009-site-search.md, fifth pass: Lucene's CommonTermsQuery, Elasticsearch's `cutoff_frequency`).
 */
export const SEARCH_COMMON_CUTOFF = 0.1
/** The highest page number accepted: past it a `page` is malformed, below it past the end is just empty. */
export const SEARCH_PAGE_MAX = 99_999

/** A piece of a snippet: text, highlighted where it is a matched term. Rendered as text, never as HTML. */
export type SnippetSegment = { text: string; highlight?: true }

export type SearchResult = {
  _id: string
  title: string
  tag: string
  description: string
  image: string
  /** the image's text alternative (lib/cards.ts imageAltOf) */
  imageAlt: string
  href: string
  snippet: SnippetSegment[]
}

/** A tag whose name the query matches (its archive). */
export type TagHit = { name: string; href: string }

/** A brand the query names whose offer is not running (issue 34): found by name, it leads to its page, which says so. */
export type BrandPageHit = { name: string; href: string; state: 'ended' | 'upcoming' }

/**
 * `capped`: more than `total` (= `SEARCH_MAX_RESULTS`) articles match; the results come from the newest
 * of them. `brands` (issue 26): brand pages the query names, available in the visitor's country, as
 * offers (first page only); `brandPages` (issue 34, only when there are some): those it names whose offer
 * has ended or not begun, as links to their pages; `tags`: tags it names; `didYouMean`: a close spelling
 * that finds something, when no article matches.
 */
export type SearchAnswer = {
  q: string
  total: number
  capped: boolean
  page: number
  pages: number
  results: SearchResult[]
  brands: BrandOffer[]
  brandPages?: BrandPageHit[]
  tags: TagHit[]
  didYouMean: { q: string; href: string } | null
}

/** Brand offer cards above the results, and tag links. */
export const SEARCH_BRANDS_MAX = 3
export const SEARCH_TAGS_MAX = 5

/** Suggestions as you type (GET /api/search/suggest): after `SUGGEST_MIN_CHARS` (lib/search-box.ts), at most `SUGGEST_MAX`. */
export const SUGGEST_MAX = 8
/** The longest query a suggestion request takes: past it suggestions help no one (the search still does). */
export const SUGGEST_QUERY_MAX = 100
export type Suggestion = { kind: 'brand' | 'tag' | 'article'; label: string; href: string }
export type SuggestAnswer = { q: string; suggestions: Suggestion[] }

/**
 * A run of what the text index (SQLite FTS5 `unicode61`) counts as word characters: letters, digits
 * and combining marks (it folds the marks away), plus private-use characters. Everything else —
 * punctuation, quotes, `*`, `^`, `:`, parentheses, emoji, control characters — separates words.
 */
export const WORD = /[\p{L}\p{N}\p{M}\p{Co}]+/gu

const NON_ASCII = /[^\x00-\x7f]/

/** A word as the index compares it: lower-case, without diacritics ("Café" and "cafe" are one word). */
export function foldWord(word: string): string {
  // most words are ASCII: lower-casing is all they need (snippets fold every word of a post)
  return NON_ASCII.test(word) ? word.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '') : word.toLowerCase()
}

/**
 * The most frequent English words. Every term must match, so they narrow nothing (nearly every
 * article holds them) while costing the most: their index lists are the longest (bench/search.ts).
 */
const STOPWORDS = new Set(
  'a an and are as at be but by for from had has have he her his i if in into is it its of on or not she so than that the their them then there these they this to was we were what when which who will with would you your'.split(
    ' ',
  ),
)

/**
 * The words a query searches for: lower-case, in order, each once (compared as the index folds
 * them), without the most common English words unless nothing else is left ("The Witcher 3" is
 * `witcher 3`, "to be or not to be" stays whole), at most `SEARCH_TERMS_MAX`. Query syntax cannot
 * survive this: only word characters are left, and the backends quote every term. So `AND`, `OR`
 * and `NOT` are never operators: they go as common words; `NEAR` stays as the plain word it is.
 */
export function searchTerms(q: string): string[] {
  const words: string[] = []
  const seen = new Set<string>()
  for (const [word] of q.normalize('NFC').matchAll(WORD)) {
    const key = foldWord(word)
    if (!key || seen.has(key)) continue
    seen.add(key)
    words.push(word.toLowerCase())
  }
  const meaningful = words.filter((w) => !STOPWORDS.has(foldWord(w)))
  return (meaningful.length ? meaningful : words).slice(0, SEARCH_TERMS_MAX)
}

/** The URL of a search results page (the WebSite JSON-LD SearchAction uses `/search?q={search_term_string}`). */
export function searchHref(q: string, page = 1): string {
  const params = new URLSearchParams({ q })
  if (page > 1) params.set('page', String(page))
  return `/search?${params}`
}

/** Path segments that say what kind of page an address was, not what the visitor looked for. */
const ROUTE_WORDS = new Set(['article', 'articles', 'brands', 'brand', 'tag', 'tags', 'info', 'page', 'search', 'index', 'www', 'html', 'htm', 'php', 'asp', 'aspx', 'jsp'])

/**
 * The words of an address, for the 404 page's search field (issue 26): `/article/nova-spins-reveiw` →
 * "nova spins reveiw", `/brands/NovaSpins.html` → "novaspins". Route words, file extensions and page
 * numbers are left out; at most `SEARCH_TERMS_MAX` words and `SUGGEST_QUERY_MAX` characters.
 */
export function queryFromPath(pathname: string): string {
  const words: string[] = []
  for (const segment of pathname.slice(0, 1_000).split('/')) {
    let text = segment
    try {
      text = decodeURIComponent(segment)
    } catch {
      // a malformed escape: its characters as they are
    }
    if (/^\d+$/.test(text)) continue
    for (const [w] of text.normalize('NFC').matchAll(WORD)) {
      const word = w.toLowerCase()
      if (!ROUTE_WORDS.has(word) && !words.includes(word)) words.push(word)
    }
  }
  let q = words.slice(0, SEARCH_TERMS_MAX).join(' ')
  if (q.length > SUGGEST_QUERY_MAX) q = q.slice(0, SUGGEST_QUERY_MAX).replace(/\s+\S*$/, '')
  return q
}
