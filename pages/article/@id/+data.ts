import { inMarket } from '../../../lib/markets.ts'
import { redirect, render } from 'vike/abort'
import type { PageContextServer } from 'vike/types'
import { type ArticleCardData, toCard } from '../../../lib/cards.ts'
import { articlePath } from '../../../lib/links.ts'
import { postDescription } from '../../../lib/seo.ts'
import type { ArticleData, RenderedSection } from '../../../lib/article-body.ts'
import type { Byline } from '../../../lib/authors.ts'
import type { BrandOffer } from '../../../lib/schemas.ts'
import type { Comparison, CompareSpec } from '../../../lib/comparison.ts'
import { tagsOf } from '../../../lib/tags.ts'
import { renderBody } from '../../../server/content/article-body.ts'

export type Data = {
  article: ArticleData
  body: RenderedSection[]
  /** the author and reviewer profiles the byline links to (issue 22) */
  byline: Byline
  description: string
  related: ArticleCardData[]
  /** the article's top offers box (issue 21), for the visitor's country */
  offers: { tag: string | null; offers: BrandOffer[]; disclosure: string }
  /** its comparison tables (issue 22), for the visitor's country: the body's `compare` blocks number them */
  comparisons: Comparison[]
  /** issue 23: the article in other languages and markets (hreflang, and the links above the article); [] for none */
  translations: import('../../../server/content/articles.ts').Translation[]
  preview?: true
}

/**
 * On the server (client-side navigation fetches the same through Vike's pageContext.json): the section
 * text is Markdown, parsed here so no parser reaches the browser (decision 008), and any article is found
 * by its id, however far down the archive (spec §2's lookup in the articles the browser had loaded
 * missed every article past the newest page). A renamed article's old address answers 301.
 */
/** The body's links as the page's market has them: its own pages, or dropped where it has none (server/content/market-links.ts). */
async function inMarketLinks(sections: RenderedSection[], pageContext: PageContextServer): Promise<RenderedSection[]> {
  const trees = sections.flatMap((s) => [s.tree, ...s.subsections.map((sub) => sub.tree)])
  const linked = await pageContext.services!.marketLinks.trees(trees, pageContext.market)
  let i = 0
  return sections.map((s) => ({ ...s, tree: linked[i++]!, subsections: s.subsections.map((sub) => ({ ...sub, tree: linked[i++]! })) }))
}

export function data(pageContext: PageContextServer): Promise<Data> {
  // an editor's preview is worked out each time; a visitor's page once per content version for its market and
  // country (server/page-data.ts)
  if (pageContext.preview === true) return articleData(pageContext)
  const key = `article|${pageContext.routeParams.id}|${pageContext.market?.key ?? ''}|${pageContext.marketPrefix ?? ''}|${pageContext.visitorCountry ?? ''}`
  return pageContext.services!.pageData.get(key, () => articleData(pageContext))
}

async function articleData(pageContext: PageContextServer): Promise<Data> {
  const id = pageContext.routeParams.id
  const { content, posts, brands, siteSettings, authors } = pageContext.services!
  // an editor's preview (server/routes/preview.ts) shows a draft or scheduled article too
  const preview = pageContext.preview === true
  const article = await content.findArticle(id, { preview, market: pageContext.market })
  if (!article) {
    const moved = preview ? null : await posts.redirectFor(id)
    if (moved) throw redirect(inMarket(pageContext.marketPrefix ?? '', articlePath(moved)), 301)
    throw render(404, 'Article not found.')
  }
  const { content: { summary, body }, ...rest } = article
  const specs: CompareSpec[] = []
  const rendered = await inMarketLinks(renderBody(body, pageContext.siteUrl!, specs), pageContext)
  const country = pageContext.visitorCountry ?? null
  const [top, disclosure, comparisons, byline, translations] = await Promise.all([brands.topOffers(country, tagsOf(article), 3, pageContext.market), siteSettings.disclosure(), brands.comparisons(specs, country, pageContext.market), authors.bylineOf(article), content.translations(article)])
  return {
    article: { ...rest, content: { summary } },
    body: rendered,
    comparisons,
    byline,
    description: postDescription(article),
    related: (await content.related(article, undefined, pageContext.market)).map(toCard),
    translations,
    offers: { ...top, disclosure: disclosure.text },
    ...(preview ? { preview: true as const } : {}),
  }
}
