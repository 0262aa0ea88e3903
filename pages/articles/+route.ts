import type { PageContext } from 'vike/types'

/** `/articles` and `/articles/page/N`. */
export default (pageContext: PageContext) => {
  const m = pageContext.urlPathname.match(/^\/articles(?:\/page\/([^/]+))?\/?$/)
  return m ? { routeParams: { page: m[1] ?? '' } } : false
}
