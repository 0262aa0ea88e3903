import * as z from 'zod'
import {
  AUTHOR_BIO_MAX,
  AUTHOR_EXPERTISE_ITEM_MAX,
  AUTHOR_EXPERTISE_MAX,
  AUTHOR_LINK_LABEL_MAX,
  AUTHOR_LINKS_MAX,
  AUTHOR_NAME_MAX,
  AUTHOR_SLUG_MAX,
  AUTHOR_SLUG_PATTERN,
} from './authors.ts'
import { isSafeHref, isTrackedLink } from './links.ts'
import { MEDIA_ID_PATTERN } from './media-refs.ts'
import { idSchema, MAX_IMAGE_FIELD, TRACKED_IMAGE_MESSAGE } from './schemas.ts'

/** Author profile schemas (lib/authors.ts): the API's, the backup's, the import's and the service's one definition. */

// C0 controls and DEL; a bio keeps its line breaks
const CONTROL = /[\u0000-\u001f\u007f]/
const CONTROL_BUT_NEWLINE = /[\u0000-\u0009\u000b-\u001f\u007f]/
// shown as typed: a tag would appear as literal '<b>', so say so at the save rather than surprise on the page
const LOOKS_LIKE_HTML = /<[a-z!/?]/i
const ONE_LINE = 'must be one line of plain text, without control characters'

const oneLine = (max: number, what: string) =>
  z
    .string()
    .trim()
    .max(max, `${what} is at most ${max} characters`)
    .refine((v) => !CONTROL.test(v), { message: ONE_LINE })

export const authorSlugSchema = z
  .string()
  .max(AUTHOR_SLUG_MAX, `slug is at most ${AUTHOR_SLUG_MAX} characters`)
  .regex(AUTHOR_SLUG_PATTERN, 'slug may only hold lowercase letters, digits and single hyphens between them, e.g. maya-chen')

/** An absolute http(s) URL with the safe-link rules (lib/links.ts): never a path, javascript: or data:. */
const absoluteHttpUrl = z
  .string()
  .trim()
  .max(2048)
  .refine((v) => isSafeHref(v) && !v.startsWith('/'), { message: 'must be an absolute http(s) URL, e.g. https://example.com/me' })

const MEDIA_PATH = new RegExp(`^/media/${MEDIA_ID_PATTERN}$`)
/** A photo is an image in the media library (/media/…) or an http(s) URL; '' for none. */
export const authorPhotoSchema = z
  .string()
  .trim()
  .max(2048)
  .refine((v) => !isTrackedLink(v), { message: TRACKED_IMAGE_MESSAGE })
  .refine((v) => v === '' || MEDIA_PATH.test(v) || (isSafeHref(v) && !v.startsWith('/')), {
    message: 'must be an image from the media library (/media/…) or an http(s) URL',
  })

export const authorLinkSchema = z.object({
  /** what the link is ("X", "LinkedIn", "Personal site"); empty: the link's host stands in */
  label: oneLine(AUTHOR_LINK_LABEL_MAX, 'a link label').default(''),
  url: absoluteHttpUrl,
})
export type AuthorLink = z.infer<typeof authorLinkSchema>

/** The fields an admin writes (the slug is optional on create: made from the name). */
const authorFieldsShape = {
  name: oneLine(AUTHOR_NAME_MAX, 'name').pipe(z.string().min(1, 'Name is required')),
  bio: z
    .string()
    .trim()
    .max(AUTHOR_BIO_MAX, `bio is at most ${AUTHOR_BIO_MAX} characters`)
    .refine((v) => !CONTROL_BUT_NEWLINE.test(v), { message: 'must be plain text, without control characters' })
    .refine((v) => !LOOKS_LIKE_HTML.test(v), { message: 'must be plain text, without HTML: it is shown as typed' })
    .default(''),
  expertise: z
    .array(oneLine(AUTHOR_EXPERTISE_ITEM_MAX, 'a topic').pipe(z.string().min(1, 'a topic cannot be empty')))
    .max(AUTHOR_EXPERTISE_MAX, `at most ${AUTHOR_EXPERTISE_MAX} topics`)
    // one spelling per topic, as typed first
    .transform((list) => list.filter((t, i) => list.findIndex((u) => u.toLowerCase() === t.toLowerCase()) === i))
    .default([]),
  photo: authorPhotoSchema.default(''),
  links: z.array(authorLinkSchema).max(AUTHOR_LINKS_MAX, `at most ${AUTHOR_LINKS_MAX} links`).default([]),
}

const iso = z.iso.datetime({ offset: true })
/** An author as stored, backed up and exported (`_id` is an opaque id: the slug may change, posts keep pointing at the id). */
export const storedAuthorSchema = z.object({ _id: idSchema, slug: authorSlugSchema, ...authorFieldsShape, createdAt: iso, updatedAt: iso })
export type Author = z.infer<typeof storedAuthorSchema>

/** A data URL of an uploaded image (what the admin's file picker sends): stored in the media library, replaced by its URL. */
const photoUpload = z.string().max(MAX_IMAGE_FIELD, 'Photo is larger than 5 MB').regex(/^data:image\/[a-z0-9.+-]+;base64,/i, 'is not an image')

/** What an admin sends to create or replace a profile: the photo may also be an upload (a data URL). */
export const authorBodySchema = z.object({
  ...authorFieldsShape,
  slug: authorSlugSchema.optional().or(z.literal('').transform(() => undefined)),
  // one or the other by its shape, so a refused URL is answered with its own reason, not "Invalid input"
  photo: z
    .string()
    .transform((v, ctx) => {
      const r = (/^\s*data:/i.test(v) ? photoUpload : authorPhotoSchema).safeParse(v)
      if (r.success) return r.data
      for (const issue of r.error.issues) ctx.addIssue({ code: 'custom', message: issue.message })
      return z.NEVER
    })
    .default(''),
})
export type AuthorBody = z.input<typeof authorBodySchema>

/** A profile as the admin API lists it: how many posts name it (a profile in use cannot be deleted). */
export type AuthorWithUsage = Author & { usage: { authored: number; reviewed: number } }
