import { useEffect, useState } from 'react'
import { navigate } from 'vike/client/router'
import type { BrandOffer, BrandPage, DealBox, PromoTable, Section } from '../lib/schemas.ts'
import { isSafeHref } from '../lib/links.ts'
import { truncate } from '../lib/text.ts'
import { GeoUnavailable } from './GeoUnavailable.tsx'
import { MarkdownTree } from './MarkdownTree.tsx'
import type { MdTree } from '../lib/markdown-tree.ts'
import { useGoHref } from './tracked-link.ts'
import { AffiliateDisclosure, OfferTerms } from './OfferTerms.tsx'
import { IMAGE_SIZES } from '../lib/images.ts'
import { ResponsiveImage } from './ResponsiveImage.tsx'
import { BonusCode } from './BonusCode.tsx'
import { KeyFacts, OfferNotRunning, ReviewBlock } from './BrandFormats.tsx'
import type { OfferState } from '../lib/offer-lifecycle.ts'
import { brandScore } from '../lib/review-score.ts'

export const PLACEHOLDER_BANNER = '/placeholder-banner.svg'
export const DEFAULT_TERMS_TITLE = 'Important Terms & Conditions' // spec §9
export const DEFAULT_FAQ_TITLE = 'Frequently Asked Questions' // spec §9
export const SHORT_HISTORY = 2 // spec §9

/** Back goes home when there is nothing to go back to (spec §2). */
export function goBack() {
  if (window.history.length <= SHORT_HISTORY) void navigate('/')
  else window.history.back()
}

export function Tagline({ text }: { text: string }) {
  const [expanded, setExpanded] = useState(false)
  const cut = truncate(text)
  return (
    <p className="tagline">
      {expanded || !cut.truncated ? text : cut.text}{' '}
      {cut.truncated && (
        <button type="button" className="link-button" onClick={() => setExpanded((v) => !v)}>
          {expanded ? 'Show less' : 'Show more'}
        </button>
      )}
    </p>
  )
}

function CtaButton({ brand, className = 'btn btn-primary btn-lg', slot }: { brand: BrandPage; className?: string; slot: 'brand-cta' | 'brand-mobile-bar' }) {
  const href = useGoHref(brand._id, { slot })
  const { ctaLabel, ctaUrl } = brand.dealBox
  if (!ctaLabel) return null
  if (!ctaUrl) return <span className={`${className} disabled`}>{ctaLabel}</span>
  return (
    <a className={className} href={href} target="_blank" rel="sponsored noopener">
      {ctaLabel}
    </a>
  )
}

const TimerIcon = () => (
  <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" className="icon">
    <circle cx="12" cy="13" r="8" fill="none" stroke="currentColor" strokeWidth="2" />
    <path d="M12 9v4l3 2M9 2h6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
  </svg>
)

/** The deal box shows only when it has a countdown, main text, sub text or a button label (spec §2). */
export function hasDealBox(d: DealBox) {
  return Boolean(d.countdownText || d.mainText || d.subText || d.ctaLabel)
}

export function DealBoxCard({ brand }: { brand: BrandPage }) {
  const d = brand.dealBox
  if (!hasDealBox(d)) return null
  return (
    <div className="deal-box card" data-testid="deal-box" data-slot="brand-cta">
      {d.countdownText && (
        <p className="countdown">
          <TimerIcon /> {d.countdownText}
        </p>
      )}
      {d.mainText && <p className="deal-main">{d.mainText}</p>}
      {d.subText && <p className="muted">{d.subText}</p>}
      {d.linkText && d.linkUrl && isSafeHref(d.linkUrl) && (
        <a className="deal-link" href={d.linkUrl} data-testid="deal-link">
          {d.linkText}
        </a>
      )}
      {brand.facts?.bonusCode && <BonusCode brandId={brand._id} code={brand.facts.bonusCode} slot="brand-cta" />}
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
      {d.countdownText && (
        <span className="countdown">
          <TimerIcon /> {d.countdownText}
        </span>
      )}
      <CtaButton brand={brand} className="btn btn-primary" slot="brand-mobile-bar" />
      <OfferTerms offer={brand} compact detailsHref="#offer-details" />
    </div>
  )
}

/** What "See Offer Details" scrolls to: the bonus, its condition and the significant terms, on every brand page. */
export function OfferDetails({ brand }: { brand: BrandPage }) {
  return (
    <section id="offer-details" className="card brand-section offer-details" aria-labelledby="offer-details-heading">
      <h2 id="offer-details-heading">Offer details</h2>
      {(brand.bonusOffer || brand.dealBox.mainText) && <p className="deal-main">{brand.bonusOffer || brand.dealBox.mainText}</p>}
      {brand.bonusCondition && <p className="muted">{brand.bonusCondition}</p>}
      <OfferTerms offer={brand} />
    </section>
  )
}

