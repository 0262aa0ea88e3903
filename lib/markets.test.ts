import { describe, expect, it } from 'vitest'
import { marketInputSchema, RESERVED_SEGMENTS } from './market-schema.ts'
import { brandUnderRules, DEFAULT_MARKET, inMarket, type Market, MARKET_PRESETS, marketForVisitor, mayList, offerUnderRules, rowUnderRules, splitMarketPath, termsForMarket } from './markets.ts'
import type { BrandOffer, BrandPage } from './schemas.ts'

const market = (key: string, preset: keyof typeof MARKET_PRESETS, over: Partial<Market> = {}): Market => ({ key, name: key, legalPages: [], ...MARKET_PRESETS[preset], ...over })
const offer: BrandOffer = {
  _id: 'nova-spins',
  brandName: 'Nova Spins',
  rating: 4.8,
  type: ['typePopular'],
  position: [],
  tagline: 'Fast payouts',
  offerHighlight: '200% up to £200',
  bonusOffer: '200 free spins',
  termsSummary: '18+. New customers only. 35x wagering.',
  termsUrl: 'https://nova.example/terms',
  campaignType: '',
  campaignTypeRaw: '',
  logo: null,
  dealBox: { mainText: '200% up to £200', subText: '+ 200 spins', countdownText: 'Ends soon', ctaLabel: 'Play', ctaUrl: 'https://nova.example/' },
}
const licensed = (...regulators: string[]) => ({ facts: { licences: regulators.map((regulator) => ({ regulator, number: '1' })) }, termsSummary: offer.termsSummary })

describe('offer rules per market (issue 23: lib/markets.ts is the one place that applies them)', () => {
  it('the default market changes nothing: today’s pages stay what they were', () => {
    expect(offerUnderRules(offer, DEFAULT_MARKET)).toBe(offer)
    expect(mayList({ facts: {} }, DEFAULT_MARKET)).toBe(true)
  })

  it('GB: the bonus shows, 18+ and the safer-gambling line join the terms, only UKGC licensees, terms required', () => {
    const gb = market('uk', 'GB')
    const shown = offerUnderRules(offer, gb)
    expect(shown.offerHighlight).toBe('200% up to £200')
    expect(shown.termsSummary).toBe('18+. New customers only. 35x wagering.\nBeGambleAware.org · Please gamble responsibly')
    expect(mayList(licensed('UK Gambling Commission'), gb)).toBe(true)
    expect(mayList(licensed('Malta Gaming Authority'), gb)).toBe(false)
    expect(mayList({ ...licensed('UK Gambling Commission'), termsSummary: '' }, gb)).toBe(false)
  })

  it('Ontario: no inducement anywhere on the page (bonus words, deal box, codes, bonus tables), 19+, ConnexOntario, only AGCO registrants', () => {
    const on = market('ca-on', 'CA-ON')
    const shown = offerUnderRules(offer, on)
    expect(shown.offerHighlight).toBe('Visit the site for current offers')
    expect(shown.bonusOffer).toBe('')
    expect(shown.dealBox).toMatchObject({ mainText: 'Visit the site for current offers', subText: '', countdownText: '', ctaLabel: 'Visit site', ctaUrl: 'https://nova.example/' })
    // the bonus's own terms describe it: only the age mark, T&Cs and the regulator's line remain
    expect(shown.termsSummary).toBe('19+. \nPlease play responsibly · ConnexOntario 1-866-531-2600')
    expect(JSON.stringify(shown)).not.toMatch(/200%|free spins|18\+|wagering/)
    expect(mayList(licensed('Ontario AGCO'), on)).toBe(true)
    expect(mayList(licensed('UK Gambling Commission'), on)).toBe(false)
    const page = {
      ...offer,
      bonusCondition: 'Min deposit £20',
      promoTable: { heading: 'Bonus', columns: ['a'], rows: [] },
      promoTables: [{ heading: 'Bonus', columns: ['a'], rows: [] }],
      sections: [
        { type: 'terms', content: ['18+ only. New customers only.'] },
        { type: 'table', content: { heading: 'Deposits', columns: ['a'], rows: [] } },
        { type: 'text', content: 'About the games.' },
      ],
      facts: { bonusCode: 'WISE200', wagering: { multiplier: 35, appliesTo: 'bonus' }, withdrawalHours: 24 },
    } as unknown as BrandPage
    const shownPage = brandUnderRules(page, on)
    expect(shownPage.facts).toEqual({ withdrawalHours: 24 })
    expect(shownPage.promoTables).toEqual([])
    expect(shownPage.promoTable).toBeNull()
    expect(shownPage.bonusCondition).toBe('')
    expect(shownPage.sections.map((s) => s.type)).toEqual(['text'])
  })

  it('New Jersey: 21+ and 1-800-GAMBLER; Germany: GGL licensees and the German warning; Ireland: inducements hidden', () => {
    expect(offerUnderRules(offer, market('us-nj', 'US-NJ')).termsSummary).toMatch(/^21\+\. [^]*1-800-GAMBLER$/)
    const withTerms = { ...offer, facts: {}, sections: [{ type: 'terms', content: ['18+ only. New customers only.', 'Max bet £5.'] }] } as unknown as BrandPage
    expect(brandUnderRules(withTerms, market('us-nj', 'US-NJ')).sections[0]!.content).toEqual(['21+ only. New customers only.', 'Max bet £5.'])
    const de = market('de', 'DE')
    expect(offerUnderRules(offer, de).termsSummary).toMatch(/Glücksspiel kann süchtig machen/)
    expect(mayList(licensed('GGL'), de)).toBe(true)
    expect(mayList(licensed('Malta Gaming Authority'), de)).toBe(false)
    expect(offerUnderRules(offer, market('ie', 'IE')).bonusOffer).toBe('')
  })

  it('a comparison table row loses its bonus and code cells where inducements are barred', () => {
    const row = { _id: 'x', brandName: 'X', logo: null, bonus: '100%', ctaLabel: 'Visit', hasCta: true, termsSummary: '18+ T&Cs', termsUrl: '', cells: { bonus: '100%', code: 'X1', wagering: '35×' }, bonusCode: 'X1' }
    const shown = rowUnderRules(row, market('ca-on', 'CA-ON'))
    expect(shown).not.toHaveProperty('bonusCode')
    expect(shown.cells).toEqual({ bonus: 'Visit the site for current offers', code: '', wagering: '' })
    expect(shown.termsSummary).toMatch(/^19\+\./)
  })

  it('terms: the market’s age replaces a lower mark of the brand’s own, once; a higher one stays (issue 34); empty terms still carry the age and line', () => {
    const on = market('ca-on', 'CA-ON')
    expect(termsForMarket('18+ | Play safe', on)).toBe('19+. Play safe.\nPlease play responsibly · ConnexOntario 1-866-531-2600')
    expect(termsForMarket('21+ | Play safe', on)).toBe('21+. Play safe.\nPlease play responsibly · ConnexOntario 1-866-531-2600')
    // no terms of its own: the page says "T&Cs apply" in its language (components/OfferTerms.tsx)
    expect(termsForMarket('', on)).toBe('19+. \nPlease play responsibly · ConnexOntario 1-866-531-2600')
    expect(termsForMarket('New customers only', { minimumAge: 18, rules: { ...on.rules, saferGamblingLine: '' } })).toBe('18+. New customers only')
  })
})

