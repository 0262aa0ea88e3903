import type { PageContextClient } from 'vike/types'
import { loadCatalog } from '../lib/i18n/index.ts'
import lang from './+lang.ts'

/**
 * React 19 renders `<link rel="preload" as="image">` for the page's first images at the top of `#root`
 * (vike-react does not render `<head>` through React, so they land in the body). Preact, which hydrates
 * in the browser (decision 016), expects its first element there: it then moves every top-level element
 * (skip link, top bar, `<main>`, footer) to put them in order, which restyles and re-lays out the whole
 * page in the hydration task and repaints the largest image late. By the time this runs the preloads have
 * done their work (the images are fetched or fetching), so they go before hydration starts.
 */
export async function onBeforeRenderClient(pageContext: PageContextClient) {
  // the page's words (lib/i18n): a German page's catalog is its own chunk, loaded before it hydrates or renders
  await loadCatalog(lang(pageContext))
  if (!pageContext.isHydration) return
  const root = document.getElementById('root')
  // only the leading preloads: any other node first in #root is the page's and stays (the e2e test would show a move)
  for (let first = root?.firstChild; first instanceof HTMLLinkElement && first.rel === 'preload'; first = root?.firstChild) first.remove()
}
