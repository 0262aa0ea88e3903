import { sectionWords } from '../../lib/markdown-plain.ts'
import { imageAltOf } from '../../lib/cards.ts'
import type { TextRanking } from '../../db/port.ts'
import type { PostsRepository } from '../../db/repositories/posts.ts'
import { articlePath } from '../../lib/links.ts'
import { brandPath } from '../../lib/archive.ts'
import { DEFAULT_MARKET, type Market } from '../../lib/markets.ts'
import { shape, visibleTo } from '../brands/visibility.ts'
import type { BrandOffer, Post } from '../../lib/schemas.ts'
import {
  foldWord,
  SEARCH_BRANDS_MAX,
  SEARCH_COMMON_CUTOFF,
  SEARCH_MAX_RESULTS,
  SEARCH_PAGE_MAX,
  SEARCH_PAGE_SIZE,
  SEARCH_QUERY_MAX,
  SEARCH_TAGS_MAX,
  type BrandPageHit,
  type SearchAnswer,
  type SearchResult,
  searchHref,
  searchTerms,
  SUGGEST_MAX,
  SUGGEST_MIN_CHARS,
  SUGGEST_QUERY_MAX,
  type SuggestAnswer,
  type Suggestion,
  type TagHit,
} from '../../lib/search.ts'
import { buildSnippet } from '../../lib/snippet.ts'
import type { BrandsRepository } from '../../db/repositories/brands.ts'
import type { VisitorCountry } from '../../lib/geo.ts'
import { toBrandPage, toOffer } from '../brands/service.ts'
import { buildLexicon, type Lexicon, type LexiconBrand, TITLES_KEPT } from './lexicon.ts'
import { correctTerms, scoreBrands, tagScore, titlesMatching } from './matching.ts'
import { scoreTerms } from './word-index.ts'
import { AppError, badRequest } from '../errors.ts'

/** `q` and `page` as a visitor sent them (query-string values, or absent). */
export type SearchParams = { q?: string | null; page?: string | number | null }

const PAGE = /^[1-9][0-9]*$/

/**
 * How a results page ranks its window of matches (db/port.ts, TextRanking): words in half the articles or
 * more only narrow the matches, a query of such words alone lists title matches first, and a last word
 * typed in full ranks by itself before the longer words it starts. Each spares bm25 a read of lists as
 * long as the index for a few millionths of score (docs/decisions/009-site-search.md, fourth pass).
 * MongoDB ranks by its own text score whatever this says.
 */
const RESULTS_RANKING: TextRanking = { commonWords: 'narrow', onlyCommonWords: 'title-first', typedLastWord: 'itself-first' }
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
    // section text is the editor's Markdown (issue 25): its words, not its marks nor a directive's source (issue 34)
    ...body.flatMap((b) => [b.content, ...b.subsections.map((s) => s.content)]).map(sectionWords),
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
 * Site search (docs/search.md): listed articles from the store's text index (title weighted highest),
 * a page of `SEARCH_PAGE_SIZE` at a time, each with a highlighted snippet built here, the same on either
 * backend, at most `maxResults` matches counted and ranked (the newest); and, from the in-memory lexicon
 * (./lexicon.ts, issue 26), the brands and tags the query names, forgiving typos and word starts, a
 * spelling that would find something when nothing does, and suggestions as a visitor types.
 */
