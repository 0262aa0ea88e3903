import type { PageSeo } from '../../lib/seo.ts'

/**
 * Result pages are thin, endless (one per query and page) and duplicate the articles they list:
 * kept out of search engines' indexes, while crawlers may still follow their links to the articles.
 */
export default { path: '/search', robots: 'noindex, follow' } satisfies PageSeo
