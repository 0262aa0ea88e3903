import { formatDay } from '../lib/format.ts'
import type { BrandOffer, BrandPage } from '../lib/schemas.ts'
import './formats.css'
import { AlternativeOffers } from './GeoUnavailable.tsx'

/**
 * In place of the offer when it is not running (docs/formats.md, "Offer dates"): it has ended, or starts on a day; with up to
 * five offers available in the visitor's country instead.
 */
export function OfferNotRunning({ brand, state, alternatives }: { brand: BrandPage; state: 'upcoming' | 'ended'; alternatives: BrandOffer[] }) {
  const starts = formatDay(brand.validFrom)
  return (
    <div className="card offer-ended" role="status" data-testid="offer-ended">
      <p className="offer-ended-title">
        <strong>{state === 'ended' ? `This ${brand.brandName} offer has ended` : `This ${brand.brandName} offer starts on ${starts}`}</strong>
      </p>
      <AlternativeOffers intro="Offers available to you now:" alternatives={alternatives} />
    </div>
  )
}
