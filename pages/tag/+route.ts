import type { PageContext } from 'vike/types'

/** `/tag/{slug}` and `/tag/{slug}/page/N`. */
export default (pageContext: PageContext) => {
  const m = pageContext.urlPathname.match(/^\/tag\/([^/]+)(?:\/page\/([^/]+))?\/?$/)
  return m ? { routeParams: { tag: decodeSafely(m[1]), page: m[2] ?? '' } } : false
}

function decodeSafely(s: string) {
  try {
    return decodeURIComponent(s)
  } catch {
    return s
  }
}
