import type { PageContext } from 'vike/types'

/** `/brands` and `/brands/page/N` (a brand's own page is `/brands/{id}`, one segment). */
export default (pageContext: PageContext) => {
  const m = pageContext.urlPathname.match(/^\/brands(?:\/page\/([^/]+))?\/?$/)
  return m ? { routeParams: { page: m[1] ?? '' } } : false
}
