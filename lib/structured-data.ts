import { type AuthorRef, authorPath } from './authors.ts'
import type { AuthorLink } from './author-schemas.ts'
import type { BrandPage, Post } from './schemas.ts'
import { type BrandReview, overallScore } from './review-score.ts'
import type { JsonLd } from './json-ld.ts'
import { clipText } from './seo.ts'
import { SITE_DESCRIPTION, SITE_NAME } from './site.ts'
import { SITE_LOGO_PNG, absoluteUrl } from './social-image.ts'

/**
 * schema.org JSON-LD for search engines, as pure functions of what the page shows (Google's required
 * and recommended properties per type; see lib/structured-data.test.ts). Imported only by server-side
 * head code (+seo files, pages/+Head.tsx), so none of it reaches the browser's bundles.
 */

const CONTEXT = 'https://schema.org' as const
// Google shows at most 110 characters of an Article headline
const HEADLINE_MAX = 110

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
  /** the author profile the byline links to (issue 22), or null */
  author?: AuthorRef | null
}

/**
 * An Article. Dates are the store's createdAt/updatedAt, the same as article:published_time and
 * article:modified_time (see pages/article/@id/+seo.ts for why not meta.date). The author is the
 * profile's Person with its page (issue 22), else the byline's text as a Person, else the site.
 */
export function article({ post, url, image, description, siteUrl, author: profile }: ArticleInput): JsonLd {
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
    author: profile
      ? { '@type': 'Person', '@id': personId(profile.slug, siteUrl), name: profile.name, url: absoluteUrl(authorPath(profile.slug), siteUrl) }
      : author
        ? { '@type': 'Person', name: author }
        : organization(siteUrl),
    publisher: organization(siteUrl),
  }
}

/** What the author page shows of a profile, and so what its Person says. */
export type PersonInput = { slug: string; name: string; bio: string; expertise: readonly string[]; photo: string; links: readonly AuthorLink[] }

/** One id per author across pages, so an article's author and the author page's Person are one entity. */
const personId = (slug: string, siteUrl: string) => `${absoluteUrl(authorPath(slug), siteUrl)}#person`

/**
 * An author as a Person (issue 22): name and page, the bio as description, the photo, their profiles
 * elsewhere (sameAs) and what they write about (knowsAbout); empty properties are left out.
 */
export function person(a: PersonInput, siteUrl: string): JsonLd {
  const sameAs = a.links.map((l) => l.url)
  return {
    '@context': CONTEXT,
    '@type': 'Person',
    '@id': personId(a.slug, siteUrl),
    name: a.name,
    url: absoluteUrl(authorPath(a.slug), siteUrl),
    ...(a.bio.trim() ? { description: clipText(a.bio, 300) } : {}),
    ...(a.photo ? { image: absoluteUrl(a.photo, siteUrl) } : {}),
    ...(sameAs.length ? { sameAs } : {}),
    ...(a.expertise.length ? { knowsAbout: [...a.expertise] } : {}),
  }
}

/** The author page as a ProfilePage whose main entity is the author's Person (Google's profile page markup). */
export function profilePage(a: Pick<PersonInput, 'slug' | 'name'>, path: string, siteUrl: string): JsonLd {
  return {
    '@context': CONTEXT,
    '@type': 'ProfilePage',
    url: absoluteUrl(path, siteUrl),
    name: `${a.name} on ${SITE_NAME}`,
    mainEntity: { '@id': personId(a.slug, siteUrl) },
  }
}

/**
 * A brand page's Review. With a structured review (issue 22): its overall score (1–5), the reviewer as
 * the author (a Person), the day tested, the verdict and its pros and cons, about the operator (an
 * Organization). Without one, the editor's rating (0–5) with the site as author, as before. Never an
 * AggregateRating: the site has no readers' ratings to aggregate.
 */
export function brandReview(brand: Pick<BrandPage, 'brandName' | 'rating'> & { review?: BrandReview | null }, url: string, siteUrl: string): JsonLd | null {
  const review = { '@context': CONTEXT, '@type': 'Review', url, name: `${brand.brandName} review`, itemReviewed: { '@type': 'Organization', name: brand.brandName } }
  const r = brand.review
  if (r) {
    const notes = (items: string[]) => ({ '@type': 'ItemList', itemListElement: items.map((name, i) => ({ '@type': 'ListItem', position: i + 1, name })) })
    return {
      ...review,
      reviewRating: { '@type': 'Rating', ratingValue: overallScore(r.scores), bestRating: 5, worstRating: 1 },
      author: { '@type': 'Person', name: r.reviewer },
      datePublished: r.testedAt,
      ...(r.verdict ? { reviewBody: r.verdict } : {}),
      ...(r.pros.length ? { positiveNotes: notes(r.pros) } : {}),
      ...(r.cons.length ? { negativeNotes: notes(r.cons) } : {}),
      publisher: organization(siteUrl),
    }
  }
  if (brand.rating == null || !Number.isFinite(brand.rating)) return null
  return {
    ...review,
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
