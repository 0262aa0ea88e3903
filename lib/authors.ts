/**
 * Author profiles (issue 22, "Authors"): who wrote an article and who reviewed it, each with a public page
 * at /author/:slug. No zod here: the article page and the admin's pickers import these into the browser
 * (schemas: lib/author-schemas.ts).
 */

/** Lowercase letters and digits in words joined by single hyphens: `maya-chen`. */
export const AUTHOR_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/
export const AUTHOR_SLUG_MAX = 60
export const AUTHOR_NAME_MAX = 100
/** A short bio: a paragraph or two, shown as plain text. */
export const AUTHOR_BIO_MAX = 1_200
export const AUTHOR_EXPERTISE_MAX = 12
export const AUTHOR_EXPERTISE_ITEM_MAX = 60
export const AUTHOR_LINKS_MAX = 8
export const AUTHOR_LINK_LABEL_MAX = 60

export const isAuthorSlug = (slug: string) => slug.length <= AUTHOR_SLUG_MAX && AUTHOR_SLUG_PATTERN.test(slug)
/** An author's page: the one definition every link to it uses (bylines, sitemaps, structured data). */
export const authorPath = (slug: string) => `/author/${encodeURIComponent(slug)}`

/** Two letters standing in for a missing photo: the first and last names' initials. */
export const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .filter((_, i, all) => i === 0 || i === all.length - 1)
    .map((w) => [...w][0]!.toUpperCase())
    .join('')

/** What a byline needs of a profile: the name and where it links. */
export type AuthorRef = { name: string; slug: string }

/** A post's byline profiles (null: none chosen; the post's own `meta.author`/`meta.reviewer` text, or the site, stands in). */
export type Byline = { author: AuthorRef | null; reviewer: AuthorRef | null }
export const NO_BYLINE: Byline = { author: null, reviewer: null }
