import { render } from 'vike/abort'
import type { PageContextServer } from 'vike/types'
import { helpFor } from '../../../lib/responsible-gambling.ts'
import { marketHelpCountry } from '../../../lib/markets.ts'
import type { MdTree } from '../../../lib/markdown-tree.ts'
import { markdownToTree } from '../../../server/content/markdown.ts'

export type Data = Awaited<ReturnType<typeof brandData>>

export function data(pageContext: PageContextServer): Promise<Data> {
  // an editor's preview is worked out each time; a visitor's page once per content version for its market and
  // country (server/page-data.ts)
  if (pageContext.preview === true) return brandData(pageContext)
  const key = `brand|${pageContext.routeParams.brandId}|${pageContext.market?.key ?? ''}|${pageContext.visitorCountry ?? ''}`
  return pageContext.services!.pageData.get(key, () => brandData(pageContext))
}

async function brandData(pageContext: PageContextServer) {
  const { brands, siteSettings } = pageContext.services!
  // a brand not available in the visitor's country still renders (search engines, shared links), without its call-to-action
  const [found, disclosure] = await Promise.all([brands.brandPageFor(pageContext.routeParams.brandId, pageContext.visitorCountry ?? null, { preview: pageContext.preview === true, market: pageContext.market }), siteSettings.disclosure()])
  if (!found) throw render(404, 'Brand not found')
  // text sections are the editor's Markdown subset (issue 26: paragraphs were lost), parsed here so no parser
  // reaches the browser; their headings sit below the section's own h2. The source text is not sent twice.
  const parsed = found.brand.sections.map((s) => (s.type === 'text' ? markdownToTree(s.content, { siteUrl: pageContext.siteUrl, headings: 'h3' }) : null))
  // their links as the page's market has them (server/content/market-links.ts)
  const linked = await pageContext.services!.marketLinks.trees(parsed.filter((t): t is MdTree => t !== null), pageContext.market)
  const sectionTrees: (MdTree | null)[] = parsed.map((t) => (t ? linked.shift()! : null))
  // the deal box's link too ("Read our full review"): the market's version of the page, or no link (never a 404)
  const deal = found.brand.dealBox
  const [dealHref] = deal.linkUrl ? await pageContext.services!.marketLinks.hrefs([deal.linkUrl], pageContext.market) : ['']
  const brand = { ...found.brand, dealBox: { ...deal, linkUrl: dealHref ?? '' }, sections: found.brand.sections.map((s) => (s.type === 'text' ? { ...s, content: '' } : s)) }
  // gambling help for the visitor's country (the international set when unknown): brand pages render per country
  return { ...found, brand, sectionTrees, disclosure: disclosure.text, help: helpFor(marketHelpCountry(pageContext.market) ?? pageContext.visitorCountry),
    marketName: pageContext.market && pageContext.market.key !== 'default' ? pageContext.market.name : null, ...(pageContext.preview ? { preview: true as const } : {}) }
}
