/**
 * Info pages (privacy, terms, responsible gambling…) at /info/:slug, edited in /admin. No zod here:
 * the footer imports these constants into every page's JavaScript (schemas: lib/info-page-schemas.ts).
 */

/** Lowercase letters and digits in words joined by single hyphens: `responsible-gambling`, `faq-2`. */
export const INFO_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/
export const INFO_SLUG_MAX = 60

/**
 * The pages every installation has: created at start when missing, editable, never deletable. The
 * footer, brand pages (the affiliate disclosure line) and the consent banner (cookies, privacy) link
 * to them, and compliance needs them to exist; a deleted one would also come back at the next start.
 */
export const DEFAULT_INFO_SLUGS = ['responsible-gambling', 'affiliate-disclosure', 'privacy', 'terms', 'cookies', 'about', 'contact'] as const
export type DefaultInfoSlug = (typeof DEFAULT_INFO_SLUGS)[number]

export const isDefaultInfoSlug = (slug: string): slug is DefaultInfoSlug => (DEFAULT_INFO_SLUGS as readonly string[]).includes(slug)
export const isInfoSlug = (slug: string) => slug.length <= INFO_SLUG_MAX && INFO_SLUG_PATTERN.test(slug)
export const infoPath = (slug: string) => `/info/${slug}`

/** The page whose body is followed by every country's gambling-help organisations (lib/responsible-gambling.ts). */
export const RESPONSIBLE_GAMBLING_SLUG: DefaultInfoSlug = 'responsible-gambling'
