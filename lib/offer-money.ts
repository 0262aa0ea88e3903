import { formatMoney, SITE_LOCALE } from './format.ts'

/**
 * Money in offers (issue 34, "Money with its currency"). An offer's amounts are in one currency, its
 * `offerCurrency` (ISO 4217): editors write an amount in its text as `{500}` and every page writes it
 * with `Intl.NumberFormat` in the page's language ("£500" on an English page, "500 £" on a German one).
 * A brand may give a market its own offer (`marketOffers`: headline, terms, code, currency, minimum
 * deposit); in that market it replaces the default one. Elsewhere the default offer shows (if the
 * market's rules allow an offer at all, lib/markets.ts) in its own currency, and says which when that is
 * not the market's ("Amounts in GBP", components/OfferTerms.tsx).
 *
 * No zod and no market module here: public pages' chunks carry this file, and lib/markets.ts imports it.
 */

/** A market's own offer for a brand (the brand form's "Offer per market"). */
export type MarketOffer = {
  /** the market's key (`de`, `ca-on`) */
  market: string
  /** ISO 4217: the currency of every amount in this offer */
  currency: string
  /** the headline, shown where the default offer's highlight, bonus and deal box text would be */
  offerHighlight: string
  /** significant terms (the market's age mark and safer-gambling line are added as for any offer) */
  termsSummary: string
  bonusCode?: string
  /** the minimum deposit in `currency` (the brand's key fact in this market) */
  minDeposit?: number
}

/** What a page needs to know of its market to write an offer's money. */
export type MoneyMarket = { key: string; currency: string; language: string }

/** `{500}`, `{12.50}`: an amount in the offer's currency. */
const AMOUNT_TOKEN = /\{(\d{1,9}(?:\.\d{1,2})?)\}/g

/** The locale a market's money is written in (the default market's `en` is the site's en-GB). */
export const moneyLocale = (m: Pick<MoneyMarket, 'language'>) => (!m.language || m.language === 'en' ? SITE_LOCALE : m.language)

/**
 * A text with its `{500}` amounts written in `currency` ("100% up to {500}" → "100% up to £500");
 * without a currency the number stays as written, without its braces (an older brand has no currency).
 */
export function withAmounts(text: string, currency: string | undefined, locale: string = SITE_LOCALE): string {
  if (!text || !text.includes('{')) return text
  return text.replace(AMOUNT_TOKEN, (_, n: string) => (currency ? formatMoney(Number(n), currency, { locale }) : n))
}

/** Does a text write an amount the `{500}` way? (the brand form warns when it does and the offer has no currency) */
export const hasAmountTokens = (text: string) => new RegExp(AMOUNT_TOKEN.source).test(text)

/** The brand's own offer for a market, if it gave that market one. */
export const marketOfferFor = (brand: { marketOffers?: MarketOffer[] | null }, marketKey: string): MarketOffer | undefined => brand.marketOffers?.find((o) => o.market === marketKey)

/** The ISO code to label an offer with: its currency when that is not the market's ('' when it is, or unknown). */
export const otherCurrency = (offerCurrency: string | undefined, marketCurrency: string | undefined): string => (offerCurrency && marketCurrency && offerCurrency !== marketCurrency ? offerCurrency : '')

/** The texts of an offer that may write amounts `{500}`. */
export const offerTexts = (o: { offerHighlight?: string; bonusOffer?: string; bonusCondition?: string; termsSummary?: string; tagline?: string; dealBox?: { mainText?: string; subText?: string } }): string[] =>
  [o.offerHighlight, o.bonusOffer, o.bonusCondition, o.termsSummary, o.tagline, o.dealBox?.mainText, o.dealBox?.subText].filter((t): t is string => Boolean(t))

/**
 * Why a brand's offer may not be saved as sent, or null: an amount written `{500}` needs the offer's
 * currency to be written in (the brand form says so at the currency field).
 */
export function amountsWithoutCurrency(b: Parameters<typeof offerTexts>[0] & { offerCurrency?: string }): string | null {
  if (b.offerCurrency || !offerTexts(b).some(hasAmountTokens)) return null
  return 'is required when the offer writes an amount as {500}: pick the currency its amounts are in'
}

type OfferText = {
  offerHighlight: string
  bonusOffer: string
  termsSummary: string
  tagline?: string
  dealBox: { mainText?: string; subText?: string; countdownText?: string }
  offerCurrency?: string
  marketCurrency?: string
  marketOffers?: MarketOffer[]
}

/**
 * An offer as a market shows its money: the market's own offer where the brand gave it one, every `{500}`
 * written in the offer's currency in the market's language, and the market's currency beside it (so a
 * page can label an offer in another currency). The list of market offers does not leave the server.
 */
