import type { PageContextServer } from 'vike/types'
import { usePageContext } from 'vike-react/usePageContext'
import { GA_META } from '../components/analytics.ts'
import { SeoHead } from '../components/SeoHead.tsx'
import { SITE_URL_META } from '../components/site-url.ts'
import { jsonLdInMarket } from '../lib/json-ld.ts'
import { SiteFeedLink } from '../components/FeedLinks.tsx'
import { absoluteUrl } from '../lib/social-image.ts'
import { HELP_META, helpMetaContent, MARKETS_META, marketsMetaContent } from '../components/market-path.ts'
import { inMarket, marketPrefix, splitMarketPath } from '../lib/markets.ts'
import { NAV_META, navMetaContent } from '../lib/navigation.ts'

// The viewport tag comes from vike-react's `viewport` setting (default: responsive); not repeated here.
export default function Head() {
  const pageContext = usePageContext() as PageContextServer // Head renders on the server only
  const siteUrl = pageContext.siteUrl ?? ''
  const setting = pageContext.config.seo
  const seo = (typeof setting === 'function' ? setting(pageContext) : setting) ?? {}
  // issue 23: every market's prefix and language, for client-side navigation (pages/+onBeforeRoute.ts, +lang.ts)
  const markets = pageContext.services?.markets.list() ?? []
  const prefix = pageContext.marketPrefix ?? ''
  // a missing or broken page has no versions elsewhere
  const failed = pageContext.is404 === true || pageContext.abortStatusCode !== undefined
  const alternates = failed ? [] : (seo.alternates ?? pageContext.alternates ?? [])
  // the canonical path within the market, its prefix (if the path still carries it) put back once
  const prefixes = new Set(markets.map(marketPrefix))
  const path = splitMarketPath(seo.path ?? pageContext.urlPathname, prefixes).rest
  return (
    <>
      <meta name={SITE_URL_META} content={siteUrl} />
      {markets.length > 0 && <meta name={MARKETS_META} content={marketsMetaContent(markets.map((m) => ({ prefix: marketPrefix(m), language: m.language, minimumAge: m.minimumAge })))} />}
      {pageContext.gaMeasurementId && <meta name={GA_META} content={pageContext.gaMeasurementId} />}
      {pageContext.marketNav && <meta name={NAV_META} content={navMetaContent(pageContext.marketNav)} />}
      {pageContext.marketHelp && Object.keys(pageContext.marketHelp).length > 0 && <meta name={HELP_META} content={helpMetaContent(pageContext.marketHelp)} />}
      <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
      <meta name="theme-color" content="#7c3aed" />
      <SeoHead canonical={absoluteUrl(inMarket(prefix, path), siteUrl)} seo={{ ...seo, alternates, ...(prefix && seo.jsonLd ? { jsonLd: jsonLdInMarket(seo.jsonLd, siteUrl, (p) => (splitMarketPath(p, prefixes).prefix ? p : inMarket(prefix, p))) } : {}) }} />
      {/* feeds: the site's on every page (a tag archive adds its own, pages/tag/+Head.tsx) */}
      <SiteFeedLink />
    </>
  )
}
