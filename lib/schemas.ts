import * as z from 'zod'
import { boundedJsonSchema, type JsonValue } from './bounded-json.ts'
import { goalsByKind, parseCampaignType } from './event-codes.ts'
import { type GeoRule, geoRuleSchema } from './geo.ts'
import { isSafeHref } from './links.ts'
import { type PublishStatus, publishingInputShape } from './publishing.ts'
import { TAG_MAX_LENGTH, TAGS_MAX } from './tags.ts'
import { type BrandFacts, compactFacts } from './brand-facts.ts'
import { brandFactsSchema } from './brand-facts-schema.ts'
import type { BrandReview } from './review-score.ts'
import { reviewSchema } from './reviews.ts'
import { validFromSchema, validUntilSchema } from './offer-lifecycle.ts'
import { directivesIn } from './comparison.ts'

export { isSafeHref }

// Building an object schema makes zod probe for eval (`new Function`); under the site's CSP (no
// 'unsafe-eval') the browser reports that probe as a violation although zod catches it. Browsers skip
// the JIT and its probe (zod's documented switch); the server keeps it. Must run before any z.object.
if (typeof document !== 'undefined') z.config({ jitless: true })

/**
 * Entity schemas (spec §3): one definition serves the API, the CLI import and, as types, the components.
 */

const text = (max = 20_000) => z.string().max(max)

/** http(s) links, or same-site paths ("/article/x"): never javascript:, data:, protocol-relative, control characters or backslashes. */
export const safeLinkSchema = z
  .string()
  .trim()
  .max(2048)
  .refine((v) => isSafeHref(v), { message: 'must be an http(s) URL or a path starting with /, without control characters or backslashes' })


export const idSchema = z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, 'malformed id')

export const postTypes = ['hero', 'featured', 'article', 'articleBottom'] as const
export const postTypeSchema = z.enum(postTypes)
export type PostType = z.infer<typeof postTypeSchema>
/** The posts readable as an article at /article/:id (spec §2: articles, bottom articles and the featured one). */
export const readablePostTypes = ['article', 'featured', 'articleBottom'] as const satisfies readonly PostType[]
/** Every post kind but the hero: readable at /article/:id, and what the AI writer writes. */
export type ReadablePostType = (typeof readablePostTypes)[number]

export const summaryPointSchema = z.object({ title: text(500), text: text(5_000) })
export const hyperlinkSchema = z.object({ text: text(200), url: safeLinkSchema })
/** Section text: Markdown, whose comparison-table lines (issue 22: lib/comparison.ts) must each parse. */
const sectionText = text().superRefine((v, ctx) => {
  if (!v.includes('{{')) return
  for (const { line, result } of directivesIn(v)) if ('error' in result) ctx.addIssue({ code: 'custom', message: `comparison table on line ${line}: ${result.error}` })
})
export const subsectionSchema = z.object({ subheading: text(500), content: sectionText })

export const bodySectionSchema = z.object({
  headline: text(500),
  content: sectionText,
  keywords: z.array(text(100)).max(50).default([]),
  hyperlinks: z.array(hyperlinkSchema).max(50).default([]),
  subsections: z.array(subsectionSchema).max(50).default([]),
})
export const postContentSchema = z.object({
  summary: z.array(summaryPointSchema).max(50).default([]),
  body: z.array(bodySectionSchema).max(50).default([]),
})
export const postMetaSchema = z.object({
  author: text(200).default(''),
  date: text(100).default(''),
  reviewer: text(200).default(''),
  readTime: text(100).default(''),
})

export type SummaryPoint = z.infer<typeof summaryPointSchema>
export type BodySection = z.infer<typeof bodySectionSchema>
export type PostContent = z.infer<typeof postContentSchema>
export type PostMeta = z.infer<typeof postMetaSchema>

