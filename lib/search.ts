/**
 * Site search, the parts the server and the browser share: how a visitor's query becomes search
 * terms, the answer's shape, and search URLs. The snippet builder is `lib/snippet.ts`.
 */

/** Results per page of `GET /api/search` and `/search`. */
export const SEARCH_PAGE_SIZE = 10
/** The longest query accepted, in characters (a title is at most a few dozen words). */
export const SEARCH_QUERY_MAX = 200
/** Words of a query that count; more only slow the search down without narrowing it usefully. */
export const SEARCH_TERMS_MAX = 8
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
  href: string
  snippet: SnippetSegment[]
}

export type SearchAnswer = { q: string; total: number; page: number; pages: number; results: SearchResult[] }

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
 * The words a query searches for: lower-case, in order, each once (compared as the index folds
 * them), at most `SEARCH_TERMS_MAX`. Query syntax cannot survive this: only word characters are
 * left, and the backends quote every term. `AND`, `OR`, `NOT` and `NEAR` stay as plain words: they
 * are never operators here, and an article ("Stop or Go", "Not Your Average Slot") can be searched
 * by its own words; long articles nearly always hold them, so keeping them rarely costs a match.
 */
export function searchTerms(q: string): string[] {
  const out: string[] = []
  const seen = new Set<string>()
  for (const [word] of q.normalize('NFC').matchAll(WORD)) {
    const key = foldWord(word)
    if (!key || seen.has(key)) continue
    seen.add(key)
    out.push(word.toLowerCase())
    if (out.length === SEARCH_TERMS_MAX) break
  }
  return out
}

/** The URL of a search results page (the WebSite JSON-LD SearchAction uses `/search?q={search_term_string}`). */
export function searchHref(q: string, page = 1): string {
  const params = new URLSearchParams({ q })
  if (page > 1) params.set('page', String(page))
  return `/search?${params}`
}
