import { useMemo, useState } from 'react'
import { useMarketPath } from './market-path.ts'
import type { BrandOffer } from '../lib/schemas.ts'
import { pageCount, pageSlice } from '../lib/paging.ts'
import type { Slot } from '../lib/attribution.ts'
import { useGoHref } from './tracked-link.ts'
import { OfferTerms } from './OfferTerms.tsx'
import { Pagination } from './Pagination.tsx'
import { useT } from './use-t.ts'
import { offerTypeLabel } from './cta-label.ts'

export const OFFERS_PER_PAGE = 5 // spec §9

/** Tab labels: "typeNew" reads as "New". */
export const tabLabel = (type: string) => type.replace(/^type/, '').replace(/([a-z])([A-Z])/g, '$1 $2') || type

function PlayLink({ offer, slot, position }: { offer: BrandOffer; slot: Slot; position: number }) {
  const href = useGoHref(offer._id, { slot, position })
  const t = useT()
  if (!offer.dealBox?.ctaUrl) return null
  return (
    <a className="btn btn-primary" href={href} target="_blank" rel="sponsored noopener">
      {t('offers.play')}
    </a>
  )
}

function ReviewButton({ offer }: { offer: BrandOffer }) {
  const local = useMarketPath()
  const t = useT()
  return (
    <a className="btn" href={local(`/brands/${encodeURIComponent(offer._id)}`)}>
      {t('offers.review')}
    </a>
  )
}

function Logo({ offer, size = 48 }: { offer: BrandOffer; size?: number }) {
  const t = useT()
  return offer.logo ? (
    <img className="offer-logo" src={offer.logo.cdnUrl} alt={t('offers.logo', { brand: offer.brandName })} width={size} height={size} loading="lazy" />
  ) : (
    <span className="offer-logo placeholder" aria-hidden="true" />
  )
}

/** Logo, name and tagline: the same in the table row and the card. */
function OfferBrand({ offer, size }: { offer: BrandOffer; size?: number }) {
  return (
    <div className="offer-brand">
      <Logo offer={offer} size={size} />
      <div>
        <strong>{offer.brandName}</strong>
        <p className="muted">{offer.tagline}</p>
      </div>
    </div>
  )
}

function OfferTable({ offers, slot, offset }: { offers: BrandOffer[]; slot: Slot; offset: number }) {
  const t = useT()
  return (
    <div className="table-scroll">
      <table className="offers-table">
        <thead>
          <tr>
            <th className="col-brand">{t('offers.colBrand')}</th>
            <th>{t('offers.colOffer')}</th>
            <th>{t('offers.colRating')}</th>
            <th aria-label={t('offers.colActions')} />
          </tr>
        </thead>
        {/* one body per offer: its row, then its terms on a row of their own below the Play button, so
            keyboard focus meets Play before 'Full T&Cs' as the eye does (issue 26) */}
        {offers.map((o, i) => (
          <tbody key={o._id} className="offer" data-testid="offer-row">
            <tr>
              <td>
                <OfferBrand offer={o} />
              </td>
              <td>
                <strong className="deal-main">{o.dealBox?.mainText}</strong>
                <p className="muted">{o.dealBox?.subText}</p>
              </td>
              <td className="rating-cell">{o.rating != null ? `★ ${o.rating.toFixed(1)}` : '-'}</td>
              <td>
                <div className="actions">
                  <PlayLink offer={o} slot={slot} position={offset + i + 1} />
                  <ReviewButton offer={o} />
                </div>
              </td>
            </tr>
            <tr className="offer-terms-row">
              <td />
              <td colSpan={3}>
                <OfferTerms offer={o} />
              </td>
            </tr>
          </tbody>
        ))}
      </table>
    </div>
  )
}

/** Offers as cards; `slot` and `offset` say where their links are shown (issue 21: position = offset + index + 1). */
export function OfferCards({ offers, slot, offset = 0 }: { offers: BrandOffer[]; slot: Slot; offset?: number }) {
  return (
    <ul className="offers-cards">
      {offers.map((o, i) => (
        <li key={o._id} className="offer-card" data-testid="offer-card">
          <OfferBrand offer={o} size={56} />
          <p className="deal-main">{o.dealBox?.mainText}</p>
          <p className="muted">{o.dealBox?.subText}</p>
          {o.bonusOffer && <p className="bonus-offer">{o.bonusOffer}</p>}
          <OfferTerms offer={o} />
          <div className="actions">
            <PlayLink offer={o} slot={slot} position={offset + i + 1} />
            <ReviewButton offer={o} />
          </div>
        </li>
      ))}
    </ul>
  )
}

/** The home page's tabbed offers list (spec §2, "Brand offers list"). */
export function BrandOffers({ offers }: { offers: BrandOffer[] }) {
  const tabs = useMemo(() => [...new Set(offers.flatMap((o) => o.type ?? []))], [offers])
  const [tab, setTab] = useState(tabs[0])
  const [page, setPage] = useState(1)
  const tr = useT()

  if (offers.length === 0) return <p className="empty">{tr('offers.none')}</p>

  // No typed offers: the simpler featured layout (spec §2, "Home page").
  if (tabs.length === 0) {
    return (
      <div className="offers offers-simple" data-testid="offers-simple" data-slot="home-offers">
        <OfferCards offers={offers} slot="home-offers" />
      </div>
    )
  }

  const current = tabs.includes(tab) ? tab : tabs[0]
  const inTab = offers.filter((o) => o.type?.includes(current))
  const pages = pageCount(inTab.length, OFFERS_PER_PAGE)
  const shown = pageSlice(inTab, Math.min(page, pages), OFFERS_PER_PAGE)

  return (
    <div className="offers" data-slot="home-offers">
      <div className="tabs" role="tablist" aria-label={tr('offers.types')}>
        {tabs.map((t) => (
          <button
            key={t}
            type="button"
            role="tab"
            aria-selected={t === current}
            className={`tab${t === current ? ' active' : ''}`}
            onClick={() => {
              setTab(t)
              setPage(1)
            }}
          >
            {offerTypeLabel(tr, t)}
          </button>
        ))}
      </div>
      {shown.length === 0 ? (
        <p className="empty">{tr('offers.none')}</p>
      ) : (
        <>
          <div className="offers-wide">
            <OfferTable offers={shown} slot="home-offers" offset={(Math.min(page, pages) - 1) * OFFERS_PER_PAGE} />
          </div>
          <div className="offers-narrow">
            <OfferCards offers={shown} slot="home-offers" offset={(Math.min(page, pages) - 1) * OFFERS_PER_PAGE} />
          </div>
        </>
      )}
      <Pagination page={Math.min(page, pages)} pages={pages} onChange={setPage} />
    </div>
  )
}
