import { imageAltOf } from '../lib/cards.ts'
import { useMarketPath } from './market-path.ts'
import { tagPath } from '../lib/tag-path.ts'
import type { BrandOffer } from '../lib/schemas.ts'
import { articlePath } from '../lib/links.ts'
import { ArticleGrid, type ArticleCardData, Recommended } from './ArticleGrid.tsx'
import { BrandOffers } from './BrandOffers.tsx'
import { AffiliateDisclosure } from './OfferTerms.tsx'
import { IMAGE_SIZES } from '../lib/images.ts'
import { ResponsiveImage } from './ResponsiveImage.tsx'
import { useT } from './use-t.ts'

export type HomeData = {
  /** `lead`: a market's own hero's line (issue 23); absent, the site's */
  hero: { title: string; lead?: string } | null
  featured: ArticleCardData | null
  /** the grid's first page; `nextCursor` fetches the rest (null: there is no more) */
  articles: ArticleCardData[]
  nextCursor?: string | null
  bottoms: ArticleCardData[] | undefined
  offers: BrandOffer[]
  /** the affiliate disclosure line (a site setting); the default when absent */
  disclosure?: string
}

export function HomeView({ hero, featured, articles, nextCursor = null, bottoms, offers, disclosure }: HomeData) {
  const local = useMarketPath()
  const t = useT()
  return (
    <>
      {hero && featured ? (
        <section className="hero">
          <div className="hero-text">
            <h1>{hero.title}</h1>
            <p className="lead">{hero.lead ?? t('home.lead')}</p>
          </div>
          <article className="featured card" data-testid="featured">
            {/* the home page's largest image above the fold (its LCP) */}
            {featured.image && <ResponsiveImage src={featured.image} alt={imageAltOf(featured)} width={800} height={450} sizes={IMAGE_SIZES.featured} priority />}
            <div className="card-body">
              {featured.tag && (
                <a className="tag" href={local(tagPath(featured.tag))}>
                  {featured.tag}
                </a>
              )}
              <h2>{featured.title}</h2>
              <p className="muted">{featured.description}</p>
              <a className="btn btn-primary" href={local(articlePath(featured._id))}>
                {t('home.readGuide')}
              </a>
            </div>
          </article>
        </section>
      ) : (
        <p className="empty">{t('home.empty')}</p>
      )}
      <section className="section" aria-labelledby="offers-heading">
        <h2 id="offers-heading">{t('offers.top')}</h2>
        <AffiliateDisclosure text={disclosure} />
        <BrandOffers offers={offers} />
        <p className="center">
          <a href={local('/brands')}>{t('offers.allBrands')}</a>
        </p>
      </section>
      <section className="section" aria-labelledby="latest-heading">
        <h2 id="latest-heading">{t('home.latest')}</h2>
        <ArticleGrid articles={articles} nextCursor={nextCursor} />
        <p className="center">
          <a href={local('/articles')}>{t('home.allArticles')}</a>
        </p>
      </section>
      <Recommended articles={bottoms} />
    </>
  )
}
