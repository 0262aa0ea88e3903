import type { PageContextServer } from 'vike/types'
import type { PageSeo } from '../lib/seo.ts'
import type { Services } from '../server/context.ts'

type SeoSetting = PageSeo | ((pageContext: PageContextServer) => PageSeo)

declare global {
  namespace Vike {
    interface Config {
      /** Head tags beyond title/description/image: see lib/seo.ts PageSeo and pages/+Head.tsx. */
      seo?: SeoSetting
    }
    interface ConfigResolved {
      seo?: SeoSetting
    }
    interface PageContext {
      /** The server's services; present only while rendering on the server. */
      services?: Services
      /** Public origin (SITE_URL); server only — components use useSiteUrl(). */
      siteUrl?: string
      /** GA_MEASUREMENT_ID; server only — +Head puts it in a <meta> that components/analytics.ts reads. */
      gaMeasurementId?: string
      /** Navigation state: a full article handed over by the page that linked here (spec §2). */
      navigationArticle?: import('../lib/schemas.ts').Post
      /**
       * The visitor's country (c.var.country: upper-case ISO 3166-1 alpha-2, or null when unknown), on
       * pages whose answer varies by country (server/app.ts isCountryPage: home, /brands, brand pages);
       * null on every other page, which is cached once for all countries. Such pages are cached per
       * country *profile*, not per country: whatever a page renders from this must be part of that
       * profile (server/brands/country-profiles.ts), or one country's version reaches the others.
       * Server only: a component that renders from it gets it through its page's `+data` (so the browser
       * hydrates with the same value). Not in passToClient: any pageContextInit value passed to the client
       * makes Vike fetch pageContext.json on every client-side navigation, even to pages without a
       * server hook (the article page's own lookup, spec §2).
       */
      visitorCountry?: import('../lib/geo.ts').VisitorCountry
      /**
       * The visitor's country on every page render, for the 404 page's top offers only (issue 26): an
       * error answer is never cached (server/vike-renderer.ts). Any other page reads visitorCountry.
       */
      errorPageCountry?: import('../lib/geo.ts').VisitorCountry
      /**
       * An editor's preview (server/routes/preview.ts, issue 13): the article and brand pages show the
       * item whatever its status, with a banner, `noindex`. Server only, like visitorCountry; never cached.
       */
      preview?: boolean
      /**
       * Issue 23: the market of the URL (server only, like visitorCountry; the browser knows its prefix
       * only). Pages list, filter and show offers by its rules (lib/markets.ts).
       */
      market?: import('../lib/markets.ts').Market
      /** '' for the default market, `/ca-on` for Ontario's pages: every internal link keeps it (components/market-path.ts) */
      marketPrefix?: string
      /** every market's prefix, for pages/+onBeforeRoute.ts (the server passes them; the browser reads its <meta>) */
      marketPrefixes?: readonly string[]
      /** the top bar's links in every market (lib/navigation.ts; server only: +Head passes them on in a <meta>) */
      marketNav?: import('../lib/navigation.ts').MarketNav
      /** each market's gambling-help links (server only: +Head passes them on in a <meta>) */
      marketHelp?: import('../components/market-path.ts').MarketHelp
      /** every market's version of the page, for hreflang (server/content/alternates.ts; server only) */
      alternates?: readonly { hreflang: string; href: string }[]
    }
  }
  interface Window {
    /** Google's gtag(); defined only once the visitor has accepted analytics (components/analytics.ts). */
    gtag?: (...args: unknown[]) => void
    dataLayer?: unknown[]
  }
}
export {}
