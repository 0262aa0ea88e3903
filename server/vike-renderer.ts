import { renderPage } from 'vike/server'
import type { PageRenderer } from './page-renderer.ts'
import type { AppContext } from './context.ts'
import { htmlCsp, isHtml, thirdPartySources, withPageCsp } from './csp.ts'
import { REVALIDATE } from './render-cache.ts'
import { type Market, marketHelpCountry, marketPrefix, splitMarketPath } from '../lib/markets.ts'
import { helpFor } from '../lib/responsible-gambling.ts'
import type { MarketHelp } from '../components/market-path.ts'

/** Worked out once per markets list (the markets service hands out the same array until a market changes), not per render. */
const helpByList = new WeakMap<readonly Market[], MarketHelp>()

/** prefix → the help set each market names (markets without one are left out: the visitor's country decides there). */
export function marketHelpSets(markets: readonly Market[]): MarketHelp {
  const known = helpByList.get(markets)
  if (known) return known
  const help: MarketHelp = Object.fromEntries(markets.flatMap((m) => {
    const country = marketHelpCountry(m)
    const set = country ? helpFor(country) : null
    return set?.country ? [[marketPrefix(m), set]] : []
  }))
  helpByList.set(markets, help)
  return help
}

/**
 * Vike's renderPage as the app's page renderer, with the services handed to +data hooks. Each HTML
 * answer carries a CSP with the hashes of its own inline scripts (none in production builds; dev has
 * Vite's), set here, before the render cache keeps header and body together.
 */
export function createVikeRenderer(ctx: Pick<AppContext, 'services' | 'config'>): PageRenderer {
  const cspOptions = { dev: ctx.config.env === 'development', thirdParty: thirdPartySources(ctx.config) }
  const policyOf = htmlCsp(cspOptions)
  return withPageCsp(async (req, init) => {
    const url = new URL(req.url)
    // every market's version of the page, for its hreflang links (not for client-side navigation's data)
    const logical = splitMarketPath(url.pathname, new Set(init?.marketPrefixes ?? [])).rest
    const pageData = url.pathname.endsWith('.pageContext.json')
    // worked out once per content version and path (server/page-data.ts)
    const [alternates, marketNav] = pageData ? [[], undefined] : await Promise.all([ctx.services.pageHead.get(logical, () => ctx.services.alternates.forPage(logical)), ctx.services.marketLinks.navLinks()])
    // each market's own gambling-help links, for the footer (issue 34: Ontario's readers see ConnexOntario)
    const marketHelp = pageData ? undefined : marketHelpSets(ctx.services.markets.list())
    const pageContext = await renderPage({
      urlOriginal: url.pathname + url.search,
      headersOriginal: req.headers,
      services: ctx.services,
      siteUrl: ctx.config.siteUrl,
      // c.var.country on pages that vary by it (server/page-rules.ts isCountryPage), else null
      visitorCountry: init?.visitorCountry ?? null,
      // the 404 page's offers (issue 26); read by no page that is cached
      errorPageCountry: init?.errorPageCountry ?? null,
      preview: init?.preview === true,
      // issue 23: the path's market (pages/+onBeforeRoute.ts takes its prefix off before routing)
      market: init?.market,
      marketPrefix: init?.marketPrefix ?? '',
      marketPrefixes: init?.marketPrefixes ?? [],
      alternates,
      marketNav,
      marketHelp,
      gaMeasurementId: ctx.config.gaMeasurementId,
    })
    const res = pageContext.httpResponse
    if (!res) return new Response('Not found', { status: 404 })
    // the site's base headers are added with every other answer's (server/security-headers.ts)
    const headers = new Headers(res.headers)
    // an error page is never stored, its client-side navigation data (a 200 JSON) included: it holds the
    // visitor's country's offers (issue 26), and unknown addresses are endless
    const isError = pageContext.is404 === true || pageContext.abortStatusCode !== undefined || Boolean((pageContext as { errorWhileRendering?: unknown }).errorWhileRendering)
    headers.set('Cache-Control', res.statusCode === 200 && !isError ? REVALIDATE : 'no-store')
    // the policy from the HTML string at hand (withPageCsp would read the answer back for it)
    if (isHtml(headers.get('content-type'))) headers.set('Content-Security-Policy', policyOf(res.body))
    return new Response(res.body, { status: res.statusCode, headers })
  }, cspOptions)
}
