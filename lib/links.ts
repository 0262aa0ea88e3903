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

/** An article's page on this site: the one definition every link to an article uses. */
export const articlePath = (id: string) => `/article/${encodeURIComponent(id)}`
