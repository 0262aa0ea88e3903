import { SITEMAP_PATH } from '../../lib/feeds.ts'

/**
 * Paths crawlers have no business in: the admin areas and account forms (nothing to index), tracked
 * redirects (each visit is an affiliate click), the API and the metrics endpoint.
 */
export const CRAWL_DISALLOWED = ['/admin', '/adminmarket', '/login', '/signup', '/go/', '/api/', '/metrics'] as const

/** GET /robots.txt: everything public may be crawled, the private paths may not, and where the sitemap is. */
export function robotsTxt(siteUrl: string): string {
  // Disallow lines before Allow: crawlers that take the first matching rule (not the longest) agree too
  return ['User-agent: *', ...CRAWL_DISALLOWED.map((p) => `Disallow: ${p}`), 'Allow: /', '', `Sitemap: ${siteUrl}${SITEMAP_PATH}`, ''].join('\n')
}
