import type { PageContextServer } from 'vike/types'

export type Data = Awaited<ReturnType<typeof data>>

/**
 * The same search as `GET /api/search`. A query too long or a malformed page shows the form with
 * the reason (the API answers 400; Vike's error page takes no 400 and would drop the form).
 */
export async function data(pageContext: PageContextServer) {
  const { q, page } = pageContext.urlParsed.search
  return pageContext.services!.search.searchPage({ q, page })
}