export function createSearchService(deps: {
  posts: PostsRepository
  brands: BrandsRepository
  /** the render cache's generation: it moves with every content write, and the lexicon is rebuilt */
  generation: () => number
  maxResults?: number
  /** the common-terms cut-off (`SEARCH_COMMON_CUTOFF`); null: every word required (the bench's code before it) */
  commonCutoff?: number | null
  /** told what each first page of results found (search statistics: ./queries.ts) */
  onSearch?: (q: string, found: boolean) => void
  /** the clock offers' dates are read against (issue 22) */
  now?: () => Date
  /** issue 23: the marketKeys a market's search reads (server/content/articles.ts marketKeysFor); absent: every post */
  marketKeys?: (market: Market) => Promise<readonly string[] | undefined>
}) {
  const { posts } = deps
  const now = deps.now ?? (() => new Date())
  /** A brand search may offer to an audience (server/brands/visibility.ts): the lexicon holds published brands only. */
  const visibility = (b: LexiconBrand, country: VisitorCountry, market: Market, at: Date) => visibleTo({ ...b.window, geo: b.geo, facts: b.facts, termsSummary: b.offer.termsSummary }, { country, market, now: at })
  const offered = (b: LexiconBrand, country: VisitorCountry, market: Market = DEFAULT_MARKET, at = now()) => visibility(b, country, market, at).shown
  /** A brand found by its name leads to its page even when its offer is not running (the page says so): available and licensed is enough. */
  const findable = (b: LexiconBrand, country: VisitorCountry, market: Market, at = now()) => {
    const v = visibility(b, country, market, at)
    return v.available && v.licensed
  }
  /** Whether a post or tag of these market keys is listed in the market (`keys` undefined: every market lists everything). */
  const listedIn = (keys: readonly string[] | undefined) => (marketKey: string | undefined) => !keys || keys.includes(marketKey ?? '*')
  const max = deps.maxResults ?? SEARCH_MAX_RESULTS
  const commonCutoff = deps.commonCutoff === null ? undefined : (deps.commonCutoff ?? SEARCH_COMMON_CUTOFF)
  const lexicons = createLexiconSource(deps)

  /**
   * The brands the terms name that may be shown in `country` and listed in `market` (shown as its rules
   * allow), best first (then by rating, then in editorial order): the best `limit` picked as they come,
   * not all of them sorted (a common word can name most brands).
   */
  function brandsFor(lex: Lexicon, terms: readonly string[], country: VisitorCountry, limit: number, market: Market = DEFAULT_MARKET): BrandOffer[] {
    const at = now()
    return bestBrands(lex, terms, limit, (b) => offered(b, country, market, at)).map((b) => shape.offer(b.offer, market))
  }
  /** The `limit` brands the terms name best that `keep` lets through (then by rating, then in editorial order), picked as they come. */
  function bestBrands(lex: Lexicon, terms: readonly string[], limit: number, keep: (b: LexiconBrand) => boolean): LexiconBrand[] {
    const best: { score: number; rating: number; brand: LexiconBrand }[] = []
    for (const { brand, score } of scoreBrands(terms, lex, scoreTerms(terms, lex.brandWordIndex))) {
      if (!keep(brand)) continue
      const rating = brand.offer.rating ?? 0
      // after every one at least as good: equals keep editorial order
      let i = best.length
      while (i > 0 && (best[i - 1]!.score < score || (best[i - 1]!.score === score && best[i - 1]!.rating < rating))) i--
      if (i < limit) best.splice(i, 0, { score, rating, brand }), (best.length = Math.min(best.length, limit))
    }
    return best.map((x) => x.brand)
  }
  /** The brands the terms name whose offer is not running but whose page the visitor may see (its "ended" page), best first. */
  function brandPagesFor(lex: Lexicon, terms: readonly string[], country: VisitorCountry, market: Market): BrandPageHit[] {
    const at = now()
    const state = (b: LexiconBrand) => visibility(b, country, market, at).offer
    return bestBrands(lex, terms, SEARCH_BRANDS_MAX, (b) => findable(b, country, market, at) && state(b) !== 'active').map((b) => ({ name: b.offer.brandName, href: brandPath(b.offer._id), state: state(b) as BrandPageHit['state'] }))
  }
  /** The tags the terms name whose archive exists in the market (`keys`: its market keys; undefined: every tag). */
  function tagsFor(lex: Lexicon, terms: readonly string[], limit: number, keys?: readonly string[]): TagHit[] {
    const listed = listedIn(keys)
    return lex.tags
      .filter((t) => !keys || !t.marketKeys || t.marketKeys.some(listed))
      .map((t) => ({ t, score: tagScore(terms, t) }))
      .filter((x) => x.score > 0)
      .sort((a, b) => b.score - a.score || a.t.name.localeCompare(b.t.name))
      .slice(0, limit)
      .map((x) => ({ name: x.t.name, href: x.t.href }))
  }

  const service = {
    /**
     * `country`: the visitor's (unknown: only brands shown everywhere), for the brands the query names.
     */
    async search(params: SearchParams, opts: { country?: VisitorCountry; market?: Market } = {}): Promise<SearchAnswer> {
      const country = opts.country ?? null
      const market = opts.market ?? DEFAULT_MARKET
      // issue 23: articles of the visitor's market (no condition while no post is written for one market)
      const marketKeys = await deps.marketKeys?.(market)
      const { q, terms, page } = parseSearchParams(params)
      const none = { brands: [], tags: [], didYouMean: null }
      if (!terms.length) return { q, total: 0, capped: false, page, pages: 0, results: [], ...none }
      const folded = terms.map(foldWord)
      // one pass over the index: the newest `max` matches counted and ranked, this page's read
      const [{ hits, matched }, lex] = await Promise.all([posts.searchPage(terms, { window: max, limit: SEARCH_PAGE_SIZE, skip: (page - 1) * SEARCH_PAGE_SIZE, marketKeys, ranking: RESULTS_RANKING, commonCutoff }), lexicons.current()])
      const capped = matched > max
      const total = Math.min(matched, max)
      const pages = Math.ceil(total / SEARCH_PAGE_SIZE)
      const first = page === 1
      const brands = first ? brandsFor(lex, folded, country, SEARCH_BRANDS_MAX, market) : []
      const tags = first ? tagsFor(lex, folded, SEARCH_TAGS_MAX, marketKeys) : []
      // issue 34: a brand whose offer has ended is still found by its name, and leads to its page
      const brandPages = first ? brandPagesFor(lex, folded, country, market) : []
      let didYouMean: SearchAnswer['didYouMean'] = null
      if (first && total === 0) {
        const corrected = correctTerms(folded, lex)
        if (corrected && corrected.join(' ') !== folded.join(' ')) {
          // offered only when it finds something: an article, or a brand or tag the visitor would see
          const finds = brandsFor(lex, corrected, country, 1, market).length > 0 || tagsFor(lex, corrected, 1, marketKeys).length > 0 || (await posts.searchCount(corrected, 1, marketKeys, commonCutoff)) > 0
          if (finds) didYouMean = { q: corrected.join(' '), href: searchHref(corrected.join(' ')) }
        }
      }
      if (first) deps.onSearch?.(q, total > 0 || brands.length > 0 || brandPages.length > 0 || tags.length > 0)
      return { q, total, capped, page, pages, results: hits.map((h) => toResult(h.post, terms)), brands, ...(brandPages.length ? { brandPages } : {}), tags, didYouMean }
    },

    /**
     * The /search page's search: a refused query (too long, a malformed page) answers with the
     * reason beside an empty answer, for the page to show with its form, rather than throwing.
     */
    async searchPage(params: SearchParams, opts: { country?: VisitorCountry; market?: Market } = {}): Promise<SearchAnswer & { error?: string }> {
      try {
        return await service.search(params, opts)
      } catch (err) {
        if (!(err instanceof AppError && err.code === 'bad_request')) throw err
        return { q: (params.q ?? '').slice(0, SEARCH_QUERY_MAX), total: 0, capped: false, page: 1, pages: 0, results: [], brands: [], tags: [], didYouMean: null, error: err.message }
      }
    },

    /**
     * Suggestions as a visitor types (GET /api/search/suggest): after `SUGGEST_MIN_CHARS`, up to
     * `SUGGEST_MAX` of the brands (available in `country` and listed in `market`; one whose offer has
     * ended still leads to its page), tags and newest article titles of the market the words name, the
     * last word also as a word start, names also with a typo. Hrefs are site paths: the page puts them
     * in its market. From memory only: no store read beyond the market's keys.
     */
    async suggest(rawQ: string | null | undefined, country: VisitorCountry = null, market: Market = DEFAULT_MARKET): Promise<SuggestAnswer> {
      const raw = rawQ ?? ''
      if (raw.length > SUGGEST_QUERY_MAX * 4) throw badRequest(`Suggestion query is too long (at most ${SUGGEST_QUERY_MAX} characters)`)
      const q = raw.replace(/\p{Cc}/gu, ' ').trim()
      if ([...q].length > SUGGEST_QUERY_MAX) throw badRequest(`Suggestion query is too long (at most ${SUGGEST_QUERY_MAX} characters)`)
      const terms = searchTerms(q).map(foldWord)
      if ([...q].length < SUGGEST_MIN_CHARS || !terms.length) return { q, suggestions: [] }
      const [lex, keys] = await Promise.all([lexicons.current(), deps.marketKeys?.(market)])
      const at = now()
      const out: Suggestion[] = [
        ...bestBrands(lex, terms, 3, (b) => findable(b, country, market, at)).map((b): Suggestion => ({ kind: 'brand', label: b.offer.brandName, href: `/brands/${encodeURIComponent(b.offer._id)}` })),
        ...tagsFor(lex, terms, 2, keys).map((t): Suggestion => ({ kind: 'tag', label: t.name, href: t.href })),
      ]
      for (const t of titlesMatching(terms, lex, SUGGEST_MAX - out.length, listedIn(keys))) out.push({ kind: 'article', label: t.title, href: articlePath(t.id) })
      return { q, suggestions: out.slice(0, SUGGEST_MAX) }
    },

    /**
     * Suggestions for words that may be misspelt (the 404 page's, from its address: issue 26): those of
     * the words as they are, else those of their nearest known spelling. From memory only.
     */
    async suggestForgiving(q: string, country: VisitorCountry = null, limit = SUGGEST_MAX, market: Market = DEFAULT_MARKET): Promise<Suggestion[]> {
      const own = (await service.suggest(q, country, market)).suggestions
      if (own.length) return own.slice(0, limit)
      const corrected = correctTerms(searchTerms(q).map(foldWord), await lexicons.current())
      return corrected ? (await service.suggest(corrected.join(' '), country, market)).suggestions.slice(0, limit) : []
    },

    /**
     * The first `limit` live brands that may be shown in `country`, in editorial order (the order of the
     * home page's offers list), as offers: from memory, so a page that cannot be cached (the 404) costs
     * no store read for them.
     */
    async topOffers(country: VisitorCountry, limit: number, market: Market = DEFAULT_MARKET): Promise<BrandOffer[]> {
      const out: BrandOffer[] = []
      const at = now()
      for (const b of (await lexicons.current()).brands) {
        if (out.length >= limit) break
        if (offered(b, country, market, at)) out.push(shape.offer(b.offer, market))
      }
      return out
    },

    /** The lexicon as of the last content write (built on first use after one). */
    lexicon: () => lexicons.current(),
  }
  return service
}
export type SearchService = ReturnType<typeof createSearchService>

