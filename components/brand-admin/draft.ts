import { type CampaignKind, formatCampaignType, parseCampaignType } from '../../lib/event-codes.ts'
import { type GeoDraft, geoDraftOf, geoRuleOf } from '../../lib/geo.ts'
import { publishingDraftOf, publishingPayload, type PublishingDraft } from '../admin/publishing.ts'
import type { BrandPage, CustomParam, DealBox, PromoTable, Section } from '../../lib/schemas.ts'
import { dayOfInstant, factsDraftOf, type FactsDraft, factsPayload, reviewDraftOf, type ReviewDraft, reviewPayload } from './formats-draft.ts'

/** One image slot: a newly chosen file, a CDN link, and what the brand had when loaded. */
export type ImageDraft = { file: File | null; link: string; loadedLink: string; loadedUrl: string; removed: boolean }

export type BrandDraft = {
  _id?: string
  /** the stored version the form was loaded from (its `updatedAt`): a save is based on it (If-Match) */
  version?: string
  brandName: string
  rating: string
  type: string[]
  position: string[]
  tagline: string
  offerHighlight: string
  bonusOffer: string
  bonusCondition: string
  termsSummary: string // compliance: significant terms
  termsUrl: string
  enableClickId: boolean
  enableGaid: boolean
  enableUserAgent: boolean
  enableCustomParams: boolean
  customParams: CustomParam[]
  kind: CampaignKind | ''
  goal: string
  logo: ImageDraft
  bannerImage: ImageDraft
  bannerAlt: string
  dealBox: Required<DealBox>
  promoTable: PromoTable
  promoTables: PromoTable[]
  timelines: { label: string; value: string; unit: string }[]
  highlights: { title: string; value: string }[]
  sections: Section[]
  /** compliance: where it may be shown (GeoEditor.tsx) */
  geo: GeoDraft
  /** draft / scheduled / published (issue 13) */
  publishing: PublishingDraft
  /** issue 22: facts as data, the structured review, and the days the offer runs (UTC; '' = open) */
  facts: FactsDraft
  review: ReviewDraft
  validFrom: string
  validUntil: string
  /** the window as loaded: a day left as it was is sent back as the instant it was (it may hold a time) */
  loadedWindow: { validFrom: string | null; validUntil: string | null }
  /** issue 34: the ISO 4217 currency of the offer's `{500}` amounts ('' = none), and markets' own offers */
  offerCurrency: string
  marketOffers: MarketOfferDraft[]
}

/** A market's own offer as the form holds it (the minimum deposit as typed). */
export type MarketOfferDraft = { market: string; currency: string; offerHighlight: string; termsSummary: string; bonusCode: string; minDeposit: string }

export const emptyMarketOffer = (): MarketOfferDraft => ({ market: '', currency: '', offerHighlight: '', termsSummary: '', bonusCode: '', minDeposit: '' })

/** What the API takes for the markets' offers: empty optional parts left out, a typed number as a number (a bad one as typed: the server names it). */
export function marketOffersPayload(list: MarketOfferDraft[]): unknown[] {
  return list.map((o) => ({
    market: o.market.trim(),
    currency: o.currency.trim(),
    offerHighlight: o.offerHighlight,
    termsSummary: o.termsSummary.trim(),
    ...(o.bonusCode.trim() ? { bonusCode: o.bonusCode.trim() } : {}),
    ...(o.minDeposit.trim() ? { minDeposit: Number.isFinite(Number(o.minDeposit)) ? Number(o.minDeposit) : o.minDeposit } : {}),
  }))
}

const dealKeys = ['countdownText', 'mainText', 'subText', 'linkText', 'linkUrl', 'ctaLabel', 'ctaUrl'] as const

function imageDraft(url: string | undefined): ImageDraft {
  // an uploaded image (/media/…) is not a link the editor typed: keep it unless a new file or link replaces it
  const loadedLink = url && !url.startsWith('/media/') ? url : ''
  return { file: null, link: loadedLink, loadedLink, loadedUrl: url ?? '', removed: false }
}

export function toDraft(brand?: BrandPage | null): BrandDraft {
  const { kind, goal } = parseCampaignType(brand?.campaignType)
  return {
    _id: brand?._id,
    version: brand?.updatedAt,
    brandName: brand?.brandName ?? '',
    rating: brand?.rating == null ? '' : String(brand.rating),
    type: brand?.type ?? [],
    position: brand?.position ?? [],
    tagline: brand?.tagline ?? '',
    offerHighlight: brand?.offerHighlight ?? '',
    bonusOffer: brand?.bonusOffer ?? '',
    bonusCondition: brand?.bonusCondition ?? '',
    termsSummary: brand?.termsSummary ?? '',
    termsUrl: brand?.termsUrl ?? '',
    enableClickId: brand?.enableClickId ?? false,
    enableGaid: brand?.enableGaid ?? false,
    enableUserAgent: brand?.enableUserAgent ?? false,
    enableCustomParams: brand?.enableCustomParams ?? false,
    customParams: brand?.customParams ?? [],
    kind,
    goal,
    logo: imageDraft(brand?.logo?.cdnUrl),
    bannerImage: imageDraft(brand?.bannerImage?.cdnUrl),
    bannerAlt: brand?.bannerAlt ?? '',
    dealBox: Object.fromEntries(dealKeys.map((k) => [k, brand?.dealBox?.[k] ?? ''])) as Required<DealBox>,
    promoTable: brand?.promoTable ?? { heading: '', columns: [], rows: [] },
    promoTables: brand?.promoTables ?? [],
    timelines: brand?.timelines ?? [],
    highlights: brand?.highlights ?? [],
    sections: brand?.sections ?? [],
    geo: geoDraftOf(brand?.geo),
    publishing: publishingDraftOf(brand),
    facts: factsDraftOf(brand?.facts),
    review: reviewDraftOf(brand?.review),
    validFrom: dayOfInstant(brand?.validFrom),
    validUntil: dayOfInstant(brand?.validUntil),
    loadedWindow: { validFrom: brand?.validFrom ?? null, validUntil: brand?.validUntil ?? null },
    offerCurrency: brand?.offerCurrency ?? '',
    marketOffers: (brand?.marketOffers ?? []).map((o) => ({ market: o.market, currency: o.currency, offerHighlight: o.offerHighlight, termsSummary: o.termsSummary, bonusCode: o.bonusCode ?? '', minDeposit: o.minDeposit === undefined ? '' : String(o.minDeposit) })),
  }
}