/** A post as stored and as the API answers it. `image` is always a URL (http(s) or a /media path). */
export type Post = {
  _id: string
  title: string
  image: string
  /** the lead image's text alternative (issue 12); absent on posts saved before it: pages fall back to the title */
  imageAlt?: string
  /** the first of `tags` (spec §3's single tag) */
  tag: string
  /** every tag, the first being `tag` (issue 25); absent on posts saved before lists, which have `tag` only (lib/tags.ts tagsOf) */
  tags?: string[]
  description: string
  position?: number
  type: PostType
  content: PostContent
  meta: PostMeta
  related_studies: JsonValue[]
  /** issue 13: absent on posts saved before statuses existed, which are published (lib/publishing.ts) */
  status?: PublishStatus
  /** when a scheduled post goes live (ISO time); only while `status` is scheduled */
  publishAt?: string
  /** issue 22: the author profile (lib/authors.ts) who wrote it, and the one who reviewed it; null (or absent, before authors) for none */
  authorId?: string | null
  reviewerId?: string | null
  /** issue 23: the market it is written for (lib/markets.ts key), or null/absent for every market */
  market?: string | null
  /** issue 23: the post it translates (the original of its group), or null/absent */
  translationOf?: string | null
  createdAt: string
  updatedAt: string
}

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
> & { campaignTypeRaw: string }

/** An image's text alternative: one line of plain text that says what the image shows (WCAG 1.1.1). */
export const IMAGE_ALT_MAX = 250
export const imageAltSchema = z
  .string()
  .trim()
  .max(IMAGE_ALT_MAX, `must be at most ${IMAGE_ALT_MAX} characters: say what the image shows, briefly`)
  .refine((v) => !/[\u0000-\u001f\u007f]/.test(v), { message: 'must be one line of plain text, without control characters' })

// ---------- offer terms and affiliate disclosure (compliance; what pages show: lib/offer-terms.ts) ----------

/** A significant-terms line is a short summary, not the operator's full terms. */
export const TERMS_SUMMARY_MAX = 300
export const DISCLOSURE_MAX = 300
// C0 controls and DEL: nothing a one-line text needs, and a newline would split it
const hasControlChars = (v: string) => /[\u0000-\u001f\u007f]/.test(v)
// the disclosure is plain text and rendered as such: a tag would show as literal '<a …>'
const looksLikeHtml = (v: string) => /<[a-z!/?]/i.test(v)

/** A brand's significant-terms line, shown beside every rendering of its offer (components/OfferTerms.tsx). */
export const termsSummarySchema = z
  .string()
  .trim()
  .max(TERMS_SUMMARY_MAX, `must be at most ${TERMS_SUMMARY_MAX} characters: a summary of the significant terms, with the rest behind termsUrl`)
  .refine((v) => !hasControlChars(v), { message: 'must be one line of plain text, without control characters' })

/** The operator's full terms: an absolute http(s) URL with the safe-link rules (lib/links.ts), or '' for none. */
export const termsUrlSchema = z
  .string()
  .trim()
  .max(2048)
  // isSafeHref allows http(s) URLs and same-site paths; the operator's terms are never a path here
  .refine((v) => v === '' || (isSafeHref(v) && !v.startsWith('/')), { message: 'must be an absolute http(s) URL, without control characters or backslashes' })

/** Additive brand fields: older clients and exports without them get '' (pages then show '18+ | T&Cs apply'). */
export const offerTermsShape = {
  termsSummary: termsSummarySchema.default(''),
  termsUrl: termsUrlSchema.default(''),
}

/** The affiliate disclosure line shown near every list of offers and on every brand page (a site setting). */
export const affiliateDisclosureSchema = z
  .string()
  .trim()
  .min(1, 'is required: paid placement must be disclosed')
  .max(DISCLOSURE_MAX, `must be at most ${DISCLOSURE_MAX} characters`)
  .refine((v) => !hasControlChars(v), { message: 'must be one line of plain text, without control characters' })
  .refine((v) => !looksLikeHtml(v), { message: 'must be plain text, without HTML' })
export const disclosureBodySchema = z.strictObject({ text: affiliateDisclosureSchema })

// ---------- clicks ----------

