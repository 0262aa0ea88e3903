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
