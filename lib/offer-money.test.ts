import { describe, expect, it } from 'vitest'
import { brandUnderRules, DEFAULT_MARKET, type Market, MARKET_PRESETS, offerUnderRules, rowUnderRules } from './markets.ts'
import { amountsWithoutCurrency, brandInMarket, offerInMarket, otherCurrency, withAmounts } from './offer-money.ts'
import { brandInputSchema, type BrandOffer, type BrandPage } from './schemas.ts'
import type { ComparisonRow } from './comparison.ts'
import { brandPage } from '../test/factories.ts'

/** Issue 34, "Money with its currency": the rules on an offer's currency, per market. */
const market = (key: string, preset: keyof typeof MARKET_PRESETS): Market => ({ key, name: key, legalPages: [], ...MARKET_PRESETS[preset] })
const DE = market('de', 'DE')
const UK = market('uk', 'GB')
const ON = market('ca-on', 'CA-ON')

const offer = (over: Partial<BrandOffer> = {}): BrandOffer => ({
  _id: 'nova',
  brandName: 'Nova',
  rating: 4.8,
  type: [],
  position: [],
  tagline: '',
  offerHighlight: '100% up to {500} + 200 free spins',
  bonusOffer: '100% match up to {500}',
  termsSummary: '18+. New customers only. Min deposit {20}. Max bet {5}. T&Cs apply.',
  termsUrl: '',
  campaignType: 'Web - Registration',
  campaignTypeRaw: 'Web - Registration',
  logo: null,
  dealBox: { mainText: '100% up to {500}', subText: '+ 200 spins', countdownText: '' },
  offerCurrency: 'GBP',
  ...over,
})

const page = (over: Partial<BrandPage> = {}): BrandPage =>
  brandPage({
    ...offer(),
    bonusCondition: 'min deposit {20}',
    promoTable: { heading: 'Welcome', columns: ['Deposit', 'Match'], rows: [{ col1: '1st', col2: 'up to {200}' }] },
    highlights: [{ title: 'Min deposit', value: '{20}' }],
    sections: [{ type: 'terms', content: ['Minimum deposit {20}.'] }],
    facts: { minDeposit: { amount: 20, currency: 'GBP' }, bonusCode: 'WISE200' },
    ...over,
  })

describe('amounts in an offer are written in its currency with Intl, in the page’s language', () => {
  it('a headline like "100% up to {500}" gets its currency: £ on an English page, "500 £" on a German one', () => {
    expect(withAmounts('100% up to {500}', 'GBP')).toBe('100% up to £500')
    expect(withAmounts('100% bis zu {500}', 'GBP', 'de-DE')).toBe('100% bis zu 500\u00a0£')
    expect(withAmounts('{0.10} each, up to {1500}', 'EUR', 'en-GB')).toBe('€0.10 each, up to €1,500')
  })
  it('without a currency the number stays as written (an older brand), and text without amounts is untouched', () => {
    expect(withAmounts('Bet {10}, get {30}', undefined)).toBe('Bet 10, get 30')
    expect(withAmounts('100% up to 500 {free}', 'GBP')).toBe('100% up to 500 {free}')
  })
})

