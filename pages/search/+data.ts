import type { PageContextServer } from 'vike/types'

export type Data = Awaited<ReturnType<typeof data>>

/**
 * The same search as `GET /api/search`. A query too long or a malformed page shows the form with
 * the reason (the API answers 400; Vike's error page takes no 400 and would drop the form).
 */
export async function data(pageContext: PageContextServer) {
  const { q, page } = pageContext.urlParsed.search
  const { search, siteSettings } = pageContext.services!
  // the brands a query names are those the visitor's country may see (search is a country page: server/app.ts)
  const [answer, disclosure] = await Promise.all([search.searchPage({ q, page }, { country: pageContext.visitorCountry ?? null, market: pageContext.market }), siteSettings.disclosure()])
  return { ...answer, disclosure: disclosure.text }
}
