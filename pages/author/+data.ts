import { redirect, render } from 'vike/abort'
import type { PageContextServer } from 'vike/types'
import { toCard } from '../../components/ArticleGrid.tsx'
import { archivePath, pageParam } from '../../lib/archive.ts'
import { authorPath } from '../../lib/authors.ts'
import { metaDescription } from '../../lib/seo.ts'
import { type ArchiveSeo, pagedTitle, pageTranslator } from '../archive-seo.ts'

export type Data = Awaited<ReturnType<typeof data>>

/**
 * An author's page (issue 22): who they are, and their published articles paged like the archives. An
 * unknown slug is a 404; an address the author had before a rename answers 301 to the one they have now.
 */
export async function data(pageContext: PageContextServer) {
  const { authors, content } = pageContext.services!
  const slug = pageContext.routeParams.slug
  const page = pageParam(pageContext.routeParams.page || undefined)
  const inMarket = (path: string) => `${pageContext.marketPrefix ?? ''}${path}`
  if (page === 1 && pageContext.routeParams.page) throw redirect(inMarket(authorPath(slug)), 301) // one URL per page
  // the articles the page's market lists (the German edition's are its own)
  const found = Number.isNaN(page) ? null : await authors.page(slug, page, await content.marketKeysFor(pageContext.market))
  if (!found) {
    const moved = Number.isNaN(page) ? null : await authors.redirectFor(slug)
    if (moved) throw redirect(inMarket(archivePath(authorPath(moved), page)), 301)
    throw render(404, 'Page not found.')
  }
  const { author: a, posts, total, pages } = found
  const base = authorPath(a.slug)
  const t = await pageTranslator(pageContext)
  const seo: ArchiveSeo = {
    title: pagedTitle(t('author.title', { name: a.name }), page, t),
    description: metaDescription([a.bio, a.expertise.length ? `Writes about ${a.expertise.join(', ')}.` : ''], `Articles by ${a.name} on GameWise: guides, reviews and news, newest first.`),
    path: archivePath(base, page),
  }
  // only what the page shows: the profile's public fields, and cards of its articles
  const author = { slug: a.slug, name: a.name, bio: a.bio, expertise: a.expertise, photo: a.photo, links: a.links, updatedAt: a.updatedAt }
  return { author, posts: posts.map(toCard), page, pages, total, base, seo }
}
