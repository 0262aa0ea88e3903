import { inMarket } from '../../lib/markets.ts'
import { redirect, render } from 'vike/abort'
import type { PageContextServer } from 'vike/types'
import { archivePath, pageParam } from '../../lib/archive.ts'
import { type ArchiveSeo, pagedTitle, pageTranslator } from '../archive-seo.ts'

export type Data = Awaited<ReturnType<typeof data>>

export async function data(pageContext: PageContextServer) {
  const page = pageParam(pageContext.routeParams.page || undefined)
  if (page === 1 && pageContext.routeParams.page) throw redirect(inMarket(pageContext.marketPrefix ?? '', '/brands'), 301)
  const { brands, siteSettings } = pageContext.services!
  const [directory, disclosure] = await Promise.all([Number.isNaN(page) ? null : brands.directory(page, pageContext.visitorCountry ?? null, pageContext.market), siteSettings.disclosure()])
  if (!directory) throw render(404, 'Page not found.')
  const t = await pageTranslator(pageContext)
  const seo: ArchiveSeo = {
    title: pagedTitle(t('directory.title'), page, t),
    description: 'Every brand GameWise reviews, with its current offer, rating and our full review.',
    path: archivePath('/brands', page),
  }
  return { ...directory, disclosure: disclosure.text, seo }
}
