import type { CountersRepository } from '../../db/repositories/counters.ts'
import { postMarketKey, type PostsRepository } from '../../db/repositories/posts.ts'
import { utcDay } from '../../lib/format.ts'
import type { VisitorCountry } from '../../lib/geo.ts'
import type { BrandOffer, Post } from '../../lib/schemas.ts'
import { queryFromPath, type Suggestion } from '../../lib/search.ts'
import { DIMS } from '../attribution/counters.ts'
import type { SearchService } from './service.ts'
import { DEFAULT_MARKET, type Market } from '../../lib/markets.ts'

/** What the 404 page shows besides its message: at most this many of each. */
export const NOT_FOUND_SUGGESTIONS = 5
export const NOT_FOUND_ARTICLES = 4
export const NOT_FOUND_OFFERS = 3
/** The most read articles are those of this many days, worked out again at most this often. */
const POPULAR_DAYS = 30
const POPULAR_TTL_MS = 10 * 60_000

export type NotFoundHelp = {
  /** the words of the address, for the search field */
  q: string
  /** brands, tags and articles those words name (forgiving a typo) */
  suggestions: Suggestion[]
  /** the most read articles of the last 30 days, else the newest */
  articles: Post[]
  /** the top offers the visitor's country may see */
  offers: BrandOffer[]
}

/**
 * A 404 that helps (issue 26): for an unknown address, a search field filled with its words, what those
 * words name, a few popular articles and the top offers for the visitor's country. A 404 is never cached
 * and anyone can ask for endless unknown addresses, so nothing here reads the store per request: the
 * suggestions and offers come from search's in-memory lexicon, and the popular articles are worked out
 * once per content write or ten minutes, shared by every request meanwhile.
 */
export function createNotFoundService(deps: {
  search: Pick<SearchService, 'suggestForgiving' | 'topOffers'>
  /** the market keys a market's lists read (content's marketKeysFor; undefined: every post) */
  marketKeys?: (market: Market) => Promise<readonly string[] | undefined>
  posts: PostsRepository
  counters: CountersRepository
  now: () => Date
  /** the render cache's generation: it moves with every content write (a popular article may be gone) */
  generation: () => number
}) {
  let popular: { generation: number; at: number; articles: Promise<Post[]> } | null = null

  /** Articles by page views over the last `POPULAR_DAYS` (issue 21's counters), topped up with the newest. */
  async function readPopular(): Promise<Post[]> {
    const now = deps.now()
    const rows = await deps.counters.sum({ dim: DIMS.page, from: utcDay(new Date(now.getTime() - (POPULAR_DAYS - 1) * 86_400_000)), to: utcDay(now), subs: '', by: 'key' })
    const ranked = rows
      .filter((r) => r.key.startsWith('article:') && (r.values.views ?? 0) > 0)
      .sort((a, b) => (b.values.views ?? 0) - (a.values.views ?? 0) || a.key.localeCompare(b.key))
      .slice(0, NOT_FOUND_ARTICLES * 3) // some may be unlisted or gone since
      .map((r) => r.key.slice('article:'.length))
    const found = ranked.length ? await deps.posts.page({ listed: true, ids: ranked }, { limit: ranked.length }) : []
    const byId = new Map(found.map((p) => [p._id, p]))
    const out = ranked.flatMap((id) => byId.get(id) ?? []).slice(0, NOT_FOUND_ARTICLES)
    if (out.length < NOT_FOUND_ARTICLES) {
      const newest = await deps.posts.page({ listed: true }, { limit: NOT_FOUND_ARTICLES * 2 })
      for (const p of newest) if (out.length < NOT_FOUND_ARTICLES && !out.some((o) => o._id === p._id)) out.push(p)
    }
    return out
  }

  function popularArticles(): Promise<Post[]> {
    const generation = deps.generation()
    const at = deps.now().getTime()
    if (!popular || popular.generation !== generation || at - popular.at > POPULAR_TTL_MS) {
      const mine = { generation, at, articles: readPopular() }
      // a failed read is not kept: the next 404 tries again
      mine.articles.catch(() => {
        if (popular === mine) popular = null
      })
      popular = mine
    }
    return popular.articles
  }

  return {
    /**
     * What the 404 page for `pathname` (the path within its market) shows a visitor from `country` in
     * `market`: suggestions, popular articles and offers of that market, under its rules.
     */
    async help(pathname: string, country: VisitorCountry, market: Market = DEFAULT_MARKET): Promise<NotFoundHelp> {
      const q = queryFromPath(pathname)
      const [suggestions, articles, offers, keys] = await Promise.all([
        q ? deps.search.suggestForgiving(q, country, NOT_FOUND_SUGGESTIONS, market) : [],
        popularArticles(),
        deps.search.topOffers(country, NOT_FOUND_OFFERS, market),
        deps.marketKeys?.(market),
      ])
      // the same key the market's lists read (issue 34: not Ontario's guides that state offer figures)
      const listed = (p: Post) => !keys || keys.includes(postMarketKey(p))
      return { q, suggestions, articles: articles.filter(listed), offers }
    },
  }
}
export type NotFoundService = ReturnType<typeof createNotFoundService>
