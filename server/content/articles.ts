import { ANY_MARKET, keyOf, listedMarketKeys, marketKeysOfPostsFor, type PostKey, type PostQuery, type PostsRepository } from '../../db/repositories/posts.ts'
import { articleStatesBonusFigures } from '../../lib/inducements.ts'
import { barsOffers, DEFAULT_MARKET, inMarket, type Market, marketPrefix } from '../../lib/markets.ts'
import { articlePath } from '../../lib/links.ts'
import { ARCHIVE_PAGE_SIZE } from '../../lib/archive.ts'
import { type Post, type PostType, readablePostTypes } from '../../lib/schemas.ts'
import { tagSlugsOf } from '../../lib/tags.ts'
import { AppError } from '../errors.ts'

/** `GET /api/posts/blog-content`: articles per answer unless `limit` says otherwise, and at most. */
export const BLOG_CONTENT_LIMIT = { default: 50, max: 100 }
/** Bottom articles the Recommended block and `GET /api/posts/article-bottom` answer. */
export const BOTTOM_ARTICLES_LIMIT = 12
export const RELATED_LIMIT = 4

/** An opaque cursor: where the last post of a page stands in editorial order. */
export function encodeCursor(k: PostKey): string {
  return Buffer.from(JSON.stringify([k.rank, k.createdAt, k._id])).toString('base64url')
}

