import type { PageContextServer } from 'vike/types'
import { ARTICLES_PER_STEP, toCard } from '../../components/ArticleGrid.tsx'

export type Data = Awaited<ReturnType<typeof homeData>>

/**
 * Only what the home page shows goes to the client: cards, not whole articles, and only the grid's
 * first step — "Show more" fetches the next from the API — so the page's size does not grow with the archive.
 */
export function data(pageContext: PageContextServer): Promise<Data> {
  // worked out once per content version for a market and country (server/page-data.ts)
  return pageContext.services!.pageData.get(`home|${pageContext.market?.key ?? ''}|${pageContext.visitorCountry ?? ''}`, () => homeData(pageContext))
}

async function homeData(pageContext: PageContextServer) {
  const { content, brands, siteSettings } = pageContext.services!
  const [blog, bottoms, offers, disclosure] = await Promise.all([
    content.getBlogContent({ limit: ARTICLES_PER_STEP, market: pageContext.market }),
    content.getBottomArticles(pageContext.market),
    brands.listOffers(pageContext.visitorCountry ?? null, pageContext.market),
    siteSettings.disclosure(),
  ])
  return {
    // a market's own hero says its lead in its language (issue 23); the default market keeps the site's line
    hero: blog.hero ? { title: blog.hero.title, ...(blog.hero.market && blog.hero.description ? { lead: blog.hero.description } : {}) } : null,
    featured: blog.featured ? toCard(blog.featured) : null,
    articles: blog.articles.map(toCard),
    nextCursor: blog.nextCursor,
    bottoms: bottoms.map(toCard),
    offers,
    disclosure: disclosure.text,
  }
}
