import { redirect, render } from 'vike/abort'
import type { PageContextServer } from 'vike/types'
import { toCard } from '../../components/ArticleGrid.tsx'
import { archivePath, pageParam } from '../../lib/archive.ts'
import { type ArchiveSeo, pagedTitle, pageTranslator } from '../archive-seo.ts'
import { inMarket } from '../../lib/markets.ts'

export type Data = Awaited<ReturnType<typeof data>>

export async function data(pageContext: PageContextServer) {
  const page = pageParam(pageContext.routeParams.page || undefined)
  if (page === 1 && pageContext.routeParams.page) throw redirect(inMarket(pageContext.marketPrefix ?? '', '/articles'), 301) // one URL per page
  const archive = Number.isNaN(page) ? null : await pageContext.services!.content.archive({ page, market: pageContext.market })
  if (!archive) throw render(404, 'Page not found.')
  const t = await pageTranslator(pageContext)
  const seo: ArchiveSeo = {
    title: pagedTitle(t('archive.allArticles'), page, t),
    description: 'Every GameWise guide, review and news story about gaming and iGaming, newest first.',
    path: archivePath('/articles', page),
  }
  return { ...archive, posts: archive.posts.map(toCard), seo }
}
