import { SITE_DESCRIPTION, SITE_NAME } from './site.ts'

/**
 * Where the site's feeds and sitemap live and what the feeds are called: one home for the routes,
 * robots.txt and the `<link rel="alternate">` pages put in their head.
 */
export const SITE_FEED_PATH = '/rss.xml'
/** WordPress's habit, which readers and people still try: redirected to the feed. */
export const FEED_ALIAS_PATH = '/feed'
export const SITEMAP_PATH = '/sitemap.xml'
/** The media type a feed is advertised with. */
export const FEED_TYPE = 'application/rss+xml'
/** Articles a feed carries, newest first. */
export const FEED_ITEMS = 20

export const tagFeedPath = (tagSlug: string) => `/tag/${encodeURIComponent(tagSlug)}/rss.xml`

export const SITE_FEED_TITLE = `${SITE_NAME} – latest articles`
export const SITE_FEED_DESCRIPTION = SITE_DESCRIPTION
export const tagFeedTitle = (tagName: string) => `${SITE_NAME} – ${tagName}`
export const tagFeedDescription = (tagName: string) => `The latest ${SITE_NAME} articles tagged ${tagName}.`
