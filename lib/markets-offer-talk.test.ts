import { describe, expect, it } from 'vitest'
import { highestAgeMark, speaksOfBonus, withoutBonusTalk } from './inducements.ts'
import { brandUnderRules, type Market, MARKET_PRESETS, rowUnderRules, withoutOffer } from './markets.ts'
import type { BrandPage } from './schemas.ts'

/**
 * Issue 34: a market's rules reach every block that speaks of an offer, not only the offer fields. The
 * walk-through found, on /ca-on/brands/nova-spins, the review's cons ("35× wagering on the welcome
 * bonus"), the verdict, a "Bonus validity" timeline, the "Bonuses" criterion and an FAQ about the welcome
 * offer (and their JSON-LD, built from the same data); and on pages whose brand may not be shown, the
 * whole offer under the notice.
 */
const market = (key: string, preset: keyof typeof MARKET_PRESETS): Market => ({ key, name: key, legalPages: [], ...MARKET_PRESETS[preset] })
const ontario = market('ca-on', 'CA-ON')

const page = {
  _id: 'nova-spins',
  brandName: 'Nova Spins',
  rating: 4.6,
  tagline: 'Fast payouts',
  offerHighlight: '100% up to £500',
  bonusOffer: '100% up to £500 + 200 free spins',
  bonusCondition: 'Min deposit £20',
  termsSummary: '18+. New customers only. 35x wagering.',
  termsUrl: 'https://nova.example/terms',
  promoTable: { heading: 'Welcome package', columns: ['Deposit'], rows: [{ col1: '1st' }] },
  promoTables: [],
  timelines: [
    { label: 'Withdrawal time', value: '24', unit: 'hours' },
    { label: 'Bonus validity', value: '30', unit: 'days' },
  ],
  highlights: [
    { title: 'Games', value: '2,000+' },
    { title: 'Welcome offer', value: '£500' },
  ],
  sections: [
    { type: 'faq', title: 'FAQ', content: [{ q: 'How do I claim the welcome offer?', a: 'Deposit £20.' }, { q: 'Is it licensed?', a: 'Yes, by the AGCO.' }] },
    { type: 'faq', title: 'Bonus FAQ', content: [{ q: 'What is the wagering?', a: '35x.' }] },
    { type: 'list', title: 'Highlights', content: [{ subheading: 'Why', bullets: ['Fast payouts', 'Free spins every Friday'] }] },
    { type: 'text', content: 'Great games.\n\nThe welcome bonus is generous.' },
    { type: 'terms', content: ['18+ only.'] },
  ],
  dealBox: { countdownText: 'Offer ends in 2 days', mainText: '100% up to 500', subText: '+ 200 free spins', linkText: '', linkUrl: '', ctaLabel: 'Claim Bonus', ctaUrl: 'https://nova.example/' },
  facts: { bonusCode: 'WISE200', wagering: { multiplier: 35, appliesTo: 'bonus' }, withdrawalHours: 24 },
  review: {
    scores: { bonuses: 5, games: 4, payments: 4, support: 4, mobile: 4, safety: 5 },
    pros: ['Fast payouts', 'Big welcome bonus'],
    cons: ['35× wagering on the welcome bonus', 'No phone support'],
    verdict: 'A safe, fast casino. Its 100% match up to £500 is among the best. Support is slow at night.',
    reviewer: 'Maya Chen',
    testedAt: '2026-11-01',
  },
  validFrom: null,
  validUntil: null,
} as unknown as BrandPage

describe('what speaks of a bonus (lib/inducements.ts)', () => {
  it.each(['35× wagering', 'x40', '40-fach', 'Big welcome bonus', '200 free spins', 'Bonus validity', 'How do I claim the welcome offer?', '100% match', 'promo code WISE', 'Freispiele'])('“%s” does', (t) => {
    expect(speaksOfBonus(t)).toBe(true)
  })
  it.each(['Fast payouts', 'No phone support', 'Withdrawal time', 'Licensed by the AGCO', '24 hours', '3 × 5 reels'])('“%s” does not', (t) => {
    expect(speaksOfBonus(t)).toBe(false)
  })
  it('drops the sentences about a bonus, keeps the rest', () => {
    expect(withoutBonusTalk('A safe casino. Its 100% match up to £500 is big. Support is slow.')).toBe('A safe casino. Support is slow.')
  })
  it('reads the highest age mark a text states, not an amount', () => {
    expect(highestAgeMark('18+. New customers only (21+ where required).')).toBe(21)
    expect(highestAgeMark('Bet £20+ to qualify. 18+')).toBe(18)
    expect(highestAgeMark('No age here')).toBeNull()
  })
})

