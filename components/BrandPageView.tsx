import { useMarketPath } from './market-path.ts'
import { useState } from 'react'
import { navigate } from 'vike/client/router'
import type { BrandOffer, BrandPage, DealBox } from '../lib/schemas.ts'
import { isSafeHref } from '../lib/links.ts'
import { truncate } from '../lib/text.ts'
import { formatDay } from '../lib/format.ts'
import { GeoUnavailable } from './GeoUnavailable.tsx'
import type { MdTree } from '../lib/markdown-tree.ts'
import { useGoHref } from './tracked-link.ts'
import { AffiliateDisclosure, OfferTerms } from './OfferTerms.tsx'
import { IMAGE_SIZES } from '../lib/images.ts'
import { ResponsiveImage } from './ResponsiveImage.tsx'
import { type Block, RenderBlock, RenderBlocks, sectionBlock } from './blocks/index.tsx'
import { OfferNotRunning } from './OfferNotRunning.tsx'
import type { OfferState } from '../lib/offer-lifecycle.ts'
import { brandScore } from '../lib/review-score.ts'
import { useContentLang, useLocale, useT } from './use-t.ts'
import { ctaLabel } from './cta-label.ts'

export const PLACEHOLDER_BANNER = '/placeholder-banner.svg'
export const SHORT_HISTORY = 2 // spec §9

/** Back goes home when there is nothing to go back to (spec §2). */
export function goBack() {
  if (window.history.length <= SHORT_HISTORY) void navigate('/')
  else window.history.back()
}

export function Tagline({ text }: { text: string }) {
  const [expanded, setExpanded] = useState(false)
  const cut = truncate(text)
  const t = useT()
  return (
    <p className="tagline">
      {expanded || !cut.truncated ? text : cut.text}{' '}
      {cut.truncated && (
        <button type="button" className="link-button" onClick={() => setExpanded((v) => !v)}>
          {expanded ? t('brand.showLess') : t('brand.showMore')}
        </button>
      )}
    </p>
  )
}

function CtaButton({ brand, className = 'btn btn-primary btn-lg', slot }: { brand: BrandPage; className?: string; slot: 'brand-cta' | 'brand-mobile-bar' }) {
  const href = useGoHref(brand._id, { slot })
  const t = useT()
  const { ctaUrl } = brand.dealBox
  if (!brand.dealBox.ctaLabel) return null
  const label = ctaLabel(t, brand.dealBox.ctaLabel)
  if (!ctaUrl) return <span className={`${className} disabled`}>{label}</span>
  return (
    <a className={className} href={href} target="_blank" rel="sponsored noopener">
      {label}
    </a>
  )
}

const TimerIcon = () => (
  <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" className="icon">
    <circle cx="12" cy="13" r="8" fill="none" stroke="currentColor" strokeWidth="2" />
    <path d="M12 9v4l3 2M9 2h6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
  </svg>
)

/**
 * The deal box's and the deal bar's countdown: computed from the offer's end date, never the free text alone (issue 34: "Offer
 * ends in 2 days" showed on offers that end on no day). The spec's `countdownText` is still stored and
 * answered; readers see a deadline only when `validUntil` gives one, as the day it ends (a day, not "in 2
 * days", so a cached page is never wrong about it).
 */
function Countdown({ brand, as: Tag }: { brand: Pick<BrandPage, 'validUntil'>; as: 'p' | 'span' }) {
  const t = useT()
  const day = formatDay(brand.validUntil, useLocale())
  return day ? (
    <Tag className="countdown">
      <TimerIcon /> {t('brand.offerEnds', { day })}
    </Tag>
  ) : null
}

/** The deal box shows only when it has a countdown (an end date), main text, sub text or a button label (spec §2). */
export function hasDealBox(d: DealBox, brand?: Pick<BrandPage, 'validUntil'>) {
  return Boolean((brand && formatDay(brand.validUntil)) || d.mainText || d.subText || d.ctaLabel)
}

export function DealBoxCard({ brand }: { brand: BrandPage }) {
  const local = useMarketPath()
  const d = brand.dealBox
  const contentLang = useContentLang()
  if (!hasDealBox(d, brand)) return null
  return (
    <div className="deal-box card" data-testid="deal-box" data-slot="brand-cta">
      <Countdown brand={brand} as="p" />
      {d.mainText && <p className="deal-main">{d.mainText}</p>}
      {d.subText && <p className="muted">{d.subText}</p>}
      {d.linkText && d.linkUrl && isSafeHref(d.linkUrl) && (
        <a className="deal-link" href={local(d.linkUrl)} data-testid="deal-link" lang={contentLang}>
          {d.linkText}
        </a>
      )}
      {brand.facts?.bonusCode && <RenderBlock block={{ kind: 'bonusCode', brandId: brand._id, code: brand.facts.bonusCode, slot: 'brand-cta' }} />}
      <CtaButton brand={brand} slot="brand-cta" />
      <OfferTerms offer={brand} />
    </div>
  )
}

/** Fixed bottom bar on phones: needs both a button label and a URL; hidden from the small breakpoint up. */
export function MobileDealBar({ brand }: { brand: BrandPage }) {
  const d = brand.dealBox
  if (!d.ctaLabel || !d.ctaUrl) return null
  return (
    <div className="mobile-deal-bar" data-testid="mobile-deal-bar" data-slot="brand-mobile-bar">
      <Countdown brand={brand} as="span" />
      <CtaButton brand={brand} className="btn btn-primary" slot="brand-mobile-bar" />
      <OfferTerms offer={brand} compact detailsHref="#offer-details" />
    </div>
  )
}