/** `level`: the heading's rank where the table stands (2 at the top of the page, 3 inside a titled section). */
export function PromoTableView({ table, level = 3 }: { table: PromoTable; level?: 2 | 3 }) {
  const Heading = level === 2 ? 'h2' : 'h3'
  return (
    <div className="promo-table">
      {table.heading && <Heading className="promo-table-heading">{table.heading}</Heading>}
      <div className="table-scroll">
        <table>
          <thead>
            <tr>
              {table.columns.map((c, i) => (
                <th key={i}>{c}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {table.rows.map((row, r) => (
              <tr key={r}>
                {table.columns.map((_, i) => (
                  <td key={i}>{row[`col${i + 1}`] ?? ''}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  )
}

/** One item open at a time, toggled with + and − (spec §2). */
export function FaqAccordion({ title, items }: { title?: string; items: { q: string; a: string }[] }) {
  const [open, setOpen] = useState<number | null>(null)
  return (
    <section className="card brand-section">
      <h2>{title || DEFAULT_FAQ_TITLE}</h2>
      <div className="faq">
        {items.map((item, i) => (
          <div key={i} className="faq-item">
            <button type="button" className="faq-q" aria-expanded={open === i} onClick={() => setOpen(open === i ? null : i)}>
              <span>{item.q}</span>
              <span aria-hidden="true">{open === i ? '−' : '+'}</span>
            </button>
            {open === i && <p className="faq-a">{item.a}</p>}
          </div>
        ))}
      </div>
    </section>
  )
}

/**
 * A brand page section. A text section is the editor's Markdown subset, parsed on the server into `tree`
 * (the brand page's +data; no parser reaches the browser); without one its blank lines still part
 * paragraphs, as text.
 */
export function SectionView({ section, tree }: { section: Section; tree?: MdTree | null }) {
  switch (section.type) {
    case 'table':
      return (
        <section className="card brand-section">
          {section.title && <h2>{section.title}</h2>}
          <PromoTableView table={section.content} />
        </section>
      )
    case 'terms':
      return (
        <section className="card brand-section">
          <h2>{section.title || DEFAULT_TERMS_TITLE}</h2>
          <ul className="bullets">
            {section.content.map((t, i) => (
              <li key={i}>{t}</li>
            ))}
          </ul>
        </section>
      )
    case 'faq':
      return <FaqAccordion title={section.title} items={section.content} />
    case 'list':
      return (
        <section className="card brand-section">
          {section.title && <h2>{section.title}</h2>}
          {section.content.map((group, i) => (
            <div key={i}>
              <h3>{group.subheading}</h3>
              <ul className="bullets">
                {group.bullets.map((b, k) => (
                  <li key={k}>{b}</li>
                ))}
              </ul>
            </div>
          ))}
        </section>
      )
    case 'text':
      return (
        <section className="card brand-section">
          {section.title && <h2>{section.title}</h2>}
          {tree ? (
            <MarkdownTree tree={tree} />
          ) : (
            section.content
              .split(/\n\s*\n/)
              .filter((p) => p.trim())
              .map((p, i) => <p key={i}>{p.trim()}</p>)
          )}
        </section>
      )
  }
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
  const score = brandScore(brand)
  return (
    <div className="brand-page">
      <button type="button" className="btn back" onClick={goBack}>
        ← Back
      </button>
      <div className="brand-hero">
        {/* the banner is the brand page's LCP */}
        <ResponsiveImage
          className="banner"
          src={brand.bannerImage?.cdnUrl || PLACEHOLDER_BANNER}
          alt={brand.bannerAlt?.trim() || `${brand.brandName} banner`}
          width={1200}
          height={360}
          sizes={IMAGE_SIZES.banner}
          priority
        />
        <div className="brand-id">
          {brand.logo && <img className="brand-logo" src={brand.logo.cdnUrl} alt={`${brand.brandName} logo`} width={96} height={96} />}
          <div>
            <h1>{brand.brandName}</h1>
            {score != null && <p className="rating">★ {score.toFixed(1)} / 5</p>}
          </div>
        </div>
      </div>
      <AffiliateDisclosure text={disclosure} />
      <div className="brand-layout">
        <div className="brand-main">
          {brand.tagline && <Tagline text={brand.tagline} />}
          {brand.highlights.length > 0 && (
            <ul className="highlights">
              {brand.highlights.map((h, i) => (
                <li key={i}>
                  <span className="muted small">{h.title}</span>
                  <strong>{h.value}</strong>
                </li>
              ))}
            </ul>
          )}
          <KeyFacts brand={brand} />
          <ReviewBlock brand={brand} />
          {brand.promoTable && (brand.promoTable.heading || brand.promoTable.rows.length > 0) && (
            <section className="card brand-section">
              <PromoTableView table={brand.promoTable} level={2} />
            </section>
          )}
          {brand.promoTables.map((t, i) => (
            <section key={i} className="card brand-section">
              <PromoTableView table={t} level={2} />
            </section>
          ))}
          {brand.timelines.length > 0 && (
            <section className="card brand-section">
              <h2>Important Timelines</h2>
              <div className="timelines">
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
          {!notRunning && <OfferDetails brand={brand} />}
          {brand.sections.map((s, i) => (
            <SectionView key={i} section={s} tree={sectionTrees?.[i]} />
          ))}
        </div>
        <aside className="brand-side">
          {unavailable ? (
            <GeoUnavailable brandName={brand.brandName} alternatives={availability.alternatives} unlicensedIn={availability.unlicensedIn} />
          ) : notRunning ? (
            <OfferNotRunning brand={brand} state={notRunning} alternatives={availability?.alternatives ?? []} />
          ) : (
            <DealBoxCard brand={brand} />
          )}
          {!notRunning && (
            <div className="card top-offers">
              <h2>{`Top ${brand.brandName} Offers`}</h2>
              {brand.bonusOffer && <p className="deal-main">{brand.bonusOffer}</p>}
              {brand.bonusCondition && <p className="muted small">{brand.bonusCondition}</p>}
              <OfferTerms offer={brand} />
              {/* a plain in-page anchor: works before and without JavaScript */}
              <a className="offer-details-link" href="#offer-details">See Offer Details</a>
            </div>
          )}
        </aside>
      </div>
      {!unavailable && !notRunning && <MobileDealBar brand={brand} />}
    </div>
  )
}
