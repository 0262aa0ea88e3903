import type { PageSeo } from '../../lib/seo.ts'

// A missing page must not be indexed under the URL that was asked for.
export default { robots: 'noindex' } satisfies PageSeo
