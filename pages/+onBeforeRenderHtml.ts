import type { PageContextServer } from 'vike/types'
import { loadCatalog } from '../lib/i18n/index.ts'
import lang from './+lang.ts'

/**
 * The page's message catalog, loaded before it renders on the server (vike-react awaits this before the
 * body and the head, so the <title> is in the page's language too). A server-only hook: no client fetch.
 */
export async function onBeforeRenderHtml(pageContext: PageContextServer) {
  await loadCatalog(lang(pageContext))
}