describe('a market barring inducements (Ontario) shapes every block of a brand page', () => {
  const shown = brandUnderRules(page, ontario)

  it('the review keeps its score and loses its lines and sentences about the bonus, and shows no bonus criterion', () => {
    expect(shown.review!.pros).toEqual(['Fast payouts'])
    expect(shown.review!.cons).toEqual(['No phone support'])
    expect(shown.review!.verdict).toBe('A safe, fast casino. Support is slow at night.')
    expect(shown.review!.hidden).toEqual(['bonuses'])
    expect(shown.review!.scores).toEqual(page.review!.scores)
  })

  it('timelines, highlights, FAQ questions, list bullets and paragraphs about a bonus go; a section left empty goes whole', () => {
    expect(shown.timelines.map((t) => t.label)).toEqual(['Withdrawal time'])
    expect(shown.highlights.map((h) => h.title)).toEqual(['Games'])
    expect(shown.sections).toEqual([
      { type: 'faq', title: 'FAQ', content: [{ q: 'Is it licensed?', a: 'Yes, by the AGCO.' }] },
      { type: 'list', title: 'Highlights', content: [{ subheading: 'Why', bullets: ['Fast payouts'] }] },
      { type: 'text', content: 'Great games.' },
    ])
  })

  it('leaves nothing on the page an Ontario reader may not see, and the call to action says "Visit site"', () => {
    const text = JSON.stringify({ ...shown, termsUrl: '' })
    expect(text).not.toMatch(/wager|free spins|welcome|WISE200|£500|100%|35x|35×|18\+|Claim/i)
    expect(shown.dealBox.ctaLabel).toBe('Visit site')
    expect(shown.dealBox.countdownText).toBe('')
  })
})

describe('a page whose offer may not be shown (not available, not licensed, ended): the brand without its offer', () => {
  it('no bonus, terms, table, code, wagering or countdown; the brand and its review stay', () => {
    const bare = withoutOffer(page)
    expect(bare).toMatchObject({ bonusOffer: '', bonusCondition: '', offerHighlight: '', termsSummary: '', promoTable: null, promoTables: [] })
    expect(bare.dealBox).toMatchObject({ mainText: '', subText: '', countdownText: '' })
    expect(bare.facts).toEqual({ withdrawalHours: 24 })
    expect(bare.sections.some((s) => s.type === 'terms' || s.type === 'table')).toBe(false)
    expect(bare.review!.reviewer).toBe('Maya Chen')
    expect(JSON.stringify(bare)).not.toMatch(/£500|35x|WISE200/)
  })
})

describe('comparison rows in a market', () => {
  const row = { _id: 'x', brandName: 'X', logo: null, bonus: '100%', ctaLabel: 'Claim Bonus', hasCta: true, termsSummary: '18+ T&Cs', termsUrl: '', cells: { bonus: '100%', minDeposit: '£20' }, cellCurrency: { minDeposit: 'GBP' } }
  it('Ontario: the button says "Visit site", an amount in another currency says which', () => {
    const shown = rowUnderRules(row, ontario)
    expect(shown.ctaLabel).toBe('Visit site')
    expect(shown.cells.minDeposit).toBe('£20 (GBP)')
  })
  it('the UK: a GBP amount needs no label', () => {
    expect(rowUnderRules(row, market('uk', 'GB')).cells.minDeposit).toBe('£20')
  })
})

describe('JSON-LD in a market (lib/json-ld.ts jsonLdInMarket)', () => {
  it('puts every same-site page address under the market, once; the publisher and files keep theirs', async () => {
    const { jsonLdInMarket } = await import('./json-ld.ts')
    const site = 'https://gw.example'
    const local = (p: string) => (p.startsWith('/ca-on/') || p === '/ca-on' ? p : p === '/' ? '/ca-on' : `/ca-on${p}`)
    const data = {
      '@type': 'BreadcrumbList',
      itemListElement: [{ '@type': 'ListItem', item: `${site}/` }, { '@type': 'ListItem', item: `${site}/brands/nova` }],
      review: { url: `${site}/ca-on/brands/nova`, author: { '@id': `${site}/author/maya#person` } },
      publisher: { '@id': `${site}/#organization`, logo: { url: `${site}/logo-512.png` } },
      image: { url: `${site}/media/x.webp` },
      potentialAction: { target: { urlTemplate: `${site}/search?q={search_term_string}` } },
      sameAs: [`${site}/elsewhere`],
      other: 'https://else.example/brands/x',
    }
    expect(jsonLdInMarket(data, site, local)).toEqual({
      ...data,
      itemListElement: [{ '@type': 'ListItem', item: `${site}/ca-on` }, { '@type': 'ListItem', item: `${site}/ca-on/brands/nova` }],
      review: { url: `${site}/ca-on/brands/nova`, author: { '@id': `${site}/ca-on/author/maya#person` } },
      potentialAction: { target: { urlTemplate: `${site}/ca-on/search?q={search_term_string}` } },
    })
  })
})
