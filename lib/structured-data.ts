import type { BrandPage, Post } from './schemas.ts'
import { type BrandReview, overallScore } from './review-score.ts'
import { SITE_DESCRIPTION, SITE_NAME, clipText } from './seo.ts'
import { SITE_LOGO_PNG, absoluteUrl } from './social-image.ts'

/**
 * schema.org JSON-LD for search engines, as pure functions of what the page shows (Google's required
 * and recommended properties per type; see lib/structured-data.test.ts). Imported only by server-side
 * head code (+seo files, pages/+Head.tsx), so none of it reaches the browser's bundles.
 */

export type JsonLd = { '@context'?: 'https://schema.org'; '@type': string; [key: string]: unknown }

const CONTEXT = 'https://schema.org' as const
// Google shows at most 110 characters of an Article headline
const HEADLINE_MAX = 110

/**
 * The text of a `<script type="application/ld+json">`: JSON with `<`, `>` and `&` escaped, so no value
 * (a title holding `</script>` or `<!--`) can end the element early; U+2028/2029 escaped for old parsers.
 */
export function serializeJsonLd(data: JsonLd): string {
  return JSON.stringify(data).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
}

/** The site as an Organization: the publisher of every article and the author of every brand review. */
export function organization(siteUrl: string): JsonLd {
  return {
    '@type': 'Organization',
    '@id': `${siteUrl}/#organization`,
    name: SITE_NAME,
    url: `${siteUrl}/`,
    logo: { '@type': 'ImageObject', url: absoluteUrl(SITE_LOGO_PNG, siteUrl), width: 512, height: 512 },
  }
}

/** Home page: the WebSite with its search box (GET /search?q=…) and the Organization behind it. */
export function homeStructuredData(siteUrl: string): JsonLd[] {
  return [
    {
      '@context': CONTEXT,
      '@type': 'WebSite',
      '@id': `${siteUrl}/#website`,
      name: SITE_NAME,
      url: `${siteUrl}/`,
      description: SITE_DESCRIPTION,
      publisher: { '@id': `${siteUrl}/#organization` },
      potentialAction: {
        '@type': 'SearchAction',
        target: { '@type': 'EntryPoint', urlTemplate: `${siteUrl}/search?q={search_term_string}` },
        'query-input': 'required name=search_term_string',
      },
    },
    { '@context': CONTEXT, ...organization(siteUrl) },
  ]
}

export type Crumb = { name: string; path: string }

/**
 * A BreadcrumbList from the home page down to this page: `trail` lists the crumbs below Home, the page
 * itself last. Archive pages call it too, e.g. `breadcrumbList(siteUrl, [{ name: 'Articles', path: '/articles' },
 * { name: 'Page 2', path: '/articles/page/2' }])`.
 */
export function breadcrumbList(siteUrl: string, trail: readonly Crumb[]): JsonLd {
  const crumbs: Crumb[] = [{ name: 'Home', path: '/' }, ...trail]
  return {
    '@context': CONTEXT,
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((c, i) => ({ '@type': 'ListItem', position: i + 1, name: clipText(c.name, HEADLINE_MAX), item: absoluteUrl(c.path, siteUrl) })),
  }
}

export type ArticleInput = {
  post: Pick<Post, 'title' | 'meta' | 'createdAt' | 'updatedAt'>
  /** canonical URL of the article page */
  url: string
  /** absolute URL of the raster image the head shares (og:image) */
  image: string
  description: string
  siteUrl: string
}

/**
 * An Article. Dates are the store's createdAt/updatedAt, the same as article:published_time and
 * article:modified_time (see pages/article/@id/+seo.ts for why not meta.date). The author is the
 * byline's Person when the post names one, else the site.
 */
export function article({ post, url, image, description, siteUrl }: ArticleInput): JsonLd {
  const author = post.meta.author.trim()
  return {
    '@context': CONTEXT,
    '@type': 'Article',
    '@id': `${url}#article`,
    mainEntityOfPage: url,
    url,
    headline: clipText(post.title, HEADLINE_MAX),
    description,
    image: [image],
    datePublished: post.createdAt,
    dateModified: post.updatedAt,
    author: author ? { '@type': 'Person', name: author } : organization(siteUrl),
    publisher: organization(siteUrl),
  }
}

/**
 * A brand page's Review. With a structured review (issue 22): its overall score (1–5), the reviewer as
 * the author (a Person), the day tested, the verdict and its pros and cons, about the operator (an
 * Organization). Without one, the editor's rating (0–5) with the site as author, as before. Never an
 * AggregateRating: the site has no readers' ratings to aggregate.
 */
export function brandReview(brand: Pick<BrandPage, 'brandName' | 'rating'> & { review?: BrandReview | null }, url: string, siteUrl: string): JsonLd | null {
  const itemReviewed = { '@type': 'Organization', name: brand.brandName }
  const r = brand.review
  if (r) {
    const notes = (items: string[]) => ({ '@type': 'ItemList', itemListElement: items.map((name, i) => ({ '@type': 'ListItem', position: i + 1, name })) })
    return {
      '@context': CONTEXT,
      '@type': 'Review',
      url,
      name: `${brand.brandName} review`,
      itemReviewed,
      reviewRating: { '@type': 'Rating', ratingValue: overallScore(r.scores), bestRating: 5, worstRating: 1 },
      author: { '@type': 'Person', name: r.reviewer },
      datePublished: r.testedAt,
      reviewBody: r.verdict,
      ...(r.pros.length ? { positiveNotes: notes(r.pros) } : {}),
      ...(r.cons.length ? { negativeNotes: notes(r.cons) } : {}),
      publisher: organization(siteUrl),
    }
  }
  if (brand.rating == null || !Number.isFinite(brand.rating)) return null
  return {
    '@context': CONTEXT,
    '@type': 'Review',
    url,
    name: `${brand.brandName} review`,
    itemReviewed,
    reviewRating: { '@type': 'Rating', ratingValue: brand.rating, bestRating: 5, worstRating: 0 },
    author: organization(siteUrl),
    publisher: organization(siteUrl),
  }
}

/** An FAQPage with every question and answer of the brand page's FAQ sections; null when it has none. */
export function faqPage(sections: BrandPage['sections']): JsonLd | null {
  const items = sections.flatMap((s) => (s.type === 'faq' ? s.content : [])).filter((i) => i.q.trim() && i.a.trim())
  if (!items.length) return null
  return {
    '@context': CONTEXT,
    '@type': 'FAQPage',
    mainEntity: items.map((i) => ({ '@type': 'Question', name: i.q, acceptedAnswer: { '@type': 'Answer', text: i.a } })),
  }
}
