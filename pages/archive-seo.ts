import type { PageContextServer } from 'vike/types'
import { loadCatalog, type Translate, translator } from '../lib/i18n/index.ts'
import lang from './+lang.ts'

/** What a list page tells search engines: its own title, description and canonical path. */
export type ArchiveSeo = { title: string; description: string; path: string }

/** "All articles – page 3": later pages of a list get their own title, so none is a duplicate (`t`: the page's language). */
export const pagedTitle = (title: string, page: number, t: Translate = translator('en')) => (page > 1 ? t('archive.pagedTitle', { title, page }) : title)

/** The page's words for a +data hook (it runs before the page renders: its catalog is loaded here). */
export async function pageTranslator(pageContext: PageContextServer): Promise<Translate> {
  const locale = lang(pageContext)
  await loadCatalog(locale)
  return translator(locale)
}
