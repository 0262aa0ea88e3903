/**
 * Markets (issue 23): one install serves several regulated markets, each under its own URL prefix
 * (`/uk`, `/ca-on`, `/de`; the default market keeps today's unprefixed addresses), with its language,
 * currency, minimum age and offer rules. This file is the one place that says what a market's rules do
 * to an offer: every list, table, card and brand page renders what `offerUnderRules` and
 * `brandUnderRules` give it, so a new placement cannot forget Ontario's ban on public inducements or
 * New Jersey's 21+. No zod here (public pages' chunks carry this file); validation is in
 * lib/market-schema.ts. Sources for the shipped presets: docs/decisions/023-markets.md.
 */
import type { BrandOffer, BrandPage } from './schemas.ts'
import type { ComparisonRow } from './comparison.ts'
import { AGE_MARK } from './offer-terms.ts'
import { highestAgeMark, linesWithoutBonusTalk, speaksOfBonus, withoutBonusTalk } from './inducements.ts'
import { brandInMarket, offerInMarket } from './offer-money.ts'

/** What a market allows an offer to show (applied when a page renders, never stored into the brand). */
export type OfferRules = {
  /** Bonus amounts and offers may appear on this site's pages (Ontario: only on the operator's own site). */
  showBonuses: boolean
  /** What stands where a bonus would when `showBonuses` is false. */
  noBonusText: string
  /** Only brands holding a licence from one of these regulators (brand facts) are listed; empty: any brand. */
  licensedBy: string[]
  /** The regulator's safer-gambling line, shown beside every offer (plain text). */
  saferGamblingLine: string
  /** An offer without its own significant terms is not listed (GB: terms must be shown with the offer). */
  requireTerms: boolean
}

export type Market = {
  /** lower-case key, also the URL prefix's one segment (`ca-on` → `/ca-on`) */
  key: string
  name: string
  /** ISO 3166-1 alpha-2 countries, and ISO 3166-2 regions (`CA-ON`) where a CDN gives them, this market serves */
  countries: string[]
  /** BCP 47 language tag the market's pages are written and formatted in (`en-GB`, `de-DE`) */
  language: string
  /**
   * ISO 4217 currency its amounts are shown in. An offer in another currency (a brand that gave the market
   * no offer of its own, lib/offer-money.ts) is shown labelled with its own ("Amounts in GBP").
   */
  currency: string
  /** the youngest a player may be: the age mark every offer shows (18+, 19+, 21+) */
  minimumAge: number
  /** the country whose gambling-help set the market's pages show (lib/responsible-gambling.ts) */
  helpCountry: string
  /** info-page slugs of the market's own legal pages, listed in its footer (terms, privacy…) */
  legalPages: string[]
  rules: OfferRules
  /** Also lists the articles written for every market (false: only its own, e.g. a market in another language). Default true. */
  listsSharedArticles?: boolean
  createdAt?: string
  updatedAt?: string
}

/**
 * The market behind today's unprefixed addresses: English, 18+, no extra offer rules. Not stored; not
 * editable. Its currency is the pound: the unprefixed site has always been written in British English
 * (lib/format.ts SITE_LOCALE, en-GB) with its offers in pounds; 'EUR' here was a placeholder nothing read
 * until the market crawl, which then took every £ on the site for a foreign amount (issue 34).
 */
export const DEFAULT_MARKET: Market = {
  key: 'default',
  name: 'International',
  countries: [],
  language: 'en',
  currency: 'GBP',
  minimumAge: 18,
  helpCountry: '',
  legalPages: [],
  rules: { showBonuses: true, noBonusText: 'Visit the site for current offers', licensedBy: [], saferGamblingLine: '', requireTerms: false },
}

export type MarketPreset = Omit<Market, 'key' | 'name' | 'legalPages' | 'createdAt' | 'updatedAt'>

/**
 * The rules that ship for five regulated markets, each from its regulator's published rules (cited in
 * decision 023). A publisher starts a market from one and may change it: these are defaults, not legal advice.
 */
