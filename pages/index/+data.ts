import type { PageContextServer } from 'vike/types'
import { toCard } from '../../components/ArticleGrid.tsx'

export type Data = Awaited<ReturnType<typeof data>>

/** Only what the home page shows goes to the client: cards, not whole articles. */
export async function data(pageContext: PageContextServer) {
  const { content, brands } = pageContext.services!
  const [blog, bottoms, offers] = await Promise.all([content.getBlogContent(), content.getBottomArticles(), brands.listOffers()])
  return {
    hero: blog.hero ? { title: blog.hero.title } : null,
    featured: blog.featured ? toCard(blog.featured) : null,
    articles: blog.articles.map(toCard),
    bottoms: bottoms.map(toCard),
    offers,
  }
}
