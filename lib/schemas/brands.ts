import * as z from 'zod'
import { type BrandFacts, compactFacts } from '../brand-facts.ts'
import { brandFactsSchema } from '../brand-facts-schema.ts'
import { goalsByKind, parseCampaignType } from '../event-codes.ts'
import { type GeoRule, geoRuleSchema } from '../geo.ts'
import { validFromSchema, validUntilSchema } from '../offer-lifecycle.ts'
import { type PublishStatus, publishingInputShape } from '../publishing.ts'
import type { BrandReview } from '../review-score.ts'
import { reviewSchema } from '../reviews.ts'
import { idSchema, imageAltSchema, imageUrlSchema, safeLinkSchema, text } from './common.ts'
import { offerTermsShape, termsSummarySchema } from './terms.ts'
import { isCurrencyCode } from '../currencies.ts'
import type { MarketOffer } from '../offer-money.ts'

// ---------- brands ----------

export const promoTableSchema = z
  .object({
    heading: text(500).default(''),
    columns: z.array(text(200)).max(20).default([]),
    rows: z.array(z.record(z.string().regex(/^col\d{1,2}$/, 'row cells are named col1, col2, …'), text(2_000))).max(200).default([]),
  })
  .refine((t) => t.rows.every((row) => Object.keys(row).every((k) => Number(k.slice(3)) >= 1 && Number(k.slice(3)) <= t.columns.length)), {
    message: 'a promo table row has a cell for a column that does not exist',
    path: ['rows'],
  })
export type PromoTable = z.infer<typeof promoTableSchema>

export const sectionSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('text'), title: text(500).optional(), content: text() }),
  z.object({
    type: z.literal('list'),
    title: text(500).optional(),
    content: z.array(z.object({ subheading: text(500), bullets: z.array(text(2_000)).max(100) })).max(50),
  }),
  z.object({
    type: z.literal('faq'),
    title: text(500).optional(),
    content: z.array(z.object({ q: text(1_000), a: text(10_000) })).max(100),
  }),
  z.object({ type: z.literal('terms'), title: text(500).optional(), content: z.array(text(2_000)).max(100) }),
  z.object({ type: z.literal('table'), title: text(500).optional(), content: promoTableSchema }),
])
export type Section = z.infer<typeof sectionSchema>
export const sectionTypes = ['text', 'list', 'faq', 'terms', 'table'] as const

export const dealBoxSchema = z
  .object({
    countdownText: text(500).optional(),
    mainText: text(500).optional(),
    subText: text(1_000).optional(),
    linkText: text(200).optional(),
    linkUrl: safeLinkSchema.optional().or(z.literal('')),
    ctaLabel: text(200).optional(),
    ctaUrl: safeLinkSchema.optional().or(z.literal('')),
    // older names (spec §3)
    buttonLabel: text(200).optional(),
    buttonUrl: safeLinkSchema.optional().or(z.literal('')),
  })
  .transform(({ buttonLabel, buttonUrl, ...d }): DealBox => {
    const out: DealBox = { ...d }
    const label = d.ctaLabel || buttonLabel
    const url = d.ctaUrl || buttonUrl
    if (label) out.ctaLabel = label
    else delete out.ctaLabel
    if (url) out.ctaUrl = url
    else delete out.ctaUrl
    return out
  })
export type DealBox = {
  countdownText?: string
  mainText?: string
  subText?: string
  linkText?: string
  linkUrl?: string
  ctaLabel?: string
  ctaUrl?: string
}

export const customParamSchema = z.object({ key: text(200), value: text(2_000) })
export type CustomParam = z.infer<typeof customParamSchema>
/** The server may send an object map; it is turned into a list (spec §3). */
export const customParamsSchema = z
  .union([z.array(customParamSchema).max(50), z.record(z.string().max(200), z.string().max(2_000))])
  .transform((v) => (Array.isArray(v) ? v : Object.entries(v).map(([key, value]) => ({ key, value }))))

/** An image as the API answers it: cdnUrl wins (spec §3); uploaded bytes are served from /media, never inlined. */
export type ImageRef = { data: null; contentType: string; cdnUrl: string }

export type BrandPage = {
  _id: string
  brandName: string
  rating: number | null
  type: string[]
  position: string[]
  campaignType: string
  enableClickId: boolean
  enableGaid: boolean
  enableUserAgent: boolean
  enableCustomParams: boolean
  customParams: CustomParam[]
  logo: ImageRef | null
  bannerImage: ImageRef | null
  /** the banner's text alternative (issue 12); absent: pages use the brand's name */
  bannerAlt?: string
  tagline: string
  offerHighlight: string
  bonusOffer: string
  bonusCondition: string
  termsSummary: string // compliance: significant terms (offerTermsShape)
  termsUrl: string
  promoTable: PromoTable | null
  promoTables: PromoTable[]
  timelines: { label: string; value: string; unit: string }[]
  highlights: { title: string; value: string }[]
  sections: Section[]
  dealBox: DealBox
  /** compliance: where it may be shown (lib/geo.ts); absent = everywhere */
  geo?: GeoRule
  /** issue 13: absent on brands saved before statuses existed, which are published (lib/publishing.ts) */
  status?: PublishStatus
  /** when a scheduled brand page goes live (ISO time); only while `status` is scheduled */
  publishAt?: string
  /** issue 22: facts as data (lib/brand-facts.ts); {} when it has none */
  facts: BrandFacts
  /** issue 22: the structured review (lib/reviews.ts), or null */
  review: BrandReview | null
  /** issue 22: when the offer runs (lib/offer-lifecycle.ts): ISO instants, or null for open-ended */
  validFrom: string | null
  validUntil: string | null
  /** issue 34: the ISO 4217 currency of the offer's amounts (`{500}` in its texts, lib/offer-money.ts); absent on older brands */
  offerCurrency?: string
  /** issue 34: a market's own offer (headline, terms, code, currency), shown there instead of this one */
  marketOffers?: MarketOffer[]
  /** set when a page is shaped for a market (never stored): that market's currency, so a page can label an offer in another */
  marketCurrency?: string
  createdAt: string
  updatedAt: string
}