export const MARKET_PRESETS: Readonly<Record<'GB' | 'IE' | 'CA-ON' | 'US-NJ' | 'DE', MarketPreset>> = {
  GB: {
    countries: ['GB'],
    language: 'en-GB',
    currency: 'GBP',
    minimumAge: 18,
    helpCountry: 'GB',
    rules: { showBonuses: true, noBonusText: 'Visit the site for current offers', licensedBy: ['UK Gambling Commission'], saferGamblingLine: 'BeGambleAware.org · Please gamble responsibly', requireTerms: true },
  },
  IE: {
    countries: ['IE'],
    language: 'en-IE',
    currency: 'EUR',
    minimumAge: 18,
    helpCountry: 'IE',
    rules: { showBonuses: false, noBonusText: 'Visit the site for current offers', licensedBy: [], saferGamblingLine: 'Please gamble responsibly · gamblingcare.ie', requireTerms: true },
  },
  'CA-ON': {
    countries: ['CA-ON'],
    language: 'en-CA',
    currency: 'CAD',
    minimumAge: 19,
    helpCountry: 'CA',
    rules: { showBonuses: false, noBonusText: 'Visit the site for current offers', licensedBy: ['Ontario AGCO'], saferGamblingLine: 'Please play responsibly · ConnexOntario 1-866-531-2600', requireTerms: false },
  },
  'US-NJ': {
    countries: ['US-NJ'],
    language: 'en-US',
    currency: 'USD',
    minimumAge: 21,
    helpCountry: 'US',
    rules: { showBonuses: true, noBonusText: 'Visit the site for current offers', licensedBy: ['New Jersey DGE'], saferGamblingLine: 'If you or someone you know has a gambling problem, call 1-800-GAMBLER', requireTerms: true },
  },
  DE: {
    countries: ['DE'],
    language: 'de-DE',
    currency: 'EUR',
    minimumAge: 18,
    helpCountry: 'DE',
    rules: { showBonuses: true, noBonusText: 'Aktuelle Angebote auf der Seite des Anbieters', licensedBy: ['GGL'], saferGamblingLine: 'Glücksspiel kann süchtig machen · Hilfe: check-dein-spiel.de, 0800 1 37 27 00', requireTerms: true },
  },
}

/** `/ca-on` for a market, '' for the default one. */
export const marketPrefix = (m: Pick<Market, 'key'> | null | undefined) => (!m || m.key === DEFAULT_MARKET.key ? '' : `/${m.key}`)

// the path helpers live in lib/market-paths.ts (every page's first script needs them, not this file's rules)
export { inMarket, splitMarketPath } from './market-paths.ts'

/** Which market serves a visitor from `country` (and `region`, `CA-ON`, when known): a region's market first. */
export function marketForVisitor<M extends Pick<Market, 'countries'>>(markets: readonly M[], country: string | null, region?: string | null): M | null {
  if (!country) return null
  if (region) {
    const byRegion = markets.find((m) => m.countries.includes(region))
    if (byRegion) return byRegion
  }
  return markets.find((m) => m.countries.includes(country)) ?? null
}

// ---------- what a market's rules do to an offer ----------


/** Between an offer's own terms and the market's safer-gambling line in a terms line (termsForMarket). */
export const TERMS_LINE_BREAK = '\n'

/**
 * The terms line as the market requires it: its age mark at the front (replacing the brand's own; the
 * badge shows it, components/OfferTerms.tsx), then the significant terms, then the regulator's
 * safer-gambling line, so every rendering of an offer carries all three.
 */
export function termsForMarket(terms: string, market: Pick<Market, 'minimumAge' | 'rules'>): string {
  // line breaks and runs of spaces become one space (the market's line goes after TERMS_LINE_BREAK); a no-break space stays ("20\u00a0€")
  const rest = terms.trim().replace(AGE_MARK, '').replace(/[ \t\r\n]+/g, ' ').trim()
  const line = market.rules.saferGamblingLine.trim()
  // the line on a line of its own: the brand's terms are its editor's words (English), the line the market's
  // language, and the page marks them so (components/OfferTerms.tsx); no terms: the page's "T&Cs apply"
  const withLine = line ? `${rest && rest.replace(/[.\s]*$/, '.')}${TERMS_LINE_BREAK}${line}` : rest
  // the market's minimum, or the brand's own where it is higher ("(21+ where required)")
  return `${Math.max(market.minimumAge, highestAgeMark(terms) ?? 0)}+. ${withLine}`.trim()
}

