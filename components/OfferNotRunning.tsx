import { formatDay } from '../lib/format.ts'
import type { BrandOffer, BrandPage } from '../lib/schemas.ts'
import './formats.css'
import { AlternativeOffers } from './GeoUnavailable.tsx'
import { useLocale, useT } from './use-t.ts'

/**
 * In place of the offer when it is not running (docs/formats.md, "Offer dates"): it has ended, or starts on a day; with up to
 * five offers available in the visitor's country instead.
 */
export function OfferNotRunning({ brand, state, alternatives }: { brand: BrandPage; state: 'upcoming' | 'ended'; alternatives: BrandOffer[] }) {
  const t = useT()
  const starts = formatDay(brand.validFrom, useLocale())
  return (
    <div className="card offer-ended" role="status" data-testid="offer-ended">
      <p className="offer-ended-title">
        <strong>{state === 'ended' ? t('availability.ended', { brand: brand.brandName }) : t('availability.starts', { brand: brand.brandName, day: starts ?? '' })}</strong>
      </p>
      <AlternativeOffers intro={t('availability.offersNow')} alternatives={alternatives} />
    </div>
  )
}