/** What the offers list needs of a brand (GET /api/brands/static-offers). */
export type BrandOffer = Pick<
  BrandPage,
  | '_id'
  | 'brandName'
  | 'rating'
  | 'type'
  | 'position'
  | 'tagline'
  | 'offerHighlight'
  | 'bonusOffer'
  | 'termsSummary'
  | 'termsUrl'
  | 'campaignType'
  | 'logo'
  | 'dealBox'
  | 'offerCurrency'
  | 'marketOffers'
  | 'marketCurrency'
> & { campaignTypeRaw: string }

/** An image's text alternative: one line of plain text that says what the image shows (WCAG 1.1.1). */

/** An ISO 4217 code of money (lib/currencies.ts): `gbp` is read as GBP. */
export const offerCurrencySchema = z
  .string()
  .trim()
  .toUpperCase()
  .refine(isCurrencyCode, { message: 'must be an ISO 4217 currency code such as GBP or EUR' })

/** A market's own offer for a brand (lib/offer-money.ts): its market's key, currency, headline and terms. */
export const marketOfferSchema = z.strictObject({
  market: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z]{2}(-[a-z0-9]{2,3})?$/, 'must be a market key such as uk, ca-on or de'),
  currency: offerCurrencySchema,
  offerHighlight: z.string().trim().min(1, 'is required: the offer as this market shows it').max(500),
  termsSummary: termsSummarySchema.default(''),
  bonusCode: text(40).optional(),
  minDeposit: z.number().positive().max(1_000_000).optional(),
})

const tagList = z.array(z.string().trim().min(1).max(100)).max(30).default([])
const imageInput = z.union([imageUrlSchema, z.null()]).default(null)

export const brandInputSchema = z.object({
  _id: idSchema.optional(),
  brandName: z.string().trim().min(1, 'Brand Name is required').max(200),
  rating: z.number().min(0).max(5).nullable().default(null),
  type: tagList,
  position: tagList,
  // compliance: where it may be shown (lib/geo.ts); absent = everywhere, so older brands and exports keep working
  geo: geoRuleSchema.optional(),
  campaignType: text(200).default(''),
  enableClickId: z.boolean().default(false),
  enableGaid: z.boolean().default(false),
  enableUserAgent: z.boolean().default(false),
  enableCustomParams: z.boolean().default(false),
  customParams: customParamsSchema.default([]),
  logo: imageInput,
  bannerImage: imageInput,
  tagline: text(2_000).default(''),
  offerHighlight: text(500).default(''),
  bonusOffer: text(500).default(''),
  bonusCondition: text(1_000).default(''),
  ...offerTermsShape, // compliance: significant terms beside every offer
  bannerAlt: imageAltSchema.optional(),
  promoTable: promoTableSchema.nullable().default(null),
  promoTables: z.array(promoTableSchema).max(20).default([]),
  timelines: z.array(z.object({ label: text(200), value: text(200), unit: text(100) })).max(50).default([]),
  highlights: z.array(z.object({ title: text(200), value: text(200) })).max(50).default([]),
  sections: z.array(sectionSchema).max(50).default([]),
  dealBox: dealBoxSchema.default({}),
  // issue 22, all additive: absent keeps what a brand has (older clients and exports keep working)
  facts: brandFactsSchema.transform(compactFacts).optional(),
  review: reviewSchema.nullable().optional(),
  validFrom: validFromSchema,
  validUntil: validUntilSchema,
  // issue 34, additive: spec payloads without them keep working ('' clears the currency)
  offerCurrency: z.union([z.literal(''), offerCurrencySchema]).optional(),
  marketOffers: z
    .array(marketOfferSchema)
    .max(20)
    .refine((list) => new Set(list.map((o) => o.market)).size === list.length, { message: 'has two offers for one market' })
    .optional(),
  ...publishingInputShape,
})
export type BrandInput = z.input<typeof brandInputSchema>

/** 'App - {goal}' or 'Web - {goal}' with a goal from that kind's list (spec §2, §5). */
export const campaignTypeSchema = z
  .string()
  .trim()
  .refine((v) => {
    const { kind, goal } = parseCampaignType(v)
    return Boolean(kind && goal && goalsByKind[kind].includes(goal))
  }, 'Campaign Type and Goal are required')

/** A brand page as the admin writes it (the multipart fields of spec §7, parsed). */
export const brandWriteSchema = brandInputSchema.omit({ _id: true, logo: true, bannerImage: true }).extend({ campaignType: campaignTypeSchema })
export type BrandWrite = z.output<typeof brandWriteSchema>
