import { useMarketPath } from './market-path.ts'
import { AFFILIATE_DISCLOSURE_PATH, AGE_MARK, DEFAULT_AFFILIATE_DISCLOSURE, isAbsoluteHttpUrl } from '../lib/offer-terms.ts'
import type { BrandOffer } from '../lib/schemas.ts'
import { highestAgeMark } from '../lib/inducements.ts'
import { TERMS_LINE_BREAK } from '../lib/markets.ts'
import { otherCurrency } from '../lib/offer-money.ts'
import { useContentLang, useT } from './use-t.ts'

/**
 * The significant terms of an offer, its age badge and a link to the operator's full terms: shown
 * without a click beside every rendering of an offer (UK Gambling Commission / ASA-CAP). Every list of
 * offers uses this one component, so a new one cannot forget the terms. Terms that begin with their
 * own age mark ("18+.", "21+") give the badge its text and lose the mark, so it is never shown twice.
 * `compact` (the phone's fixed deal bar, where height is scarce) shows short terms in full and longer
 * ones as a link to `detailsHref`, where they are in full: never cut mid-sentence.
 *
 * The terms line also says the offer's currency (issue 34): `data-offer-currency` names it for the offer
 * around it, and where it is not the market's, the line says so in words ("Amounts in GBP.").
 */
export function OfferTerms({ offer, compact = false, detailsHref }: { offer: Pick<BrandOffer, 'brandName' | 'termsSummary' | 'termsUrl' | 'offerCurrency' | 'marketCurrency'>; compact?: boolean; detailsHref?: string }) {
  // the brand's terms, then the market's line on a line of its own (lib/markets.ts termsForMarket)
  const [head = '', ...tail] = (offer.termsSummary ?? '').split(TERMS_LINE_BREAK)
  const { age, rest: own } = splitAgeMark(head)
  const line = tail.join(' ').trim()
  const summary = `${own}${line ? ` ${line}` : ''}`
  const url = offer.termsUrl && isAbsoluteHttpUrl(offer.termsUrl) ? offer.termsUrl : '' // validated on write; never a javascript: href
  const linked = compact && detailsHref && summary.length > COMPACT_TERMS_MAX
  const t = useT()
  const foreign = otherCurrency(offer.offerCurrency, offer.marketCurrency)
  return (
    <p className={compact ? 'offer-terms compact' : 'offer-terms'} data-testid="offer-terms" {...(offer.offerCurrency ? { 'data-offer-currency': offer.offerCurrency } : {})}>
      <span className="age-badge">{age}</span>{' '}
      {foreign && (
        <>
          <span className="offer-currency">{t('terms.amountsIn', { currency: foreign })}</span>{' '}
        </>
      )}
      {linked ? (
        <a className="terms-text" href={detailsHref}>
          {t('terms.readThem')}
        </a>
      ) : (
        <TermsText own={own} line={line} />
      )}
      {url && (
        <>
          {' '}
          <a href={url} target="_blank" rel="nofollow noopener" aria-label={t('terms.fullFor', { brand: offer.brandName })}>
            {t('terms.full')}
          </a>
        </>
      )}
    </p>
  )
}

/**
 * The brand's own terms (its editor's words: marked English on a page in another language) and the market's
 * safer-gambling line after TERMS_LINE_BREAK (lib/markets.ts termsForMarket: the market's language); without
 * terms of its own, the page's "T&Cs apply".
 */
function TermsText({ own, line }: { own: string; line: string }) {
  const t = useT()
  const contentLang = useContentLang()
  if (!own) return <span className="terms-text">{line ? `${t('terms.apply')}. ${line}` : `| ${t('terms.apply')}`}</span>
  return (
    <span className="terms-text">
      <span lang={contentLang}>{own}</span>
      {line && ` ${line}`}
    </span>
  )
}

/**
 * The longest terms line the phone's deal bar shows in full: one line with its badge and 'Full T&Cs' on a 320 px
 * screen. Longer ones are a link to them (at 90 the bar grew to 105 px on a 320 px screen, all the time).
 */
export const COMPACT_TERMS_MAX = 40


/**
 * A terms line's own leading age mark ("18+. New customers only…" → 18+ and "New customers only…"), or
 * the default 18+ when it has none: the badge shows the mark once.
 */
export function splitAgeMark(terms: string): { age: string; rest: string } {
  const text = terms.trim()
  const m = AGE_MARK.exec(text)
  // the highest age the terms state ("18+. … (21+ where required)" shows 21+): never a mark under the brand's own
  const age = `${Math.max(m ? Number(m[1]) : 18, highestAgeMark(text) ?? 0)}+`
  return m ? { age, rest: text.slice(m[0].length) } : { age, rest: text }
}

/** The affiliate disclosure (paid placement is disclosed), as plain text: React escapes it, never HTML. */
export function AffiliateDisclosure({ text }: { text?: string }) {
  const t = useT()
  const local = useMarketPath()
  // the site's default line is the catalog's, in the page's language; an editor's own stays as written
  return (
    <p className="disclosure" data-testid="affiliate-disclosure">
      {!text || text === DEFAULT_AFFILIATE_DISCLOSURE ? t('disclosure.text') : text} <a href={local(AFFILIATE_DISCLOSURE_PATH)}>{t('disclosure.read')}</a>
    </p>
  )
}
