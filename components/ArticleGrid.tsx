import { useState } from 'react'
import type { Post } from '../lib/schemas.ts'

export const ARTICLES_PER_STEP = 6 // spec §9

export type ArticleCardData = Pick<Post, '_id' | 'title' | 'image' | 'tag' | 'description'> & { meta: Pick<Post['meta'], 'date' | 'readTime'> }

export function toCard(p: Post): ArticleCardData {
  return { _id: p._id, title: p.title, image: p.image, tag: p.tag, description: p.description, meta: { date: p.meta.date, readTime: p.meta.readTime } }
}

export const articleHref = (id: string) => `/article/${encodeURIComponent(id)}`

export function ArticleCard({ article, cta = 'Read More' }: { article: ArticleCardData; cta?: string }) {
  return (
    <article className="card" data-testid="article-card">
      {article.image && <img src={article.image} alt="" width={400} height={225} loading="lazy" />}
      <div className="card-body">
        {article.tag && <span className="tag">{article.tag}</span>}
        <h3>{article.title}</h3>
        <p className="muted">{article.description}</p>
        <a className="btn" href={articleHref(article._id)} aria-label={`${cta}: ${article.title}`}>
          {cta}
        </a>
      </div>
    </article>
  )
}

/** 6 at first; 'Show more' adds 6 and disappears once all are shown (spec §2). */
export function ArticleGrid({ articles }: { articles: ArticleCardData[] }) {
  const [shown, setShown] = useState(ARTICLES_PER_STEP)
  return (
    <>
      <div className="grid">
        {articles.slice(0, shown).map((a) => (
          <ArticleCard key={a._id} article={a} />
        ))}
      </div>
      {shown < articles.length && (
        <div className="center">
          <button type="button" className="btn btn-outline" onClick={() => setShown((n) => n + ARTICLES_PER_STEP)}>
            Show more
          </button>
        </div>
      )}
    </>
  )
}

export const RECOMMENDED_SKELETONS = 4 // spec §9

/** The 'Recommended' block: bottom articles, 4 skeleton cards while loading; a card opens its article. */
export function Recommended({ articles }: { articles: ArticleCardData[] | undefined }) {
  return (
    <section className="section" aria-labelledby="recommended-heading">
      <h2 id="recommended-heading">Recommended</h2>
      <div className="grid grid-4">
        {articles
          ? articles.map((a) => (
              <a key={a._id} className="card card-link" href={articleHref(a._id)} data-testid="recommended-card">
                {a.image && <img src={a.image} alt="" width={300} height={169} loading="lazy" />}
                <div className="card-body">
                  <h3>{a.title}</h3>
                  {a.meta.readTime && <span className="muted small">{a.meta.readTime} read</span>}
                </div>
              </a>
            ))
          : Array.from({ length: RECOMMENDED_SKELETONS }, (_, i) => <div key={i} className="card skeleton" data-testid="skeleton-card" aria-hidden="true" />)}
      </div>
    </section>
  )
}