/** May a brand be listed in this market? Its licences (brand facts) must name a regulator the market requires, and terms when required. */
export function mayList(brand: { facts?: { licences?: { regulator: string }[] } | null; termsSummary?: string }, market: Pick<Market, 'rules'>): boolean {
  const { licensedBy, requireTerms } = market.rules
  if (requireTerms && !brand.termsSummary?.trim()) return false
  if (!licensedBy.length) return true
  const held = new Set((brand.facts?.licences ?? []).map((l) => l.regulator.trim().toLowerCase()))
  return licensedBy.some((r) => held.has(r.trim().toLowerCase()))
}

/** Every call to action where a market bars bonuses ("Claim Bonus" is an inducement too); pages show it in their language (components/cta-label.ts). */
const NO_BONUS_CTA = 'Visit site'

/** The default market changes nothing: today's pages stay byte for byte what they were. */
const isDefault = (m: Pick<Market, 'key'>) => m.key === DEFAULT_MARKET.key

/** Does this market bar inducements (Ontario)? Then no offer, and no guide that states offer figures (lib/inducements.ts), is shown in it. */
export const barsOffers = (m: Pick<Market, 'key' | 'rules'>) => !isDefault(m) && !m.rules.showBonuses

/** An offer as this market allows it to be shown: bonus words replaced where inducements may not be advertised, the market's age mark. */
export function offerUnderRules(given: BrandOffer, market: Market): BrandOffer {
  // its money first, in every market: the market's own offer, amounts in its currency (lib/offer-money.ts)
  const offer = offerInMarket(given, market)
  if (isDefault(market)) return offer
  const { showBonuses, noBonusText } = market.rules
  return {
    ...offer,
    // where no bonus may be shown, neither may its terms (they describe it): the age mark, T&Cs and the line
    termsSummary: termsForMarket(showBonuses ? offer.termsSummary : '', market),
    ...(showBonuses
      ? {}
      : {
          offerHighlight: noBonusText,
          bonusOffer: '',
          // a tagline is the offer's pitch too ("cash-back that carries no wagering")
          tagline: withoutBonusTalk(offer.tagline),
          // a button that says "Claim bonus" is an inducement too
          dealBox: { ...offer.dealBox, mainText: noBonusText, subText: '', countdownText: '', ...(offer.dealBox.ctaLabel ? { ctaLabel: NO_BONUS_CTA } : {}) },
        }),
  }
}

/**
 * A brand page with no offer in it: no bonus, condition, deal text, code, promo table, terms section,
 * wagering fact or countdown, and no terms line (`terms`, '' by default, stands for it). What a page
 * shows where no offer may be shown: a market barring inducements, a visitor whose country the brand does
 * not serve, a brand the market does not license, an offer that has ended or not begun (issue 34: the
 * notice and alternatives only, never the old offer's table or terms). The brand itself (review, facts,
 * editorial sections) stays, without its sentences about a bonus.
 */
export function withoutOffer(page: BrandPage, opts: { terms?: string; replacement?: string; ctaLabel?: string } = {}): BrandPage {
  const { bonusCode: _code, wagering: _wagering, ...facts } = page.facts ?? {}
  const replacement = opts.replacement ?? ''
  return {
    ...page,
    sections: sectionsWithoutBonusTalk(page.sections.filter((s) => s.type !== 'table' && s.type !== 'terms')),
    termsSummary: opts.terms ?? '',
    offerHighlight: replacement,
    bonusOffer: '',
    bonusCondition: '',
    dealBox: { ...page.dealBox, mainText: replacement, subText: '', countdownText: '', ...(page.dealBox.ctaLabel && opts.ctaLabel ? { ctaLabel: opts.ctaLabel } : {}) },
    promoTable: null,
    promoTables: [],
    timelines: (page.timelines ?? []).filter((t) => !speaksOfBonus(`${t.label} ${t.value}`)),
    highlights: (page.highlights ?? []).filter((h) => !speaksOfBonus(`${h.title} ${h.value}`)),
    facts,
    review: page.review && {
      ...page.review,
      pros: linesWithoutBonusTalk(page.review.pros),
      cons: linesWithoutBonusTalk(page.review.cons),
      verdict: withoutBonusTalk(page.review.verdict),
      // its score stays what it is (the overall weighs every criterion); the bonus criterion's own row is not shown
      hidden: ['bonuses'],
    },
  }
}