export function offerInMarket<O extends OfferText>(offer: O, market: MoneyMarket): O {
  // an offer of before issue 34 (no currency, no market's own) is shown as it always was, the same object
  if (!offer.offerCurrency && !offer.marketOffers && !offerTexts(offer).some(hasAmountTokens)) return offer
  const { marketOffers: _all, ...rest } = offer
  const own = marketOfferFor(offer, market.key)
  const locale = moneyLocale(market)
  const base = own
    ? {
        ...rest,
        offerCurrency: own.currency,
        offerHighlight: own.offerHighlight,
        // the headline once: lists show the bonus line under the highlight, and pages fall back to the deal box's
        bonusOffer: '',
        termsSummary: own.termsSummary,
        // the default offer's sub line and deadline speak of the default offer
        dealBox: { ...offer.dealBox, mainText: own.offerHighlight, subText: '', countdownText: '' },
      }
    : rest
  const currency = base.offerCurrency || undefined
  const fmt = (s: string | undefined) => (s === undefined ? s : withAmounts(s, currency, locale))
  return {
    ...base,
    offerHighlight: fmt(base.offerHighlight)!,
    bonusOffer: fmt(base.bonusOffer)!,
    termsSummary: fmt(base.termsSummary)!,
    ...(base.tagline !== undefined ? { tagline: fmt(base.tagline) } : {}),
    ...('bonusCondition' in base && typeof base.bonusCondition === 'string' ? { bonusCondition: fmt(base.bonusCondition) } : {}),
    dealBox: { ...base.dealBox, ...(base.dealBox.mainText !== undefined ? { mainText: fmt(base.dealBox.mainText) } : {}), ...(base.dealBox.subText !== undefined ? { subText: fmt(base.dealBox.subText) } : {}) },
    ...(currency ? { marketCurrency: market.currency } : {}),
  } as O
}

type PageMoney = OfferText & {
  bonusCondition: string
  facts: { bonusCode?: string; minDeposit?: { amount: number; currency: string } } & Record<string, unknown>
  sections: ({ type: 'terms'; content: string[] } | { type: 'table'; content: TableLike } | { type: string; content: unknown })[]
  promoTable: TableLike | null
  promoTables: TableLike[]
  highlights?: { title: string; value: string }[]
}
type TableLike = { heading: string; columns: string[]; rows: Record<string, string>[] }

/**
 * A brand page as a market shows its money: `offerInMarket`, and where the market has its own offer, that
 * offer's code and minimum deposit, without the default offer's bonus tables and terms sections (they
 * describe another offer, in another currency) and highlights with an amount; elsewhere their `{500}`
 * amounts (tables, terms sections, highlights) written in the offer's currency.
 */
export function brandInMarket<P extends PageMoney>(page: P, market: MoneyMarket): P {
  if (!page.offerCurrency && !page.marketOffers && !offerTexts(page).some(hasAmountTokens)) return page
  const own = marketOfferFor(page, market.key)
  const shown = offerInMarket(page, market)
  const currency = shown.offerCurrency || undefined
  const locale = moneyLocale(market)
  const fmt = (s: string) => withAmounts(s, currency, locale)
  const table = (t: TableLike): TableLike => ({ ...t, heading: fmt(t.heading), rows: t.rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, fmt(v)]))) })
  if (own) {
    const { bonusCode: _code, minDeposit: _min, ...facts } = page.facts ?? {}
    return {
      ...shown,
      bonusCondition: '',
      facts: { ...facts, ...(own.bonusCode ? { bonusCode: own.bonusCode } : {}), ...(own.minDeposit !== undefined ? { minDeposit: { amount: own.minDeposit, currency: own.currency } } : {}) },
      sections: page.sections.filter((s) => s.type !== 'table' && s.type !== 'terms'),
      promoTable: null,
      promoTables: [],
      // a highlight with an amount ("Min deposit {20}") is the default offer's
      ...(page.highlights ? { highlights: page.highlights.filter((h) => !hasAmountTokens(`${h.title} ${h.value}`)) } : {}),
    }
  }
  return {
    ...shown,
    sections: page.sections.map((s) => (s.type === 'terms' ? { ...s, content: (s.content as string[]).map(fmt) } : s.type === 'table' ? { ...s, content: table(s.content as TableLike) } : s)),
    promoTable: page.promoTable && table(page.promoTable),
    promoTables: (page.promoTables ?? []).map(table),
    ...(page.highlights ? { highlights: page.highlights.map((h) => ({ title: h.title, value: fmt(h.value) })) } : {}),
  }
}
