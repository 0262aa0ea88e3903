import type { Post, PostType } from '../../lib/schemas.ts'
import type { PostsRepository } from '../../db/repositories/posts.ts'

/** Articles in editorial order: explicit position first (ascending), then newest first. */
export function sortPosts(posts: Post[]): Post[] {
  return [...posts].sort((a, b) => {
    const pa = a.position ?? Number.POSITIVE_INFINITY
    const pb = b.position ?? Number.POSITIVE_INFINITY
    if (pa !== pb) return pa - pb
    return b.createdAt.localeCompare(a.createdAt)
  })
}

export type BlogContent = {
  hero: Post | null
  featured: Post | null
  articles: Post[]
  articleBottoms?: Post[]
}

export function createContentService(deps: { posts: PostsRepository }) {
  const { posts } = deps
  const first = async (type: PostType) => sortPosts(await posts.listByType(type))[0] ?? null

  return {
    /** GET /api/posts/blog-content: hero, featured and articles; the admin also gets articleBottoms. */
    async getBlogContent(opts: { admin?: boolean } = {}): Promise<BlogContent> {
      const [hero, featured, articles] = await Promise.all([first('hero'), first('featured'), posts.listByType('article')])
      const content: BlogContent = { hero, featured, articles: sortPosts(articles) }
      if (opts.admin) content.articleBottoms = sortPosts(await posts.listByType('articleBottom'))
      return content
    },

    async getBottomArticles(): Promise<Post[]> {
      return sortPosts(await posts.listByType('articleBottom'))
    },

    /** An article page's post: any readable post type except the hero, found by its id (spec §2). */
    findArticle(id: string): Promise<Post | null> {
      return posts.findByIdAmong(id, ['article', 'featured', 'articleBottom'])
    },

  }
}
export type ContentService = ReturnType<typeof createContentService>
