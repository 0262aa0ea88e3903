import type { PageContextServer } from 'vike/types'
import { infoPath } from '../../../lib/info-pages.ts'
import type { PageSeo } from '../../../lib/seo.ts'
import { breadcrumbList } from '../../../lib/structured-data.ts'
import type { Data } from './+data.ts'

// Home › {page}
export default ({ data, siteUrl }: PageContextServer<Data>): PageSeo => {
  const path = infoPath(data.page.slug)
  return { path, jsonLd: [breadcrumbList(siteUrl!, [{ name: data.page.title, path }])] }
}
