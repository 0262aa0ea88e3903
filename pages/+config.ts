import type { Config } from 'vike/types'
import vikeReact from 'vike-react/config'
import { SITE_DESCRIPTION, SITE_TITLE } from '../lib/site.ts'

export default {
  extends: [vikeReact],
  // vike-react emits <title> + og:title, the description + og:description, og:image + twitter:card
  // (from +image.ts) and the viewport tag, once each; pages/+Head.tsx adds the rest.
  title: SITE_TITLE,
  description: SITE_DESCRIPTION,
  // <html lang>: the market's language (pages/+lang.ts)
  // vike-react's default Loading (a shimmer for ClientOnly/Suspense fallbacks) is code every page
  // downloads and none uses: no page suspends or renders client-only components.
  Loading: {},
  meta: {
    // A page's +seo.ts (canonical path, og:type, robots, article times, JSON-LD; lib/seo.ts PageSeo):
    // read by pages/+Head.tsx on the server only, so structured-data code stays out of the browser.
    seo: { env: { server: true } },
  },
} satisfies Config
