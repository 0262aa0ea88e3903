import type { PageContextServer } from 'vike/types'
import type { PageSeo } from '../../lib/seo.ts'
import { homeStructuredData } from '../../lib/structured-data.ts'

export default (pageContext: PageContextServer): PageSeo => ({ path: '/', jsonLd: homeStructuredData(pageContext.siteUrl!) })
