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
       * The visitor's country (ISO 3166-1 alpha-2, upper-case), or null/absent when unknown; set by
       * geo-targeting on the server. A page that reads it renders per country, so its cache entry must
       * vary by country too: only the brand pages and /info/responsible-gambling read it.
       */
      visitorCountry?: string | null
    }
  }
  interface Window {
    /** Google's gtag(); defined only once the visitor has accepted analytics (components/analytics.ts). */
    gtag?: (...args: unknown[]) => void
    dataLayer?: unknown[]
  }
}
export {}
