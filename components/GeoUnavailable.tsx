import type { BrandOffer } from '../lib/schemas.ts'
import './geo.css'
import { OfferTerms } from './OfferTerms.tsx'
import { useMarketPath } from './market-path.ts'
import { useT } from './use-t.ts'

/**
 * In place of a brand's call-to-action when it may not be shown in the visitor's country (compliance:
 * an operator only where it holds a licence): says so, and offers the brands available there.
 */
export function GeoUnavailable({ brandName, alternatives, unlicensedIn }: { brandName: string; alternatives: BrandOffer[]; unlicensedIn?: string | null }) {
  const t = useT()
  return (
    <div className="card geo-unavailable" role="status" data-testid="geo-unavailable">
      <p className="geo-unavailable-title">
        <strong>{unlicensedIn ? t('availability.notLicensed', { brand: brandName, market: unlicensedIn }) : t('availability.notInCountry', { brand: brandName })}</strong>
      </p>
      <AlternativeOffers intro={t('availability.brandsHere')} alternatives={alternatives} />
    </div>
  )
}

/**
 * Up to five other offers where one cannot be shown (not available here, not licensed in the market, ended
 * or not begun: components/OfferNotRunning.tsx), each a link to its brand page inside the page's market; or,
 * when there are none, the way back to the offers that are.
 */
export function AlternativeOffers({ intro, alternatives }: { intro: string; alternatives: BrandOffer[] }) {
  const local = useMarketPath()
  const t = useT()
  return alternatives.length > 0 ? (
    <>
      <p className="muted small">{intro}</p>
      <ul className="geo-alternatives">
        {alternatives.map((o) => (
          <li key={o._id}>
            <a href={local(`/brands/${encodeURIComponent(o._id)}`)}>{o.brandName}</a>
            {o.offerHighlight && (
              <>
                <span className="muted small"> · {o.offerHighlight}</span>
                {/* an offer anywhere carries its terms and age mark (issue 34) */}
                <OfferTerms offer={o} compact />
              </>
            )}
          </li>
        ))}
      </ul>
    </>
  ) : (
    <p className="muted small">
      <a href={local('/')}>{t('availability.seeOffers')}</a>
    </p>
  )
}
