import type { PageContextServer } from 'vike/types'
import type { PageSeo } from '../../lib/seo.ts'
import { breadcrumbList } from '../../lib/structured-data.ts'
import type { Data } from './+data.ts'

// Home › {tag} (› Page N)
export default ({ data, siteUrl }: PageContextServer<Data>): PageSeo => ({
  path: data.seo.path,
  jsonLd: [breadcrumbList(siteUrl!, [{ name: data.tag.name, path: data.base }, ...(data.page > 1 ? [{ name: `Page ${data.page}`, path: data.seo.path }] : [])])],
})