/**
 * The lexicon, rebuilt after content writes: every write moves the render cache's generation, and the
 * next search builds it again (one build shared by the searches waiting for it; about 1,000 brands,
 * the tags, `TITLES_KEPT` titles). A failed build is retried by the next search.
 */
function createLexiconSource(deps: { posts: PostsRepository; brands: BrandsRepository; generation: () => number }) {
  let built: { generation: number; lexicon: Promise<Lexicon> } | null = null
  async function build(): Promise<Lexicon> {
    const [brandDocs, tags, titles] = await Promise.all([deps.brands.list({ live: true }), deps.posts.listedTagsByMarket(), deps.posts.recentTitles(TITLES_KEPT)])
    return buildLexicon({
      brands: brandDocs.map((d) => {
        const page = toBrandPage(d)
        return { offer: toOffer(page), geo: page.geo, window: { validFrom: page.validFrom, validUntil: page.validUntil }, highlights: page.highlights, facts: { licences: page.facts?.licences } }
      }),
      tags,
      titles,
    })
  }
  return {
    current(): Promise<Lexicon> {
      const generation = deps.generation()
      if (built?.generation !== generation) {
        const mine = { generation, lexicon: build() }
        mine.lexicon.catch(() => {
          if (built === mine) built = null
        })
        built = mine
      }
      return built.lexicon
    },
  }
}
