import type { ArticleCardData } from '../components/ArticleGrid.tsx'
import type { BrandOffer, BrandPage, Post } from '../lib/schemas.ts'

let n = 0
export function offer(over: Partial<BrandOffer> = {}): BrandOffer {
  n++
  return {
    _id: `brand-${n}`,
    brandName: `Brand ${n}`,
    rating: 4,
    type: ['typePopular'],
    position: [],
    tagline: `Tagline ${n}`,
    offerHighlight: '',
    bonusOffer: `Bonus ${n}`,
    termsSummary: '',
    termsUrl: '',
    campaignType: 'Web - Sale',
    campaignTypeRaw: 'Web - Sale',
    logo: null,
    dealBox: { mainText: `Deal ${n}`, subText: 'sub', ctaLabel: 'Go', ctaUrl: 'https://p.example/' },
    ...over,
  }
}

export function card(over: Partial<ArticleCardData> = {}): ArticleCardData {
  n++
  return { _id: `a-${n}`, title: `Article ${n}`, image: '', tag: 'Guides', description: 'desc', meta: { date: '2026-11-01', readTime: '5 min' }, ...over }
}

export function brandPage(over: Partial<BrandPage> = {}): BrandPage {
  n++
  return {
    _id: `brand-${n}`,
    brandName: `Brand ${n}`,
    rating: 4.5,
    type: [],
    position: [],
    campaignType: '',
    enableClickId: true,
    enableGaid: false,
    enableUserAgent: false,
    enableCustomParams: false,
    customParams: [],
    logo: null,
    bannerImage: null,
    tagline: 'Short tagline',
    offerHighlight: '',
    bonusOffer: 'Big bonus',
    bonusCondition: '',
    termsSummary: '',
    termsUrl: '',
    promoTable: null,
    promoTables: [],
    timelines: [],
    highlights: [],
    sections: [],
    dealBox: {},
    facts: {},
    review: null,
    validFrom: null,
    validUntil: null,
    createdAt: '',
    updatedAt: '',
    ...over,
  }
}

export function post(id: string, title = `Title ${id}`, type: Post['type'] = 'article'): Post {
  return {
    _id: id,
    title,
    image: '',
    tag: '',
    description: '',
    type,
    content: { summary: [], body: [] },
    meta: { author: '', date: '', reviewer: '', readTime: '' },
    related_studies: [],
    createdAt: '',
    updatedAt: '',
  }
}

/** The admin's brand form as the API takes it (multipart fields): a valid brand page unless `over` says otherwise. */
export function brandFormFields(over: Record<string, string | Blob> = {}): Record<string, string | Blob> {
  return {
    brandName: 'Test Casino',
    rating: '4.3',
    type: JSON.stringify(['typeNew']),
    position: JSON.stringify(['PositionPopular']),
    enableClickId: 'true',
    enableGaid: 'false',
    enableUserAgent: 'true',
    enableCustomParams: 'true',
    campaignType: 'App - Install',
    customParams: JSON.stringify([{ key: 'src', value: 'gw' }]),
    tagline: 'A test casino.',
    offerHighlight: '100% up to 100',
    bonusOffer: 'Bonus',
    bonusCondition: '30x',
    promoTable: JSON.stringify({ heading: 'Welcome', columns: ['Deposit', 'Match'], rows: [{ col1: '1st', col2: '100%' }, { col1: '2nd', col2: '50%' }, { col1: '3rd', col2: '25%' }] }),
    timelines: JSON.stringify([{ label: 'Payout', value: '24', unit: 'hours' }]),
    highlights: JSON.stringify([{ title: 'Games', value: '500' }]),
    sections: JSON.stringify([{ type: 'faq', content: [{ q: 'Q?', a: 'A.' }] }, { type: 'terms', content: ['18+'] }]),
    dealBox: JSON.stringify({ countdownText: 'Ends soon', mainText: '100%', ctaLabel: 'Play', ctaUrl: 'https://test.example/go' }),
    ...over,
  }
}

/** Fields as a multipart body. */
export function formData(fields: Record<string, string | Blob>): FormData {
  const f = new FormData()
  for (const [k, v] of Object.entries(fields)) f.append(k, v)
  return f
}
