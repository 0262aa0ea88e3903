import { useEffect, useState } from 'react'
import type { ArticleCardData } from '../lib/cards.ts'
import { ArticleCard } from './ArticleGrid.tsx'
import { useT } from './use-t.ts'

/**
 * Other articles of the same tag, as links. Rendered on the server with the page; after a client-side
 * navigation (which has only the article) they come from the API.
 */
export function RelatedArticles({ articleId, related }: { articleId: string; related: ArticleCardData[] | null }) {
  const [fetched, setFetched] = useState<{ id: string; articles: ArticleCardData[] } | null>(null)
  useEffect(() => {
    if (related) return
    let current = true
    fetch(`/api/posts/related/${encodeURIComponent(articleId)}`)
      .then((r) => (r.ok ? r.json() : { articles: [] }))
      .then((body: { articles: ArticleCardData[] }) => current && setFetched({ id: articleId, articles: body.articles }))
      .catch(() => {})
    return () => {
      current = false
    }
  }, [articleId, related])
  const articles = related ?? (fetched?.id === articleId ? fetched.articles : [])
  const t = useT()
  if (!articles.length) return null
  return (
    <section className="section related" aria-labelledby="related-heading">
      <h2 id="related-heading">{t('article.related')}</h2>
      {/* four related articles fill rows of 4, 2 or 1 at every width; three fill a row of 3 */}
      <div className={articles.length === 3 ? 'grid' : 'grid grid-4'} data-testid="related-grid">
        {articles.map((a) => (
          <ArticleCard key={a._id} article={a} />
        ))}
      </div>
    </section>
  )
}
