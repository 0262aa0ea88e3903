import { markdownPlain } from '../../lib/markdown-plain.ts'
import { imageAltOf } from '../../lib/cards.ts'
import type { PostsRepository } from '../../db/repositories/posts.ts'
import { articlePath } from '../../lib/links.ts'
import type { Post } from '../../lib/schemas.ts'
import { SEARCH_MAX_RESULTS, SEARCH_PAGE_MAX, SEARCH_PAGE_SIZE, SEARCH_QUERY_MAX, type SearchAnswer, type SearchResult, searchTerms } from '../../lib/search.ts'
import { buildSnippet } from '../../lib/snippet.ts'
import { AppError, badRequest } from '../errors.ts'

/** `q` and `page` as a visitor sent them (query-string values, or absent). */
export type SearchParams = { q?: string | null; page?: string | number | null }

const PAGE = /^[1-9][0-9]*$/
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g

/**
 * Reads a search request: the query (trimmed, control characters as spaces, lone surrogates as
 * U+FFFD, so it can be echoed anywhere), its terms and the page. A query over `SEARCH_QUERY_MAX`
 * characters or a page that is not a whole number from 1 is a 400; anything else is a search.
 */
export function parseSearchParams(params: SearchParams): { q: string; terms: string[]; page: number } {
  const raw = params.q ?? ''
  // a cheap bound first: a megabyte of query is refused before it is scanned
  if (raw.length > SEARCH_QUERY_MAX * 4) throw badRequest(`Search query is too long (at most ${SEARCH_QUERY_MAX} characters)`)
  const q = raw.replace(LONE_SURROGATE, '\uFFFD').replace(/\p{Cc}/gu, ' ').trim()
  if ([...q].length > SEARCH_QUERY_MAX) throw badRequest(`Search query is too long (at most ${SEARCH_QUERY_MAX} characters)`)
  const p = params.page ?? ''
  const text = String(p).trim()
  const page = text === '' ? 1 : PAGE.test(text) ? Number(text) : Number.NaN
  if (!Number.isSafeInteger(page) || page > SEARCH_PAGE_MAX) throw badRequest(`Invalid page: use a whole number from 1 to ${SEARCH_PAGE_MAX}`)
  return { q, terms: searchTerms(q), page }
}

/** The texts a snippet may come from, in order of preference: description, summary, body, then headings. */
export function snippetTexts(post: Post): string[] {
  const { summary, body } = post.content
  return [
    post.description,
    ...summary.map((s) => s.text),
    // section text is the editor's Markdown (issue 25): its words, not its marks
    ...body.flatMap((b) => [b.content, ...b.subsections.map((s) => s.content)]).map(markdownPlain),
    ...summary.map((s) => s.title),
    ...body.flatMap((b) => [b.headline, ...b.subsections.map((s) => s.subheading)]),
  ].filter(Boolean)
}

function toResult(post: Post, terms: readonly string[]): SearchResult {
  return {
    _id: post._id,
    title: post.title,
    tag: post.tag,
    description: post.description,
    image: post.image,
    imageAlt: imageAltOf(post),
    href: articlePath(post._id),
    snippet: buildSnippet(snippetTexts(post), terms),
  }
}

/**
 * Site search over listed posts (the repository's `search`: the store's text index, title weighted
 * highest), a page of `SEARCH_PAGE_SIZE` at a time, each result with a highlighted snippet built here,
 * the same on either backend. At most `maxResults` matches are counted and ranked (the newest).
 */
export function createSearchService(deps: { posts: PostsRepository; maxResults?: number }) {
  const { posts } = deps
  const max = deps.maxResults ?? SEARCH_MAX_RESULTS
  const service = {
    async search(params: SearchParams): Promise<SearchAnswer> {
      const { q, terms, page } = parseSearchParams(params)
      if (!terms.length) return { q, total: 0, capped: false, page, pages: 0, results: [] }
      // one pass over the index: the newest `max` matches counted and ranked, this page's read
      const { hits, matched } = await posts.searchPage(terms, { window: max, limit: SEARCH_PAGE_SIZE, skip: (page - 1) * SEARCH_PAGE_SIZE })
      const capped = matched > max
      const total = Math.min(matched, max)
      const pages = Math.ceil(total / SEARCH_PAGE_SIZE)
      return { q, total, capped, page, pages, results: hits.map((h) => toResult(h.post, terms)) }
    },

    /**
     * The /search page's search: a refused query (too long, a malformed page) answers with the
     * reason beside an empty answer, for the page to show with its form, rather than throwing.
     */
    async searchPage(params: SearchParams): Promise<SearchAnswer & { error?: string }> {
      try {
        return await service.search(params)
      } catch (err) {
        if (!(err instanceof AppError && err.code === 'bad_request')) throw err
        return { q: (params.q ?? '').slice(0, SEARCH_QUERY_MAX), total: 0, capped: false, page: 1, pages: 0, results: [], error: err.message }
      }
    },
  }
  return service
}
export type SearchService = ReturnType<typeof createSearchService>
