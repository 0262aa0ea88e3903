import { findArticleById } from '../lib/article-lookup.ts'
import type { Post } from '../lib/schemas.ts'

/**
 * Content already loaded in this browser tab (spec §2: an article is looked up in loaded content
 * before anything is fetched). Filled by the article page's fetch fallback.
 */
const loaded: { articles: Post[]; bottoms: Post[]; featured: Post | null } = { articles: [], bottoms: [], featured: null }

export function rememberContent(content: { articles?: Post[]; featured?: Post | null; bottoms?: Post[] }) {
  if (content.articles) loaded.articles = content.articles
  if (content.featured !== undefined) loaded.featured = content.featured
  if (content.bottoms) loaded.bottoms = content.bottoms
}

export function findLoadedArticle(id: string): Post | undefined {
  return findArticleById(id, loaded.articles, loaded.bottoms, loaded.featured)
}
