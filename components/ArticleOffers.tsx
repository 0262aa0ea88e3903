import type { BrandOffer } from '../lib/schemas.ts'
import { useMarketPath } from './market-path.ts'
import { AffiliateDisclosure, OfferTerms } from './OfferTerms.tsx'
import { useGoHref } from './tracked-link.ts'
import { useT } from './use-t.ts'

function OfferRow({ offer, position }: { offer: BrandOffer; position: number }) {
  const local = useMarketPath()
  const href = useGoHref(offer._id, { slot: 'article-offers', position })
  const t = useT()
  return (
    <li className="article-offer" data-testid="article-offer">
      <div className="article-offer-head">
        {offer.logo ? <img className="offer-logo" src={offer.logo.cdnUrl} alt={t('offers.logo', { brand: offer.brandName })} width={40} height={40} loading="lazy" /> : <span className="offer-logo placeholder" aria-hidden="true" />}
        <div>
          <a href={local(`/brands/${encodeURIComponent(offer._id)}`)} className="article-offer-name">
            {offer.brandName}
          </a>
          {offer.dealBox?.mainText && <p className="deal-main">{offer.dealBox.mainText}</p>}
        </div>
        {offer.dealBox?.ctaUrl && (
          <a className="btn btn-primary" href={href} target="_blank" rel="sponsored noopener">
            {t('offers.play')}
          </a>
        )}
      </div>
      <OfferTerms offer={offer} />
    </li>
  )
}

/**
 * An article's own offer placement (issue 21): a short box of the top offers for its tag, available in
 * the visitor's country, each with its significant terms and age mark and a tracked link (slot
 * `article-offers`, position 1…n), under the affiliate disclosure. Nothing at all when no offer is
 * available there.
 */
export function ArticleOffers({ tag, offers, disclosure }: { tag: string | null; offers: BrandOffer[]; disclosure?: string }) {
  const t = useT()
  if (!offers.length) return null
  return (
    <aside className="article-offers card" aria-labelledby="article-offers-heading" data-slot="article-offers">
      <h2 id="article-offers-heading">{tag ? t('offers.topTag', { tag }) : t('offers.top')}</h2>
      <AffiliateDisclosure text={disclosure} />
      <ol className="article-offer-list">
        {offers.map((o, i) => (
          <OfferRow key={o._id} offer={o} position={i + 1} />
        ))}
      </ol>
    </aside>
  )
}