export function decodeCursor(cursor: string): PostKey {
  try {
    const [rank, createdAt, _id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'))
    if (typeof rank === 'number' && Number.isFinite(rank) && typeof createdAt === 'string' && typeof _id === 'string' && createdAt.length <= 40 && _id.length <= 100)
      return { rank, createdAt, _id }
  } catch {
    // fall through
  }
  throw new AppError('bad_request', 'Invalid cursor: use the nextCursor of a previous answer')
}

export { ARCHIVE_PAGE_SIZE }

/** The marketKeys of the posts a market lists (db/repositories/posts.ts listedMarketKeys): the sitemaps read the same. */
export const marketKeysOf = (m: Market): string[] =>
  listedMarketKeys({ key: m.key === DEFAULT_MARKET.key ? null : m.key, listsSharedArticles: m.listsSharedArticles, barsOffers: barsOffers(m) })

export type BlogContent = {
  hero: Post | null
  featured: Post | null
  articles: Post[]
  /** the cursor for the next page of articles, or null when these were the last */
  nextCursor: string | null
  articleBottoms?: Post[]
}

export type ArchivePage = { posts: Post[]; page: number; pages: number; total: number }

/** Where a translation of an article lives (issue 23): its language and address, for hreflang and the language links. */
export type Translation = { postId: string; market: string | null; language: string; path: string; current: boolean }

export function createContentService(deps: { posts: PostsRepository; generation?: () => number; markets?: () => readonly Market[] }) {
  const { posts } = deps
  // issue 23: whether any post is written for one market, known once per render-cache generation
  let scoped: { gen: number; any: Promise<boolean> } | null = null
  const anyMarketPost = () => {
    const gen = deps.generation?.() ?? 0
    if (!scoped || scoped.gen !== gen || !deps.generation) scoped = { gen, any: posts.anyMarketPost() }
    return scoped.any
  }
  /**
   * The posts a market lists: its own and (unless it lists only its own) those written for every market.
   * While no post is written for one market, no condition at all: lists stay exactly what they were.
   */
  async function scope(market: Market | undefined): Promise<Pick<PostQuery, 'marketKeys'>> {
    const m = market ?? DEFAULT_MARKET
    // issue 34: a market barring inducements never lists a guide that states offer figures
    if (!barsOffers(m) && !(await anyMarketPost())) return {}
    return { marketKeys: marketKeysOf(m) }
  }
  const visibleIn = (post: Post, market: Market | undefined) => {
    const m = market ?? DEFAULT_MARKET
    if (barsOffers(m) && articleStatesBonusFigures(post)) return false
    if (!post.market) return m.key === DEFAULT_MARKET.key || m.listsSharedArticles !== false
    return post.market === m.key
  }

  /** A page of `q` after `cursor`, and the cursor after it (one post more is read to know). */
  async function paged(q: PostQuery, limit: number, cursor?: string) {
    const rows = await posts.page(q, { after: cursor ? decodeCursor(cursor) : undefined, limit: limit + 1 })
    const page = rows.slice(0, limit)
    return { posts: page, nextCursor: rows.length > limit ? encodeCursor(keyOf(page[page.length - 1])) : null }
  }

  const archiveQuery = (tagSlug?: string): PostQuery => ({ listed: true, ...(tagSlug !== undefined ? { tagSlug } : {}) })
  /** How many posts an archive lists (every article, or one tag's) and the pages they fill; an unknown tag has none (the sitemap asks too). */
  async function archiveSize(tagSlug?: string, market?: Market): Promise<{ total: number; pages: number }> {
    const total = await posts.count({ ...archiveQuery(tagSlug), ...(await scope(market)) })
    return { total, pages: tagSlug !== undefined && total === 0 ? 0 : Math.max(1, Math.ceil(total / ARCHIVE_PAGE_SIZE)) }
  }

  return {
    /** The marketKeys a market's lists read (search reads them too); undefined while no post is written for one market. */
    marketKeysFor: async (market: Market | undefined) => (await scope(market)).marketKeys,

    /**
     * GET /api/posts/blog-content: hero, featured and a page of articles (with the cursor of the next);
     * the admin also gets the bottom articles. Its cost does not grow with the archive.
     */
    async getBlogContent(opts: { admin?: boolean; limit?: number; cursor?: string; market?: Market } = {}): Promise<BlogContent> {
      const limit = opts.limit ?? BLOG_CONTENT_LIMIT.default
      // visitors see published posts only; the admin also its drafts and scheduled posts (issue 13)
      const anyStatus = opts.admin === true
      // issue 23: a visitor's lists hold their market's posts; the admin's hold every market's
      const inScope = anyStatus ? {} : await scope(opts.market)
      const [hero, ownFeatured] = await Promise.all([
        posts.page({ type: 'hero', ...(anyStatus ? {} : { live: true }), ...inScope }, { limit: 1 }).then((p) => p[0] ?? null),
        posts.page({ type: 'featured', ...(anyStatus ? {} : { live: true }), ...inScope }, { limit: 1 }).then((p) => p[0] ?? null),
      ])
      // issue 34: a market left without a featured guide (Ontario lists none that states offer figures) leads
      // with its first article, not "Content not found." over a page full of content; the default market keeps
      // the spec's message. The grid (every page of it: the API asks with the market) then leaves that one out.
      const market = opts.market ?? DEFAULT_MARKET
      const lead = !anyStatus && !ownFeatured && market.key !== DEFAULT_MARKET.key ? ((await posts.page({ type: 'article', live: true, ...inScope }, { limit: 1 }))[0] ?? null) : null
      const featured = ownFeatured ?? lead
      const articles = await paged(anyStatus ? { type: 'article' } : { type: 'article', live: true, ...inScope, ...(lead ? { notId: lead._id } : {}) }, limit, opts.cursor)
      const content: BlogContent = { hero, featured, articles: articles.posts, nextCursor: articles.nextCursor }
      if (opts.admin) content.articleBottoms = await posts.page({ type: 'articleBottom' }, { limit: BLOG_CONTENT_LIMIT.max })
      return content
    },

    async getBottomArticles(market?: Market): Promise<Post[]> {
      return posts.page({ type: 'articleBottom', live: true, ...(await scope(market)) }, { limit: BOTTOM_ARTICLES_LIMIT })
    },

    /** An article page's post: any readable post type except the hero, found by its id (spec §2); published only, unless an editor previews it. */
    async findArticle(id: string, opts: { preview?: boolean; market?: Market } = {}): Promise<Post | null> {
      const post = await posts.findByIdAmong(id, readablePostTypes, { anyStatus: opts.preview === true })
      // issue 23: an article lives in its market (or every market): elsewhere it is not found
      return post && (opts.preview || visibleIn(post, opts.market)) ? post : null
    },

    /**
     * Every published translation of an article, itself included, with its language and address (issue
     * 23: hreflang pairs and the page's language links). Empty when it has none.
     */
    async translations(post: Pick<Post, '_id' | 'translationOf'>): Promise<Translation[]> {
      const root = post.translationOf || post._id
      const group = (await posts.translationGroup(root)).filter((m) => m.listed)
      if (group.length < 2) return []
      const markets = new Map((deps.markets?.() ?? []).map((m) => [m.key, m]))
      return group.flatMap((m): Translation[] => {
        const market = m.market ? markets.get(m.market) : DEFAULT_MARKET
        if (!market) return [] // its market was deleted: no address to give
        return [{ postId: m._id, market: m.market, language: market.language, path: inMarket(marketPrefix(market), articlePath(m._id)), current: m._id === post._id }]
      })
    },

    /** Page `page` (from 1) of every article, or of one tag's; null past the last page or for an unknown tag. */
    async archive(opts: { page: number; tagSlug?: string; market?: Market }): Promise<ArchivePage | null> {
      const { total, pages } = await archiveSize(opts.tagSlug, opts.market)
      if (!Number.isInteger(opts.page) || opts.page < 1 || opts.page > pages) return null
      const list = await posts.page({ ...archiveQuery(opts.tagSlug), ...(await scope(opts.market)) }, { limit: ARCHIVE_PAGE_SIZE, skip: (opts.page - 1) * ARCHIVE_PAGE_SIZE })
      return { posts: list, page: opts.page, pages, total }
    },

    archiveSize,

    tagName: (tagSlug: string) => posts.tagName(tagSlug),
    tagSlugs: () => posts.tagSlugs(),

    /** Other articles sharing a tag, in editorial order. */
    async related(post: Post, limit = RELATED_LIMIT, market?: Market): Promise<Post[]> {
      const slugs = tagSlugsOf(post)
      if (!slugs.length) return []
      return posts.page({ listed: true, anyTagSlug: slugs, notId: post._id, ...(await scope(market)) }, { limit })
    },

    /** The admin's list of one post type: filtered by title on the server, a page at a time. */
    async adminList(opts: { type: PostType; title?: string; market?: string; limit: number; cursor?: string }) {
      const q: PostQuery = { type: opts.type, ...(opts.title?.trim() ? { titleContains: opts.title.trim() } : {}), ...(opts.market ? { marketKeys: marketKeysOfPostsFor(opts.market === 'shared' ? ANY_MARKET : opts.market) } : {}) }
      const [page, total] = await Promise.all([paged(q, opts.limit, opts.cursor), posts.count(q)])
      return { posts: page.posts, nextCursor: page.nextCursor, total }
    },
  }
}
export type ContentService = ReturnType<typeof createContentService>
