import { AFFILIATE_DISCLOSURE_PATH, DEFAULT_AFFILIATE_DISCLOSURE, isAbsoluteHttpUrl, TERMS_FALLBACK } from '../lib/offer-terms.ts'
import type { BrandOffer } from '../lib/schemas.ts'

/**
 * The significant terms of an offer, its 18+ badge and a link to the operator's full terms: shown
 * without a click beside every rendering of an offer (UK Gambling Commission / ASA-CAP). Every list of
 * offers uses this one component, so a new one cannot forget the terms. `compact` keeps the line to
 * two lines where height is scarce (the phone's fixed deal bar); the full terms link stays visible.
 */
export function OfferTerms({ offer, compact = false }: { offer: Pick<BrandOffer, 'brandName' | 'termsSummary' | 'termsUrl'>; compact?: boolean }) {
  const summary = offer.termsSummary?.trim()
  const url = offer.termsUrl && isAbsoluteHttpUrl(offer.termsUrl) ? offer.termsUrl : '' // validated on write; never a javascript: href
  return (
    <p className={compact ? 'offer-terms compact' : 'offer-terms'} data-testid="offer-terms">
      <span className="age-badge">18+</span>{' '}
      <span className="terms-text">{summary || `| ${TERMS_FALLBACK}`}</span>
      {url && (
        <>
          {' '}
          <a href={url} target="_blank" rel="nofollow noopener" aria-label={`Full T&Cs for ${offer.brandName}`}>
            Full T&Cs
          </a>
        </>
      )}
    </p>
  )
}

/** The affiliate disclosure (paid placement is disclosed), as plain text: React escapes it, never HTML. */
export function AffiliateDisclosure({ text }: { text?: string }) {
  return (
    <p className="disclosure" data-testid="affiliate-disclosure">
      {text || DEFAULT_AFFILIATE_DISCLOSURE} <a href={AFFILIATE_DISCLOSURE_PATH}>Read our affiliate disclosure.</a>
    </p>
  )
}