describe('which market a path and a visitor belong to', () => {
  const prefixes = new Set(['/uk', '/ca-on'])
  it('a path splits into its market prefix and the page path, by its first segment only', () => {
    expect(splitMarketPath('/ca-on/brands/x', prefixes)).toEqual({ prefix: '/ca-on', rest: '/brands/x' })
    expect(splitMarketPath('/ca-on', prefixes)).toEqual({ prefix: '/ca-on', rest: '/' })
    expect(splitMarketPath('/ca-onx/brands', prefixes)).toEqual({ prefix: '', rest: '/ca-onx/brands' })
    expect(splitMarketPath('/brands/uk', prefixes)).toEqual({ prefix: '', rest: '/brands/uk' })
    expect(inMarket('/uk', '/')).toBe('/uk')
    expect(inMarket('', '/brands')).toBe('/brands')
  })
  it('a visitor’s region picks its market before their country; an unserved country has none', () => {
    const markets = [market('ca', 'CA-ON', { countries: ['CA'] }), market('ca-on', 'CA-ON'), market('uk', 'GB')]
    expect(marketForVisitor(markets, 'CA', 'CA-ON')?.key).toBe('ca-on')
    expect(marketForVisitor(markets, 'CA', 'CA-QC')?.key).toBe('ca')
    expect(marketForVisitor(markets, 'GB')?.key).toBe('uk')
    expect(marketForVisitor(markets, 'FR')).toBeNull()
    expect(marketForVisitor(markets, null)).toBeNull()
  })
})

describe('what a market may be (lib/market-schema.ts)', () => {
  const valid = { key: 'ca-on', name: 'Ontario', countries: ['CA-ON'], language: 'en-ca', currency: 'cad', minimumAge: 19, rules: MARKET_PRESETS['CA-ON'].rules }
  it('canonical spellings: en-ca → en-CA, cad → CAD, countries upper-case', () => {
    const m = marketInputSchema.parse({ ...valid, countries: ['ca-on', 'ca'] })
    expect(m).toMatchObject({ language: 'en-CA', currency: 'CAD', countries: ['CA-ON', 'CA'], listsSharedArticles: true })
  })
  it.each([
    [{ language: 'not a language' }, 'language'],
    [{ language: 'en_GB!' }, 'language'],
    [{ key: 'articles' }, 'key'],
    [{ key: 'go' }, 'key'],
    [{ key: 'UK/' }, 'key'],
    [{ currency: 'XXX' }, 'currency'],
    [{ countries: ['ZZ'] }, 'countries.0'],
    [{ countries: [] }, 'countries'],
    [{ minimumAge: 16 }, 'minimumAge'],
    [{ rules: { ...valid.rules, noBonusText: '' } }, 'rules.noBonusText'],
    [{ name: '<b>x</b>' }, 'name'],
  ])('%j is refused, naming %s', (over, path) => {
    const r = marketInputSchema.safeParse({ ...valid, ...over })
    expect(r.success).toBe(false)
    expect(r.error!.issues.map((i) => i.path.join('.'))).toContain(path)
  })
  it('reserves every first segment the site answers', () => {
    for (const s of ['api', 'go', 'media', 'brands', 'article', 'search', 'admin', 'info', 'tag', 'author']) expect(RESERVED_SEGMENTS.has(s), s).toBe(true)
  })
})
