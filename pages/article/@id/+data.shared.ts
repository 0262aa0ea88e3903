import { render } from 'vike/abort'
import type { PageContext } from 'vike/types'
import { findLoadedArticle, rememberContent } from '../../../components/content-cache.ts'
import { findArticleById } from '../../../lib/article-lookup.ts'
import { type ArticleCardData, toCard } from '../../../lib/cards.ts'
import type { Post } from '../../../lib/schemas.ts'

/** `related`: other articles of the same tag (null while a client-side navigation has not fetched them). */
export type Data = { article: Post; related: ArticleCardData[] | null; preview?: true }

const NOT_FOUND = 'Article not found.'

/**
 * Spec §2: the article comes from navigation state if passed, otherwise from content already loaded,
 * otherwise the blog content and bottom articles are fetched. On the server it comes from the service.
 */
export async function data(pageContext: PageContext): Promise<Data> {
  const id = pageContext.routeParams.id
  if (pageContext.services) {
    // an editor's preview (server/routes/preview.ts) shows a draft or scheduled article too
    const preview = pageContext.preview === true
    const article = await pageContext.services.content.findArticle(id, { preview })
    if (!article) throw render(404, NOT_FOUND)
    return { article, related: (await pageContext.services.content.related(article)).map(toCard), ...(preview ? { preview: true as const } : {}) }
  }
  const fromState = pageContext.navigationArticle
  if (fromState && findArticleById(id, fromState)) return { article: fromState, related: null }
  const loaded = findLoadedArticle(id)
  if (loaded) return { article: loaded, related: null }
  const [blog, bottoms] = await Promise.all([
    fetch('/api/posts/blog-content').then((r) => (r.ok ? r.json() : null)),
    fetch('/api/posts/article-bottom').then((r) => (r.ok ? r.json() : [])),
  ])
  rememberContent({ articles: blog?.articles ?? [], featured: blog?.featured ?? null, bottoms })
  const found = findLoadedArticle(id)
  if (!found) throw render(404, NOT_FOUND)
  return { article: found, related: null }
}
