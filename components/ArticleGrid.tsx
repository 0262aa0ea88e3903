import { imageAltOf } from '../lib/cards.ts'
import { useMarketKey, useMarketPath } from './market-path.ts'
import { useState } from 'react'
import { articlePath } from '../lib/links.ts'
import { tagPath } from '../lib/tag-path.ts'
import { type ArticleCardData, toCard } from '../lib/cards.ts'
import type { Post } from '../lib/schemas.ts'
import { IMAGE_SIZES } from '../lib/images.ts'
import { ResponsiveImage } from './ResponsiveImage.tsx'
import { useT } from './use-t.ts'

export const ARTICLES_PER_STEP = 6 // spec §9

export { type ArticleCardData, toCard }


/** `level`: the title's heading rank, one below the heading of the list the card is in (an archive's h1: 2). */
export function ArticleCard({ article, cta: ctaText, level = 3 }: { article: ArticleCardData; cta?: string; level?: 2 | 3 }) {
  const local = useMarketPath()
  const t = useT()
  const cta = ctaText ?? t('cards.readMore')
  const Title = level === 2 ? 'h2' : 'h3'
  return (
    <article className="card" data-testid="article-card">
      {article.image && <ResponsiveImage src={article.image} alt={imageAltOf(article)} width={400} height={225} sizes={IMAGE_SIZES.card} />}
      <div className="card-body">
        {article.tag && (
          <a className="tag" href={local(tagPath(article.tag))}>
            {article.tag}
          </a>
        )}
        <Title className="card-title">{article.title}</Title>
        <p className="muted">{article.description}</p>
        {/* named for screen readers by aria-label, and in its own text for crawlers that read only text */}
        <a className="btn" href={local(articlePath(article._id))} aria-label={`${cta}: ${article.title}`}>
          {cta}
          <span className="sr-only">: {article.title}</span>
        </a>
      </div>
    </article>
  )
}

export type ArticlePage = { articles: ArticleCardData[]; nextCursor: string | null }

/** The next page of the home grid from the paged API (the server sends only the first page), of the page's market (its key). */
export async function fetchArticlePage(cursor: string, market = ''): Promise<ArticlePage> {
  const res = await fetch(`/api/posts/blog-content?${new URLSearchParams({ limit: String(ARTICLES_PER_STEP), cursor, ...(market ? { market } : {}) })}`)
  if (!res.ok) throw new Error(`blog-content answered ${res.status}`)
  const body = (await res.json()) as { articles: Post[]; nextCursor: string | null }
  return { articles: body.articles.map(toCard), nextCursor: body.nextCursor }
}

/**
 * 6 at first; 'Show more' adds 6 and disappears once all are shown (spec §2). Articles not yet loaded
 * come a page at a time from the API; a failed fetch just ends the wait (spec §8).
 */
export function ArticleGrid({ articles, nextCursor = null, loadMore = fetchArticlePage }: { articles: ArticleCardData[]; nextCursor?: string | null; loadMore?: (cursor: string, market: string) => Promise<ArticlePage> }) {
  const market = useMarketKey()
  const [loaded, setLoaded] = useState(articles)
  const [cursor, setCursor] = useState(nextCursor)
  const [shown, setShown] = useState(ARTICLES_PER_STEP)
  const [busy, setBusy] = useState(false)
  const t = useT()
  async function showMore() {
    if (shown < loaded.length || !cursor) return setShown((n) => n + ARTICLES_PER_STEP)
    setBusy(true)
    try {
      const page = await loadMore(cursor, market)
      setLoaded((list) => [...list, ...page.articles.filter((a) => !list.some((b) => b._id === a._id))])
      setCursor(page.nextCursor)
      setShown((n) => n + ARTICLES_PER_STEP)
    } catch {
      // spec §8: a failed home-page fetch just stops the loading state
    } finally {
      setBusy(false)
    }
  }
  return (
    <>
      <div className="grid">
        {loaded.slice(0, shown).map((a) => (
          <ArticleCard key={a._id} article={a} />
        ))}
      </div>
      {(shown < loaded.length || cursor) && (
        <div className="center">
          <button type="button" className="btn btn-outline" onClick={() => void showMore()} disabled={busy} aria-busy={busy}>
            {t('cards.showMore')}
          </button>
        </div>
      )}
    </>
  )
}

export const RECOMMENDED_SKELETONS = 4 // spec §9

/** The 'Recommended' block: bottom articles, 4 skeleton cards while loading; a card opens its article. */
export function Recommended({ articles }: { articles: ArticleCardData[] | undefined }) {
  const local = useMarketPath()
  const t = useT()
  return (
    <section className="section" aria-labelledby="recommended-heading">
      <h2 id="recommended-heading">{t('cards.recommended')}</h2>
      <div className="grid grid-4">
        {articles
          ? articles.map((a) => (
              <a key={a._id} className="card card-link" href={local(articlePath(a._id))} data-testid="recommended-card">
                {a.image && <ResponsiveImage src={a.image} alt={imageAltOf(a)} width={300} height={169} sizes={IMAGE_SIZES.recommended} />}
                <div className="card-body">
                  <h3>{a.title}</h3>
                  {a.meta.readTime && <span className="muted small">{t('cards.readTime', { time: a.meta.readTime })}</span>}
                </div>
              </a>
            ))
          : Array.from({ length: RECOMMENDED_SKELETONS }, (_, i) => <div key={i} className="card skeleton" data-testid="skeleton-card" aria-hidden="true" />)}
      </div>
    </section>
  )
}
