import react from '@vitejs/plugin-react'
import vike from 'vike/plugin'
import { defineConfig, type Plugin } from 'vite'
import { catalogByChunk } from './scripts/build/catalog-by-chunk.ts'
import { shortVikeMessages } from './scripts/build/vike-messages.ts'

// What every page loads before its own code: the renderer (Preact in production builds, see
// preactInBrowser below), Vike's client router and the layout (pages/+Layout.tsx
// and the other global +files, with what they import), and the image markup (ResponsiveImage with
// lib/images.ts): nearly every public page shows images, and as a file of its own it cost the home page
// ~230 bytes more gzipped (measured with React in the browser).
const FRAMEWORK = /node_modules[\\/](preact|react|react-dom|scheduler|vike|vike-react|@brillout)[\\/]|virtual:vike:global-entry:client|[\\/]pages[\\/]\+[^\\/]+$|[\\/]components[\\/]ResponsiveImage\.tsx$|[\\/]lib[\\/](images|media-refs)\.ts$/

// What the home page, brand pages and guides all show: offers and article cards under the market's rules
// (issue 37). Rolldown made 9 files of it by which page imports what, each gzipped on its own; as one file
// every public page loads fewer files and fewer bytes.
const OFFERS = /[\\/]lib[\\/](markets|inducements|attribution|links|offer-terms|offer-money|slug)\.ts$|[\\/]components[\\/](OfferTerms\.tsx|tracked-link\.ts|arrival\.ts|cta-label\.ts)$/

/**
 * One browser chunk for what every page loads anyway. Left to itself Rolldown splits it into several
 * files by which entries import what, and each is gzipped on its own; as one file the home page loads
 * 6 files instead of 12 and 0.6 KB less gzipped (47,240 → 46,651 bytes, `bun run home-js`), and no
 * page loads anything it did not load before. The price: a change to the layout also renames the
 * renderer's chunk.
 * Client only: the server bundle keeps its own splitting.
 */
function frameworkChunk(): Plugin {
  return {
    name: 'gamewise:framework-chunk',
    configEnvironment(name) {
      if (name !== 'client') return
      return { build: { rolldownOptions: { output: { manualChunks: (id: string) => (FRAMEWORK.test(id) ? 'framework' : OFFERS.test(id) ? 'offers' : undefined) } } } }
    },
  }
}

/** What the browser build imports instead of React (preact/compat implements React's API). */
const PREACT: Record<string, string> = {
  react: 'preact/compat',
  'react-dom': 'preact/compat',
  'react-dom/client': 'preact/compat/client',
  'react/jsx-runtime': 'preact/compat/jsx-runtime',
  'react/jsx-dev-runtime': 'preact/compat/jsx-dev-runtime',
}

/**
 * The browser runs Preact through its React compatibility layer; the server renders with React 19
 * (decision 016). React DOM alone was 62.8 KB of the home page's 105 KB of gzipped JavaScript, over the
 * 100 KB budget; with Preact the home page loads about 46 KB. Production builds only: `bun run dev`
 * keeps React in the browser too, for its development warnings about hydration mismatches (an attribute
 * that differs from the server's HTML is kept silently by Preact's hydration). Every import is resolved
 * here, vike-react's `react-dom/client` included, so one renderer reaches the browser; the e2e suite
 * runs on this build and e2e/ssr.e2e.test.ts holds the budget.
 */
function preactInBrowser(): Plugin {
  return {
    name: 'gamewise:preact-in-browser',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer, options) {
      if (this.environment.name !== 'client' || !Object.hasOwn(PREACT, source)) return
      return this.resolve(PREACT[source], importer, { ...options, skipSelf: true })
    },
  }
}

export default defineConfig({
  plugins: [preactInBrowser(), catalogByChunk(), vike(), react(), frameworkChunk(), shortVikeMessages()],
  // server-only modules never reach the browser bundle
  build: {
    target: 'es2022',
    // No list of every chunk's dependencies in the first script (issue 37: 977 B gzipped on every page, most of it
    // file hashes, which do not compress): a page reached on the client imports its entry and the browser follows
    // its imports. Vike prefetches a link's page on hover (prefetchStaticAssets, default 'hover'), so that walk is
    // usually done before the click. CSS of lazily loaded chunks is still loaded with them.
    modulePreload: false,
  },
})
