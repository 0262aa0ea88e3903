import * as z from 'zod'
import { boundedJsonSchema, type JsonValue } from '../bounded-json.ts'
import { directivesIn } from '../comparison.ts'
import { isCalendarDay } from '../format.ts'
import { type PublishStatus, publishingInputShape } from '../publishing.ts'
import { TAG_MAX_LENGTH, TAGS_MAX } from '../tags.ts'
import { idSchema, imageAltSchema, imageUrlSchema, isSafeHref, isTrackedLink, safeLinkSchema, text, TRACKED_IMAGE_MESSAGE } from './common.ts'

/** Posts (spec §3): hero, featured, articles and bottom articles, as stored and as written. */

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
  // free text from older posts ("June 2024") stays; a YYYY-MM-DD must name a real day (shown, never rolled over)
  date: text(100)
    .refine((v) => !/^\d{4}-\d{2}-\d{2}$/.test(v.trim()) || isCalendarDay(v.trim()), 'is not a date in the calendar')
    .default(''),
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

/** The spec leaves a related study's shape open (§3), so each is free-form JSON, bounded for the store. */
export const relatedStudySchema = boundedJsonSchema({ maxDepth: 6, maxString: 20_000, maxKeys: 100, maxBytes: 50_000 })

export const postInputSchema = z.object({
  _id: idSchema.optional(),
  title: z.string().trim().min(1, 'Title is required').max(300),
  image: z.union([imageUrlSchema, z.literal('')]).default(''),
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
  // a title or a URL typed here is named as such, not as a "malformed id" (issue 32: the editor picks the original by title)
  translationOf: z.string().trim().regex(/^[A-Za-z0-9_-]{1,100}$/, 'must be the original post’s slug (such as rtp-explained): pick the original by its title').nullable().optional(),
  ...publishingInputShape,
})
export type PostInput = z.input<typeof postInputSchema>

/**
 * A post as the admin sends it (spec §7): `image` may also be an uploaded image as a data URL or raw
 * base64, which the server stores in the media library and replaces by its URL.
 */
export const MAX_IMAGE_FIELD = 7_500_000 // 5 MB of image as base64, plus a data-URL prefix
export const postBodySchema = postInputSchema.omit({ type: true, _id: true }).extend({
  // a URL, or an upload's bytes (the service tells them apart); a URL must not be a tracked /go link
  image: z.string().trim().max(MAX_IMAGE_FIELD, 'Image is larger than 5 MB').refine((v) => !isSafeHref(v) || !isTrackedLink(v), { message: TRACKED_IMAGE_MESSAGE }).default(''),
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