describe('which offer a market shows, and in which currency', () => {
  it('the default market is the pound: the unprefixed site is en-GB with its offers in pounds (was EUR, so every £ was a foreign amount)', () => {
    expect(DEFAULT_MARKET.currency).toBe('GBP')
    const shown = offerUnderRules(offer(), DEFAULT_MARKET)
    expect(shown.offerHighlight).toBe('100% up to £500 + 200 free spins')
    expect(shown.termsSummary).toBe('18+. New customers only. Min deposit £20. Max bet £5. T&Cs apply.')
    expect(otherCurrency(shown.offerCurrency, shown.marketCurrency)).toBe('')
  })
  it('a market without an offer of its own shows the default one in its own currency, which is then labelled', () => {
    const shown = offerUnderRules(offer(), DE)
    expect(shown.offerHighlight).toBe('100% up to 500\u00a0£ + 200 free spins')
    expect(shown.dealBox.mainText).toBe('100% up to 500\u00a0£')
    expect(otherCurrency(shown.offerCurrency, shown.marketCurrency)).toBe('GBP')
  })
  it('a market’s own offer replaces the default one there: headline, terms, code, currency and minimum deposit', () => {
    const p = page({ marketOffers: [{ market: 'de', currency: 'EUR', offerHighlight: '100 % bis zu {500}', termsSummary: 'Mindesteinzahlung {20}.', bonusCode: 'DE200', minDeposit: 20 }] })
    const shown = brandUnderRules(p, DE)
    expect(shown.offerHighlight).toBe('100 % bis zu 500\u00a0€')
    expect(shown.bonusOffer).toBe('') // the headline is not said twice in a card
    expect(shown.dealBox.mainText).toBe('100 % bis zu 500\u00a0€')
    expect(shown.dealBox.subText).toBe('')
    expect(shown.termsSummary).toMatch(/^18\+\. Mindesteinzahlung 20\u00a0€\.\n/) // the market's line after TERMS_LINE_BREAK
    expect(shown.offerCurrency).toBe('EUR')
    expect(shown.facts.bonusCode).toBe('DE200')
    expect(shown.facts.minDeposit).toEqual({ amount: 20, currency: 'EUR' })
    // the default offer's tables, terms sections and amount highlights describe another offer in pounds
    expect(shown.promoTable).toBeNull()
    expect(shown.sections.some((s) => s.type === 'terms')).toBe(false)
    expect(shown.highlights).toEqual([])
    expect(JSON.stringify(shown)).not.toMatch(/£|\{\d/)
    // and the list of markets' offers does not leave the server
    expect('marketOffers' in shown).toBe(false)
    // the UK has none of its own: the default offer in pounds, its tables and terms with it
    const uk = brandUnderRules(p, UK)
    expect(uk.offerHighlight).toBe('100% up to £500 + 200 free spins')
    expect(uk.promoTable?.rows[0]).toEqual({ col1: '1st', col2: 'up to £200' })
    expect(uk.sections[0]).toEqual({ type: 'terms', content: ['Minimum deposit £20.'] })
    expect(uk.highlights).toEqual([{ title: 'Min deposit', value: '£20' }])
  })
  it('a market that bars bonuses shows no offer, its own or the default one, but its own minimum deposit', () => {
    const p = page({ marketOffers: [{ market: 'ca-on', currency: 'CAD', offerHighlight: '100% up to {500}', termsSummary: '', minDeposit: 20 }] })
    const shown = brandUnderRules(p, ON)
    expect(shown.offerHighlight).toBe(ON.rules.noBonusText)
    expect(JSON.stringify(shown)).not.toMatch(/up to|£/)
    expect(shown.facts.minDeposit).toEqual({ amount: 20, currency: 'CAD' })
    expect(offerUnderRules(offer({ marketOffers: p.marketOffers }), ON).offerHighlight).toBe(ON.rules.noBonusText)
  })
  it('an offer of before currencies is shown as it was, the same object', () => {
    const old = offer({ offerCurrency: undefined, offerHighlight: '100% up to 500', bonusOffer: '', termsSummary: '', dealBox: {} })
    expect(offerInMarket(old, DE)).toBe(old)
    const p = page({ offerCurrency: undefined, offerHighlight: '', bonusOffer: '', bonusCondition: '', termsSummary: '', dealBox: {} })
    expect(brandInMarket(p, DE)).toBe(p)
  })
})

describe('comparison rows say the currency of an amount that is not the market’s', () => {
  const row: ComparisonRow = {
    _id: 'nova',
    brandName: 'Nova',
    logo: null,
    bonus: '100% up to £500',
    ctaLabel: 'Claim Bonus',
    hasCta: true,
    termsSummary: '18+. T&Cs apply.',
    termsUrl: '',
    cells: { minDeposit: '$10', bonus: '100% up to £500' },
    cellCurrency: { minDeposit: 'USD', bonus: 'GBP' },
  }
  it('in the default market too (a $10 minimum deposit on the pound site)', () => {
    expect(rowUnderRules(row, DEFAULT_MARKET).cells).toEqual({ minDeposit: '$10 (USD)', bonus: '100% up to £500' })
  })
  it('where bonuses are barred, the bonus cell is no amount and carries no currency', () => {
    const shown = rowUnderRules(row, ON)
    expect(shown.cells.bonus).toBe(ON.rules.noBonusText)
    expect(shown.cellCurrency).toEqual({ minDeposit: 'USD' })
  })
})

describe('what a brand may be saved with', () => {
  const base = { brandName: 'Nova', campaignType: 'Web - Registration' }
  it('an offer currency is an ISO 4217 code of money (gbp is read as GBP); BTC, XAU or a made-up code is refused', () => {
    expect(brandInputSchema.parse({ ...base, offerCurrency: 'gbp' }).offerCurrency).toBe('GBP')
    for (const bad of ['BTC', 'XAU', 'USDT', 'EURO']) expect(brandInputSchema.safeParse({ ...base, offerCurrency: bad }).success).toBe(false)
    // a spec payload without it keeps working
    expect(brandInputSchema.parse(base).offerCurrency).toBeUndefined()
  })
  it('a market’s offer names a market, a currency and a headline; one per market', () => {
    const mo = { market: 'DE', currency: 'eur', offerHighlight: ' 100 % bis zu {500} ' }
    expect(brandInputSchema.parse({ ...base, marketOffers: [mo] }).marketOffers).toEqual([{ market: 'de', currency: 'EUR', offerHighlight: '100 % bis zu {500}', termsSummary: '' }])
    expect(brandInputSchema.safeParse({ ...base, marketOffers: [mo, mo] }).success).toBe(false)
    expect(brandInputSchema.safeParse({ ...base, marketOffers: [{ ...mo, currency: 'BTC' }] }).success).toBe(false)
    expect(brandInputSchema.safeParse({ ...base, marketOffers: [{ ...mo, offerHighlight: '  ' }] }).success).toBe(false)
    expect(brandInputSchema.safeParse({ ...base, marketOffers: [{ ...mo, minDeposit: -5 }] }).success).toBe(false)
  })
  it('an amount written {500} needs the offer’s currency', () => {
    expect(amountsWithoutCurrency({ offerHighlight: '100% up to {500}' })).toMatch(/is required/)
    expect(amountsWithoutCurrency({ offerHighlight: '100% up to {500}', offerCurrency: 'GBP' })).toBeNull()
    expect(amountsWithoutCurrency({ offerHighlight: '100% up to 500' })).toBeNull()
  })
})