export const createClickBodySchema = z.strictObject({
  clickid: z.string().min(1).max(100),
  userId: z.string().max(100).nullable().optional(),
  brandId: idSchema,
  user_agent: z.string().max(1_000).nullable().optional(),
  gaid: z.string().max(200).nullable().optional(),
  timestamp: z.iso.datetime({ offset: true }),
  customParams: customParamsSchema.optional(),
  // issue 21: where the link was shown and where the visitor arrived from, as /go's query names them;
  // read leniently (lib/attribution.ts): a value it does not know is recorded as unknown, never refused
  from: z.unknown().optional(),
  slot: z.unknown().optional(),
  pos: z.unknown().optional(),
  ref: z.unknown().optional(),
  utm_source: z.unknown().optional(),
  utm_medium: z.unknown().optional(),
  utm_campaign: z.unknown().optional(),
})
export type CreateClickBody = z.input<typeof createClickBodySchema>

export type ClickRecord = {
  _id: string
  clickid: string
  userId: string | null
  brandId: string
  user_agent: string | null
  gaid: string | null
  timestamp: string
  customParams: CustomParam[]
  receivedAt: Date
  source: 'browser' | 'redirect'
}

// ---------- write inputs (API bodies, CLI import, demo seed) ----------

/** The spec leaves a related study's shape open (§3), so each is free-form JSON, bounded for the store. */
export const relatedStudySchema = boundedJsonSchema({ maxDepth: 6, maxString: 20_000, maxKeys: 100, maxBytes: 50_000 })

export const postInputSchema = z.object({
  _id: idSchema.optional(),
  title: z.string().trim().min(1, 'Title is required').max(300),
  image: z.union([safeLinkSchema, z.literal('')]).default(''),
  imageAlt: imageAltSchema.optional(),
  tag: text(TAG_MAX_LENGTH).default(''),
  /** several tags (issue 25); the first is `tag`. Absent: the post's list keeps its other tags (lib/tags.ts) */
  tags: z.array(z.string().trim().max(TAG_MAX_LENGTH, `a tag must be at most ${TAG_MAX_LENGTH} characters`)).max(TAGS_MAX, `at most ${TAGS_MAX} tags`).optional(),
  description: text(2_000).default(''),
  position: z.number().int().min(0).max(100_000).optional(),
  type: postTypeSchema,
  content: postContentSchema.default({ summary: [], body: [] }),
  meta: postMetaSchema.default({ author: '', date: '', reviewer: '', readTime: '' }),
  related_studies: z.array(relatedStudySchema).max(50).default([]),
  // issue 22: author profiles by id (null clears; left out on an update, the post keeps its own)
  authorId: idSchema.nullable().optional(),
  reviewerId: idSchema.nullable().optional(),
  // issue 23: its market (null: every market) and the post it translates (left out on an update: kept)
  market: z.string().trim().toLowerCase().regex(/^[a-z]{2}(-[a-z0-9]{2,3})?$/, 'must be a market key such as uk, ca-on or de').nullable().optional(),
  translationOf: idSchema.nullable().optional(),
  ...publishingInputShape,
})
export type PostInput = z.input<typeof postInputSchema>

const tagList = z.array(z.string().trim().min(1).max(100)).max(30).default([])
const imageInput = z.union([safeLinkSchema, z.null()]).default(null)

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
  ...publishingInputShape,
})
export type BrandInput = z.input<typeof brandInputSchema>

/**
 * A post as the admin sends it (spec §7): `image` may also be an uploaded image as a data URL or raw
 * base64, which the server stores in the media library and replaces by its URL.
 */
export const MAX_IMAGE_FIELD = 7_500_000 // 5 MB of image as base64, plus a data-URL prefix
export const postBodySchema = postInputSchema.omit({ type: true, _id: true }).extend({
  image: z.string().trim().max(MAX_IMAGE_FIELD, 'Image is larger than 5 MB').default(''),
  type: postTypeSchema.optional(),
  _id: z.string().optional(),
  /** the address (/article/{slug}): chosen at creation, or changed later (the old address answers 301) */
  slug: z
    .string()
    .trim()
    .max(80, 'URL slug must be at most 80 characters')
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'URL slug may hold lower-case letters, digits and single hyphens, e.g. best-casino-bonuses')
    .optional()
    .or(z.literal('').transform(() => undefined)),
})
export type PostBody = z.input<typeof postBodySchema>

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
