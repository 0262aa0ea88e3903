import type { PageContextServer } from 'vike/types'
import type { PageSeo } from '../../lib/seo.ts'
import { breadcrumbList } from '../../lib/structured-data.ts'
import type { Data } from './+data.ts'

// Home › All articles (› Page N)
export default ({ data, siteUrl }: PageContextServer<Data>): PageSeo => ({
  path: data.seo.path,
  jsonLd: [breadcrumbList(siteUrl!, [{ name: 'All articles', path: '/articles' }, ...(data.page > 1 ? [{ name: `Page ${data.page}`, path: data.seo.path }] : [])])],
})
