import { markdownPlain } from './markdown-plain.ts'
import type { BrandPage, Post } from './schemas.ts'
import type { JsonLd } from './json-ld.ts'
import { SITE_DESCRIPTION, SITE_NAME } from './site.ts'
import { type Translate, translator } from './i18n/index.ts'

/**
 * Titles and descriptions for the page head (issue "publishing at scale and in search"). Pure and
 * small: vike-react's `title`/`description` settings run in the browser too, on client navigation.
 */

// Search results cut titles at about 600 px (55–65 characters) and descriptions at about 160;
// 70 keeps long headlines whole while stopping runaway 300-character titles.
export const TITLE_MAX = 70
export const DESCRIPTION_MIN = 50
export const DESCRIPTION_MAX = 160

const TITLE_SUFFIX = ` | ${SITE_NAME}`
const ELLIPSIS = '…'

const squash = (text: string) => text.replace(/\s+/g, ' ').trim()

/** `text` cut to at most `max` characters at a word boundary, with '…' when something was cut. */
export function clipText(text: string, max: number): string {
  const clean = squash(text)
  if (clean.length <= max) return clean
  const room = clean.slice(0, max - ELLIPSIS.length + 1)
  const lastSpace = room.lastIndexOf(' ')
  // a single word longer than the room is cut mid-word rather than dropped
  const cut = lastSpace > max / 2 ? room.slice(0, lastSpace) : room.slice(0, max - ELLIPSIS.length)
  return cut.replace(/[\s,;:.–—-]+$/, '') + ELLIPSIS
}

/** Every page's title carries the site suffix; a long title gives way, never the suffix. */
export function pageTitle(title: string): string {
  return clipText(title, TITLE_MAX - TITLE_SUFFIX.length) + TITLE_SUFFIX
}

/**
 * A meta description from the first sources that say enough: sources are taken in order and joined
 * until the text reaches DESCRIPTION_MIN, then clipped to DESCRIPTION_MAX at a word boundary. Shorter
 * is kept when the sources have no more to say (an honest short text beats padding).
 */
export function metaDescription(sources: readonly (string | null | undefined)[], fallback = SITE_DESCRIPTION): string {
  let text = ''
  for (const source of sources) {
    const clean = squash(source ?? '')
    if (!clean) continue
    text = text ? `${text}${/[.!?…]$/.test(text) ? '' : '.'} ${clean}` : clean
    if (text.length >= DESCRIPTION_MIN) break
  }
  return clipText(text || fallback, DESCRIPTION_MAX)
}

/** An article's description, else its summary points, else its first body section (in that order). */
export function postDescription(post: Pick<Post, 'title' | 'description' | 'content'>): string {
  const summary = post.content.summary.map((p) => [p.title, p.text].filter(Boolean).join(': '))
  // section text is the editor's Markdown (issue 25): its words, not its marks
  const firstSection = post.content.body[0]?.content && markdownPlain(post.content.body[0].content)
  return metaDescription([post.description, ...summary, firstSection], `${post.title}. ${SITE_DESCRIPTION}`)
}

/** "Nova Spins review and offer | GameWise", in the page's language (`t`, English by default). */
export function brandTitle(brand: Pick<BrandPage, 'brandName'>, t: Translate = translator('en')): string {
  return pageTitle(t('brand.title', { brand: brand.brandName }))
}

export function brandDescription(brand: Pick<BrandPage, 'brandName' | 'tagline' | 'offerHighlight' | 'bonusOffer'>): string {
  return metaDescription([brand.tagline, brand.offerHighlight, brand.bonusOffer], `${brand.brandName}: our review and current offer. ${SITE_DESCRIPTION}`)
}

/**
 * What a page adds to its head beyond vike-react's title, description, image and viewport: the
 * value of a page's `+seo.ts` (a Vike setting, server-only). Every field is optional: a page without
 * one gets its own path as canonical and og:url, og:type website, and no JSON-LD.
 */
export type PageSeo = {
  /** canonical path; defaults to the requested path without its query */
  path?: string
  /** og:type */
  type?: 'website' | 'article'
  /** robots meta, e.g. 'noindex' for error pages, 'noindex, nofollow' for account pages */
  robots?: string
  /** article:published_time / article:modified_time (ISO 8601) */
  article?: { publishedTime: string; modifiedTime: string }
  jsonLd?: readonly (JsonLd | null)[]
  /** issue 23: the page in other languages (absolute URLs), `x-default` among them: `<link rel="alternate" hreflang>` */
  alternates?: readonly { hreflang: string; href: string }[]
}
