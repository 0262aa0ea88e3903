/**
 * Where a login goes next (`/login?next=…`): the address an editor asked for before signing in, taken
 * only when it is a path on this site. Anything that a browser could read as another site — `//host`,
 * `/\host` (browsers turn `\` into `/`), a scheme (`https:`, `javascript:`), control characters or
 * spaces that browsers strip — answers null, and the login goes to its default. The login and sign-up
 * pages are never a destination (a loop).
 */
const BASE = 'http://next-path.invalid'
const NOT_A_DESTINATION = new Set(['/login', '/signup'])

export function safeNextPath(raw: string | null | undefined): string | null {
  if (typeof raw !== 'string' || raw.length > 2000) return null
  if (!raw.startsWith('/') || raw.startsWith('//') || /[\\\u0000-\u0020\u007f]/.test(raw)) return null
  let url: URL
  try {
    url = new URL(raw, BASE)
  } catch {
    return null
  }
  if (url.origin !== BASE || NOT_A_DESTINATION.has(url.pathname)) return null
  return url.pathname + url.search + url.hash
}

/** The login address that comes back to `path` (a path plus its query) after signing in. */
export function loginHref(path: string): string {
  const next = safeNextPath(path)
  return next && next !== '/admin' ? `/login?next=${encodeURIComponent(next)}` : '/login'
}
