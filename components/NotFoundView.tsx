import type { ArticleCardData } from '../lib/cards.ts'
import type { BrandOffer } from '../lib/schemas.ts'
import type { Suggestion } from '../lib/search.ts'
import { ArticleCard } from './ArticleGrid.tsx'
import { OfferCards } from './BrandOffers.tsx'
import { AffiliateDisclosure } from './OfferTerms.tsx'
import { SearchForm } from './SearchForm.tsx'
import { useT } from './use-t.ts'
import { useMarketPath } from './market-path.ts'

/** What the 404 page shows besides its message (pages/_error/+data.ts). */
export type NotFoundData = { q: string; suggestions: Suggestion[]; articles: ArticleCardData[]; offers: BrandOffer[]; disclosure: string }

const KIND = { brand: 'search.kind.brand', tag: 'search.kind.tag', article: 'search.kind.article' } as const

/**
 * A 404 that helps (issue 26): the message (the spec's texts: 'Article not found.', 'Brand not found',
 * 'Page not found.'), a search field filled with the address's words, what those words name, a few
 * popular articles, and the top offers for the visitor's country with their terms, age mark and tracked
 * links (slot `not-found-offers`). Without `help` (another error, or none could be worked out) the
 * message and a way home.
 */
export function NotFoundView({ message, help }: { message: string; help: NotFoundData | null }) {
  const t = useT()
  const local = useMarketPath()
  return (
    <div className={help ? 'error-page not-found' : 'error-page'}>
      <h1 className="error-title">{message}</h1>
      {help && (
        <>
          <p className="muted">{t('notFound.intro')}</p>
          <SearchForm q={help.q} id="not-found-q" label={t('notFound.searchLabel')} />
          {help.suggestions.length > 0 && (
            <nav className="not-found-suggestions" aria-labelledby="not-found-suggestions-heading">
              <h2 id="not-found-suggestions-heading">{t('notFound.lookingFor')}</h2>
              <ul>
                {help.suggestions.map((s) => (
                  <li key={s.href}>
                    <span className="muted small">{t(KIND[s.kind])}</span> <a href={s.href}>{s.label}</a>
                  </li>
                ))}
              </ul>
            </nav>
          )}
          {help.articles.length > 0 && (
            <section className="section" aria-labelledby="not-found-articles-heading">
              <h2 id="not-found-articles-heading">{t('notFound.popular')}</h2>
              <div className={help.articles.length === 3 ? 'grid' : 'grid grid-4'}>
                {help.articles.map((a) => (
                  <ArticleCard key={a._id} article={a} />
                ))}
              </div>
            </section>
          )}
          {help.offers.length > 0 && (
            <section className="section" aria-labelledby="not-found-offers-heading" data-slot="not-found-offers">
              <h2 id="not-found-offers-heading">{t('offers.top')}</h2>
              <AffiliateDisclosure text={help.disclosure} />
              <OfferCards offers={help.offers} slot="not-found-offers" />
            </section>
          )}
        </>
      )}
      <p className="center">
        <a className="btn" href={local('/')}>
          {t('notFound.home')}
        </a>
      </p>
    </div>
  )
}