/** The preview for an image slot: the new file, the link, or what was loaded (unless removed). */
export function previewOf(img: ImageDraft, objectUrl?: string) {
  if (img.file) return objectUrl ?? ''
  if (img.link) return img.link
  return img.removed ? '' : img.loadedUrl
}

/** The spec's multipart fields (§7): JSON-encoded lists and objects, files only when newly chosen. */
export function toFormData(d: BrandDraft): FormData {
  const f = new FormData()
  f.set('brandName', d.brandName.trim())
  f.set('rating', d.rating.trim())
  f.set('type', JSON.stringify(d.type))
  f.set('position', JSON.stringify(d.position))
  for (const k of ['enableClickId', 'enableGaid', 'enableUserAgent', 'enableCustomParams'] as const) f.set(k, String(d[k]))
  f.set('campaignType', d.kind && d.goal ? formatCampaignType(d.kind, d.goal) : '')
  f.set('customParams', JSON.stringify(d.customParams))
  for (const k of ['tagline', 'offerHighlight', 'bonusOffer', 'bonusCondition'] as const) f.set(k, d[k])
  for (const k of ['termsSummary', 'termsUrl', 'bannerAlt'] as const) f.set(k, d[k].trim()) // compliance and alt text (additive to spec §7)
  f.set('promoTable', JSON.stringify(d.promoTable))
  f.set('promoTables', JSON.stringify(d.promoTables))
  f.set('timelines', JSON.stringify(d.timelines))
  f.set('highlights', JSON.stringify(d.highlights))
  f.set('sections', JSON.stringify(d.sections))
  const dealBox = Object.fromEntries(Object.entries(d.dealBox).filter(([, v]) => v.trim() !== '')) // empty means absent
  f.set('dealBox', JSON.stringify(dealBox))
  f.set('geo', JSON.stringify(geoRuleOf(d.geo))) // compliance; additive to spec §7 ({} = everywhere)
  // issue 22 (additive to spec §7: a client that sends none of these keeps the brand's own)
  f.set('facts', JSON.stringify(factsPayload(d.facts)))
  f.set('review', JSON.stringify(reviewPayload(d.review)))
  for (const k of ['validFrom', 'validUntil'] as const) {
    const loaded = d.loadedWindow[k]
    f.set(k, loaded && dayOfInstant(loaded) === d[k] ? loaded : d[k])
  }
  // issue 34 (additive: a client that sends neither keeps the brand's own)
  f.set('offerCurrency', d.offerCurrency.trim())
  f.set('marketOffers', JSON.stringify(marketOffersPayload(d.marketOffers)))
  const publishing = publishingPayload(d.publishing) // issue 13; additive to spec §7 (absent keeps the brand's own)
  f.set('status', publishing.status)
  if (publishing.publishAt !== undefined) f.set('publishAt', publishing.publishAt)
  const image = (img: ImageDraft, fileField: string, urlField: string) => {
    if (img.file) f.set(fileField, img.file)
    if (img.link !== img.loadedLink || (img.removed && !img.file && !img.link)) f.set(urlField, img.link)
  }
  image(d.logo, 'logo', 'logoCdnUrl')
  image(d.bannerImage, 'bannerImage', 'bannerCdnUrl')
  return f
}

export function emptySection(type: Section['type']): Section {
  switch (type) {
    case 'text':
      return { type, title: '', content: '' }
    case 'list':
      return { type, title: '', content: [{ subheading: '', bullets: [] }] }
    case 'faq':
      return { type, title: '', content: [{ q: '', a: '' }] }
    case 'terms':
      return { type, title: '', content: [] }
    case 'table':
      return { type, title: '', content: { heading: '', columns: [], rows: [] } }
  }
}

/** A draft as this browser can keep it (./BrandForm.tsx's local copy): a chosen file cannot be stored, so it is left out. */
export const keepable = (d: BrandDraft): BrandDraft => ({ ...d, logo: { ...d.logo, file: null }, bannerImage: { ...d.bannerImage, file: null } })

/** What a save of `d` would send, as one string: two drafts with the same one are the same to the editor (unsaved changes). */
export function draftSnapshot(d: BrandDraft): string {
  const image = (img: ImageDraft) => ({ link: img.link, removed: img.removed, file: img.file ? `${img.file.name}:${img.file.size}:${img.file.lastModified}` : null })
  const { _id: _i, version: _v, loadedWindow: _w, ...fields } = d
  return JSON.stringify({ ...fields, logo: image(d.logo), bannerImage: image(d.bannerImage) })
}
