import { render } from 'vike/abort'
import type { PageContextServer } from 'vike/types'
import { RESPONSIBLE_GAMBLING_SLUG } from '../../../lib/info-pages.ts'
import { helpDirectory } from '../../../lib/responsible-gambling.ts'
import { metaDescription } from '../../../lib/seo.ts'
import { marketHelpCountry } from '../../../lib/markets.ts'

export type Data = Awaited<ReturnType<typeof data>>

// The Markdown is parsed here, on the server: the page receives only the allowed-node tree.
export async function data(pageContext: PageContextServer) {
  const found = await pageContext.services!.infoPages.page(pageContext.routeParams.slug)
  if (!found) throw render(404, 'Page not found.')
  const { text, tree, ...rest } = found
  // its links as the page's market has them (server/content/market-links.ts)
  const [linked] = await pageContext.services!.marketLinks.trees([tree], pageContext.market)
  const page = { ...rest, tree: linked! }
  return {
    page,
    description: metaDescription([page.seoDescription, text], `${page.title}. GameWise: gaming and iGaming guides, reviews and offers.`),
    // every country's help: the market's first where it names one (Ontario, Germany), else the visitor's
    // (this one page renders per country, pages/types.d.ts)
    help: page.slug === RESPONSIBLE_GAMBLING_SLUG ? helpDirectory(marketHelpCountry(pageContext.market) ?? pageContext.visitorCountry) : null,
  }
}
