import { redirect, render } from 'vike/abort'
import type { PageContextServer } from 'vike/types'
import { toCard } from '../../components/ArticleGrid.tsx'
import { archivePath, pageParam } from '../../lib/archive.ts'
import { type ArchiveSeo, pagedTitle, pageTranslator } from '../archive-seo.ts'
import { inMarket } from '../../lib/markets.ts'

export type Data = Awaited<ReturnType<typeof data>>

export async function data(pageContext: PageContextServer) {
  const { content } = pageContext.services!
  const slug = pageContext.routeParams.tag
  const base = `/tag/${encodeURIComponent(slug)}`
  const page = pageParam(pageContext.routeParams.page || undefined)
  if (page === 1 && pageContext.routeParams.page) throw redirect(inMarket(pageContext.marketPrefix ?? '', base), 301)
  const archive = Number.isNaN(page) || !/^[a-z0-9-]{1,80}$/.test(slug) ? null : await content.archive({ page, tagSlug: slug, market: pageContext.market })
  const name = archive && (await content.tagName(slug))
  if (!archive || !name) throw render(404, 'Page not found.')
  const t = await pageTranslator(pageContext)
  const seo: ArchiveSeo = {
    title: pagedTitle(t('archive.tagTitle', { tag: name }), page, t),
    description: `GameWise articles tagged ${name}: guides, reviews and news, newest first.`,
    path: archivePath(base, page),
  }
  return { ...archive, posts: archive.posts.map(toCard), tag: { slug, name }, base, seo }
}
