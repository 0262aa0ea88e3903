import { keyOf, type PostKey, type PostQuery, type PostsRepository } from '../../db/repositories/posts.ts'
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

export type BlogContent = {
  hero: Post | null
  featured: Post | null
  articles: Post[]
  /** the cursor for the next page of articles, or null when these were the last */
  nextCursor: string | null
  articleBottoms?: Post[]
}

export type ArchivePage = { posts: Post[]; page: number; pages: number; total: number }

export function createContentService(deps: { posts: PostsRepository }) {
  const { posts } = deps

  /** A page of `q` after `cursor`, and the cursor after it (one post more is read to know). */
  async function paged(q: PostQuery, limit: number, cursor?: string) {
    const rows = await posts.page(q, { after: cursor ? decodeCursor(cursor) : undefined, limit: limit + 1 })
    const page = rows.slice(0, limit)
    return { posts: page, nextCursor: rows.length > limit ? encodeCursor(keyOf(page[page.length - 1])) : null }
  }

  const archiveQuery = (tagSlug?: string): PostQuery => ({ listed: true, ...(tagSlug !== undefined ? { tagSlug } : {}) })
  /** How many posts an archive lists (every article, or one tag's) and the pages they fill; an unknown tag has none (the sitemap asks too). */
  async function archiveSize(tagSlug?: string): Promise<{ total: number; pages: number }> {
    const total = await posts.count(archiveQuery(tagSlug))
    return { total, pages: tagSlug !== undefined && total === 0 ? 0 : Math.max(1, Math.ceil(total / ARCHIVE_PAGE_SIZE)) }
  }

  return {
    /**
     * GET /api/posts/blog-content: hero, featured and a page of articles (with the cursor of the next);
     * the admin also gets the bottom articles. Its cost does not grow with the archive.
     */
    async getBlogContent(opts: { admin?: boolean; limit?: number; cursor?: string } = {}): Promise<BlogContent> {
      const limit = opts.limit ?? BLOG_CONTENT_LIMIT.default
      // visitors see published posts only; the admin also its drafts and scheduled posts (issue 13)
      const anyStatus = opts.admin === true
      const [hero, featured, articles] = await Promise.all([
        posts.first('hero', { anyStatus }),
        posts.first('featured', { anyStatus }),
        paged(anyStatus ? { type: 'article' } : { type: 'article', live: true }, limit, opts.cursor),
      ])
      const content: BlogContent = { hero, featured, articles: articles.posts, nextCursor: articles.nextCursor }
      if (opts.admin) content.articleBottoms = await posts.page({ type: 'articleBottom' }, { limit: BLOG_CONTENT_LIMIT.max })
      return content
    },

    getBottomArticles(): Promise<Post[]> {
      return posts.page({ type: 'articleBottom', live: true }, { limit: BOTTOM_ARTICLES_LIMIT })
    },

    /** An article page's post: any readable post type except the hero, found by its id (spec §2); published only, unless an editor previews it. */
    findArticle(id: string, opts: { preview?: boolean } = {}): Promise<Post | null> {
      return posts.findByIdAmong(id, readablePostTypes, { anyStatus: opts.preview === true })
    },

    /** Page `page` (from 1) of every article, or of one tag's; null past the last page or for an unknown tag. */
    async archive(opts: { page: number; tagSlug?: string }): Promise<ArchivePage | null> {
      const { total, pages } = await archiveSize(opts.tagSlug)
      if (!Number.isInteger(opts.page) || opts.page < 1 || opts.page > pages) return null
      const list = await posts.page(archiveQuery(opts.tagSlug), { limit: ARCHIVE_PAGE_SIZE, skip: (opts.page - 1) * ARCHIVE_PAGE_SIZE })
      return { posts: list, page: opts.page, pages, total }
    },

    archiveSize,

    tagName: (tagSlug: string) => posts.tagName(tagSlug),
    tagSlugs: () => posts.tagSlugs(),

    /** Other articles sharing a tag, in editorial order. */
    async related(post: Post, limit = RELATED_LIMIT): Promise<Post[]> {
      const slugs = tagSlugsOf(post)
      if (!slugs.length) return []
      return posts.page({ listed: true, anyTagSlug: slugs, notId: post._id }, { limit })
    },

    /** The admin's list of one post type: filtered by title on the server, a page at a time. */
    async adminList(opts: { type: PostType; title?: string; limit: number; cursor?: string }) {
      const q: PostQuery = { type: opts.type, ...(opts.title?.trim() ? { titleContains: opts.title.trim() } : {}) }
      const [page, total] = await Promise.all([paged(q, opts.limit, opts.cursor), posts.count(q)])
      return { posts: page.posts, nextCursor: page.nextCursor, total }
    },
  }
}
export type ContentService = ReturnType<typeof createContentService>
