import * as z from 'zod'
import { isSafeHref, isTrackedLink } from '../links.ts'

export { isSafeHref, isTrackedLink }

// Building an object schema makes zod probe for eval (`new Function`); under the site's CSP (no
// 'unsafe-eval') the browser reports that probe as a violation although zod catches it. Browsers skip
// the JIT and its probe (zod's documented switch); the server keeps it. Must run before any z.object.
if (typeof document !== 'undefined') z.config({ jitless: true })

/**
 * Entity schemas (spec §3): one definition serves the API, the CLI import and, as types, the components.
 */

/** A string of at most `max` characters (the store's bound on free text). */
export const text = (max = 20_000) => z.string().max(max)

/** http(s) links, or same-site paths ("/article/x"): never javascript:, data:, protocol-relative, control characters or backslashes. */
export const safeLinkSchema = z
  .string()
  .trim()
  .max(2048)
  .refine((v) => isSafeHref(v), { message: 'must be an http(s) URL or a path starting with /, without control characters or backslashes' })

/** Why an image field refuses a /go URL (lib/links.ts isTrackedLink): said the same by every image field. */
export const TRACKED_IMAGE_MESSAGE = 'must be the address of an image, not a tracked /go link: showing it would count a click nobody made'

/** An image's address (a logo, a lead image, a photo): a safe link that is not a tracked /go link. */
export const imageUrlSchema = safeLinkSchema.refine((v) => !isTrackedLink(v), { message: TRACKED_IMAGE_MESSAGE })

export const idSchema = z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, 'malformed id')

export const IMAGE_ALT_MAX = 250
export const imageAltSchema = z
  .string()
  .trim()
  .max(IMAGE_ALT_MAX, `must be at most ${IMAGE_ALT_MAX} characters: say what the image shows, briefly`)
  .refine((v) => !/[\u0000-\u001f\u007f]/.test(v), { message: 'must be one line of plain text, without control characters' })