/** What "See Offer Details" scrolls to: the bonus, its condition and the significant terms, on every brand page. */
export function OfferDetails({ brand }: { brand: BrandPage }) {
  const t = useT()
  return (
    <section id="offer-details" className="card brand-section offer-details" aria-labelledby="offer-details-heading">
      <h2 id="offer-details-heading">{t('brand.offerDetails')}</h2>
      {(brand.bonusOffer || brand.dealBox.mainText) && <p className="deal-main">{brand.bonusOffer || brand.dealBox.mainText}</p>}
      {brand.bonusCondition && <p className="muted">{brand.bonusCondition}</p>}
      <OfferTerms offer={brand} />
    </section>
  )
}

/** The blocks above a brand page's offer details, in reading order: key facts, the review, the promo tables. */
export function leadBlocks(brand: BrandPage): Block[] {
  const blocks: Block[] = [
    { kind: 'facts', brand },
    { kind: 'review', brand },
  ]
  if (brand.promoTable && (brand.promoTable.heading || brand.promoTable.rows.length > 0)) blocks.push({ kind: 'table', table: brand.promoTable, level: 2, terms: brand })
  for (const table of brand.promoTables) blocks.push({ kind: 'table', table, level: 2, terms: brand })
  return blocks
}

/**
 * Whether the visitor's country may be shown this brand's offer (compliance: geo rules) and whether the
 * offer runs now (issue 22: `offer`); absent = yes to both.
 */
export type BrandAvailability = { available: boolean; alternatives: BrandOffer[]; offer?: OfferState; /** issue 23: the market's name when the brand lacks the licence it requires */ unlicensedIn?: string | null }

/** `sectionTrees`: each text section's Markdown as a tree, by section index (the server's +data builds them). */
export function BrandPageView({ brand, disclosure, availability, sectionTrees }: { brand: BrandPage; disclosure?: string; availability?: BrandAvailability; sectionTrees?: (MdTree | null)[] }) {
  const unavailable = availability?.available === false
  const offer = availability?.offer ?? 'active'
  // an offer that is not running shows nowhere on its page: not in the deal box, the bar or the side card
  const notRunning = !unavailable && offer !== 'active' ? offer : null
  // no offer of any kind where the visitor may not be shown it: the notice and alternatives only (issue 34)
  const noOffer = unavailable || notRunning != null
  const score = brandScore(brand)
  const t = useT()
  const locale = useLocale()
  const contentLang = useContentLang()
  return (
    <div className="brand-page">
      <button type="button" className="btn back" onClick={goBack}>
        {t('brand.back')}
      </button>
      <div className="brand-hero">
        {/* the banner is the brand page's LCP */}
        <ResponsiveImage
          className="banner"
          src={brand.bannerImage?.cdnUrl || PLACEHOLDER_BANNER}
          alt={brand.bannerAlt?.trim() || t('brand.banner', { brand: brand.brandName })}
          width={1200}
          height={360}
          sizes={IMAGE_SIZES.banner}
          priority
        />
        <div className="brand-id">
          {brand.logo && <img className="brand-logo" src={brand.logo.cdnUrl} alt={t('offers.logo', { brand: brand.brandName })} width={96} height={96} />}
          <div>
            <h1>{brand.brandName}</h1>
            {score != null && <p className="rating">{t('brand.rating', { score: score.toLocaleString(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }) })}</p>}
          </div>
        </div>
      </div>
      <AffiliateDisclosure text={disclosure} />
      <div className="brand-layout">
        <div className="brand-main">
          {brand.tagline && <Tagline text={brand.tagline} />}
          {brand.highlights.length > 0 && (
            <ul className="highlights" lang={contentLang}>
              {brand.highlights.map((h, i) => (
                <li key={i}>
                  <span className="muted small">{h.title}</span>
                  <strong>{h.value}</strong>
                </li>
              ))}
            </ul>
          )}
          <RenderBlocks blocks={leadBlocks(brand)} />
          {brand.timelines.length > 0 && (
            <section className="card brand-section">
              <h2>{t('brand.timelines')}</h2>
              <div className="timelines" lang={contentLang}>
                {brand.timelines.map((t, i) => (
                  <div key={i} className="timeline">
                    <span className="muted small">{t.label}</span>
                    <strong>
                      {t.value} <span className="unit">{t.unit}</span>
                    </strong>
                  </div>
                ))}
              </div>
            </section>
          )}
          {!noOffer && <OfferDetails brand={brand} />}
          <RenderBlocks blocks={brand.sections.map((s, i) => sectionBlock(s, sectionTrees?.[i], brand))} />
        </div>
        <aside className="brand-side">
          {unavailable ? (
            <GeoUnavailable brandName={brand.brandName} alternatives={availability.alternatives} unlicensedIn={availability.unlicensedIn} />
          ) : notRunning ? (
            <OfferNotRunning brand={brand} state={notRunning} alternatives={availability?.alternatives ?? []} />
          ) : (
            <DealBoxCard brand={brand} />
          )}
          {/* never a titled card with nothing in it: where a market bars bonuses there is no bonus to list */}
          {!noOffer && (brand.bonusOffer || brand.dealBox.mainText || brand.bonusCondition) && (
            <div className="card top-offers">
              <h2>{t('brand.topOffers', { brand: brand.brandName })}</h2>
              {(brand.bonusOffer || brand.dealBox.mainText) && <p className="deal-main">{brand.bonusOffer || brand.dealBox.mainText}</p>}
              {brand.bonusCondition && <p className="muted small">{brand.bonusCondition}</p>}
              <OfferTerms offer={brand} />
              {/* a plain in-page anchor: works before and without JavaScript */}
              <a className="offer-details-link" href="#offer-details">{t('brand.seeDetails')}</a>
            </div>
          )}
        </aside>
      </div>
      {!noOffer && <MobileDealBar brand={brand} />}
    </div>
  )
}
