import type { PageContextServer } from 'vike/types'
import type { PageSeo } from '../../lib/seo.ts'
import { breadcrumbList, person, profilePage } from '../../lib/structured-data.ts'
import type { Data } from './+data.ts'

// the author as a Person (name, url, description, image, sameAs, knowsAbout), the page as their
// ProfilePage, and Home › {name} (› Page N)
export default ({ data, siteUrl }: PageContextServer<Data>): PageSeo => ({
  path: data.seo.path,
  jsonLd: [
    person(data.author, siteUrl!),
    profilePage(data.author, data.seo.path, siteUrl!),
    breadcrumbList(siteUrl!, [{ name: data.author.name, path: data.base }, ...(data.page > 1 ? [{ name: `Page ${data.page}`, path: data.seo.path }] : [])]),
  ],
})
