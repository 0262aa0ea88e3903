import type { PageContextServer } from 'vike/types'
import { toCard } from '../../lib/cards.ts'
import type { NotFoundData } from '../../components/NotFoundView.tsx'

export type Data = { help: NotFoundData | null }

/**
 * A 404's help (issue 26): the address's words for the search field, what they name, popular articles
 * and the top offers for the visitor's country (`errorPageCountry`: an error page is never cached).
 * Other errors get none: the page must render whatever broke.
 */
export async function data(pageContext: PageContextServer): Promise<Data> {
  const services = pageContext.services
  if (!services || !(pageContext.is404 || pageContext.abortStatusCode === 404)) return { help: null }
  const country = pageContext.errorPageCountry ?? null
  const [help, disclosure] = await Promise.all([services.notFound.help(pageContext.urlPathname, country, pageContext.market), services.siteSettings.disclosure()])
  return { help: { q: help.q, suggestions: help.suggestions, articles: help.articles.map(toCard), offers: help.offers, disclosure: disclosure.text } }
}
