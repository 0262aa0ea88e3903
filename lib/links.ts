// C0 controls and DEL: the URL parser silently drops tabs and newlines ('/\t/evil.example' becomes
// '//evil.example'), and a newline in a Location header fails the response. A backslash is no URL
// character either: browsers read it as '/', so '/\evil.example' is '//evil.example' to them.
const UNSAFE_CHARS = /[\u0000-\u001f\u007f\\]/

/** http(s) links, or same-site paths ("/article/x"): never javascript:, data: or protocol-relative. */
export function isSafeHref(v: string): boolean {
  if (!v || UNSAFE_CHARS.test(v)) return false
  if (v.startsWith('/')) return !v.startsWith('//')
  try {
    const u = new URL(v)
    return u.protocol === 'http:' || u.protocol === 'https:'
  } catch {
    return false
  }
}

/**
 * Whether a URL is a tracked link (`/go/…`, a click on a brand's offer; issue 35): a path on this site,
 * or an absolute URL on any host — the site answers on several names (www or not, http or https, an
 * address), so only the path can tell. The path is read as a browser would request it: dot segments
 * resolved, percent-escapes decoded, any case. An image field must never hold one: every page showing
 * the image would request /go as an <img>, a click nobody made.
 */
export function isTrackedLink(v: string): boolean {
  let path: string
  try {
    path = new URL(v.trim(), 'http://site.invalid').pathname
  } catch {
    return false
  }
  try {
    path = decodeURIComponent(path)
  } catch {
    // a stray % keeps the path as it is
  }
  return /^\/go(\/|$)/i.test(path)
}

/** An article's page on this site: the one definition every link to an article uses. */
export const articlePath = (id: string) => `/article/${encodeURIComponent(id)}`
/** Where a post is read (issue 34): under its market's prefix when written for one (`/de/article/x`), else `/article/x`. */
export const postPagePath = (post: { _id: string; market?: string | null }) => `${post.market ? `/${encodeURIComponent(post.market)}` : ''}${articlePath(post._id)}`
