import * as z from 'zod'
import { INFO_SLUG_MAX, INFO_SLUG_PATTERN } from './info-pages.ts'

/** Info page schemas (lib/info-pages.ts): the API's, the backup's and the service's one definition. */

export const infoSlugSchema = z
  .string()
  .max(INFO_SLUG_MAX, `slug is at most ${INFO_SLUG_MAX} characters`)
  .regex(INFO_SLUG_PATTERN, 'slug may only hold lowercase letters, digits and single hyphens between them')

/** Room for a long privacy policy (about 8,000 words); the request limit is set to fit it. */
export const INFO_BODY_MAX = 50_000

/** What an editor sends for a page (the slug is in the path, or in `createInfoPageBodySchema`). */
export const infoPageBodySchema = z.object({
  title: z.string().trim().min(1, 'Title is required').max(120),
  body: z.string().max(INFO_BODY_MAX),
  // empty: the page's title and the start of its text stand in
  seoTitle: z.string().trim().max(70).default(''),
  seoDescription: z.string().trim().max(160).default(''),
})
export const createInfoPageBodySchema = infoPageBodySchema.extend({ slug: infoSlugSchema })
export const previewInfoPageBodySchema = z.object({ body: z.string().max(INFO_BODY_MAX) })

export type InfoPageBody = z.input<typeof infoPageBodySchema>

const iso = z.iso.datetime({ offset: true })
/** A page as stored (`_id` is its slug): checks restored records. */
export const storedInfoPageSchema = infoPageBodySchema.extend({ _id: infoSlugSchema, createdAt: iso, updatedAt: iso })
export type StoredInfoPage = z.infer<typeof storedInfoPageSchema>

/** A page as the admin API answers it. */
export type InfoPage = Omit<StoredInfoPage, '_id'> & { slug: string; required: boolean }
