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
  // Where Vike puts its asset tags (preloads and styles first in <head>, scripts and the page context at
  // the end of <body>). Without them Vike finds those places by scanning the finished document with
  // regular expressions and re-indents around them (splitting the whole page into lines): 5-8 % of an
  // uncached render's CPU (issue 37). The same positions either way.
  headHtmlBegin: '__VITE_PLUGIN_SSR__ASSETS_FIRST__',
  bodyHtmlEnd: '__VITE_PLUGIN__SSR_ASSETS_LAST__',
  meta: {
    // A page's +seo.ts (canonical path, og:type, robots, article times, JSON-LD; lib/seo.ts PageSeo):
    // read by pages/+Head.tsx on the server only, so structured-data code stays out of the browser.
    seo: { env: { server: true } },
  },
} satisfies Config