/** Editorial sections without their lines, questions and sentences about a bonus; a section left empty goes. */
function sectionsWithoutBonusTalk(sections: BrandPage['sections']): BrandPage['sections'] {
  const out: BrandPage['sections'] = []
  for (const s of sections) {
    if (s.type === 'faq') {
      const content = s.content.filter((qa) => !speaksOfBonus(qa.q) && !speaksOfBonus(qa.a))
      if (content.length) out.push({ ...s, content })
    } else if (s.type === 'list') {
      const content = s.content.map((l) => ({ ...l, bullets: linesWithoutBonusTalk(l.bullets) })).filter((l) => l.bullets.length)
      if (content.length) out.push({ ...s, content })
    } else if (s.type === 'text') {
      const content = s.content
        .split(/\n{2,}/)
        .filter((para) => !speaksOfBonus(para))
        .join('\n\n')
      if (content.trim()) out.push({ ...s, content })
    } else out.push(s)
  }
  return out
}

/** A brand page as this market allows it: its offer as offerUnderRules says, and nothing that speaks of a bonus where inducements are barred. */
export function brandUnderRules(given: BrandPage, market: Market): BrandPage {
  const page = brandInMarket(given, market)
  if (isDefault(market)) return page
  const offer = offerUnderRules(page as BrandOffer & BrandPage, market)
  if (market.rules.showBonuses) return { ...page, termsSummary: offer.termsSummary, sections: sectionsForMarket(page.sections, market) }
  return withoutOffer(page, { terms: offer.termsSummary, replacement: market.rules.noBonusText, ctaLabel: NO_BONUS_CTA })
}

/** A brand's terms sections with the market's age mark where a line begins with one ("18+ only." → "19+ only." in Ontario). */
function sectionsForMarket(sections: BrandPage['sections'], market: Pick<Market, 'minimumAge'>): BrandPage['sections'] {
  return sections.map((s) => (s.type === 'terms' ? { ...s, content: s.content.map((line) => line.replace(/^\s*(1[89]|2[01])\s*\+/, `${market.minimumAge}+`)) } : s))
}

/** A comparison table's row as this market allows it: no bonus or code cells where inducements are barred. */
export function rowUnderRules(row: ComparisonRow, market: Market): ComparisonRow {
  // an amount in another currency than the market's says which, in every market (issue 34: "£20" in a CAD market)
  const labelled = { ...row.cells }
  for (const [column, currency] of Object.entries(row.cellCurrency ?? {}) as [keyof typeof labelled, string][]) {
    if (currency !== market.currency && labelled[column]) labelled[column] = `${labelled[column]} (${currency})`
  }
  if (isDefault(market)) return { ...row, cells: labelled }
  const termsSummary = termsForMarket(row.termsSummary, market)
  if (market.rules.showBonuses) return { ...row, termsSummary, cells: labelled }
  const { bonusCode: _code, ...rest } = row
  const noTerms = termsForMarket('', market)
  const cells = labelled
  if ('bonus' in cells) cells.bonus = market.rules.noBonusText
  if ('code' in cells) cells.code = ''
  if ('wagering' in cells) cells.wagering = ''
  // every call to action in the market uses its wording ("Claim Bonus" is an inducement too)
  const { bonus: _bonusCurrency, ...cellCurrency } = rest.cellCurrency ?? {}
  return { ...rest, termsSummary: noTerms, bonus: market.rules.noBonusText, cells, cellCurrency, ...(rest.hasCta ? { ctaLabel: NO_BONUS_CTA } : {}) }
}

/** The country whose help set a market's pages show (null: the visitor's own, as in the default market). */
export const marketHelpCountry = (m: Pick<Market, 'key' | 'helpCountry'> | null | undefined): string | null => (m && m.key !== DEFAULT_MARKET.key && m.helpCountry) || null

/** `<html lang>` and `hreflang` read the market's language; `Intl` formats with it. */
export const marketLanguage = (m: Pick<Market, 'language'> | null | undefined) => m?.language || DEFAULT_MARKET.language
