import type { PageSeo } from '../../lib/seo.ts'

// Account and admin pages are not for search engines.
export default { robots: 'noindex, nofollow' } satisfies PageSeo
