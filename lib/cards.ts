import type { Post } from './schemas.ts'

/** What a list shows of an article: never its body (lists stay small whatever the articles hold). */
export type ArticleCardData = Pick<Post, '_id' | 'title' | 'image' | 'imageAlt' | 'tag' | 'description'> & { meta: Pick<Post['meta'], 'date' | 'readTime'> }

export function toCard(p: Post): ArticleCardData {
  return {
    _id: p._id,
    title: p.title,
    image: p.image,
    ...(p.imageAlt ? { imageAlt: p.imageAlt } : {}),
    tag: p.tag,
    description: p.description,
    meta: { date: p.meta.date, readTime: p.meta.readTime },
  }
}
