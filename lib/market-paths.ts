/**
 * A market's prefix in a path (issue 23). Apart from lib/markets.ts (which re-exports these) because every
 * public page's first script routes and writes links with them, and lib/markets.ts brings the offer rules,
 * money and inducement wording with it, which only pages that show offers need (issue 37).
 */

/** A site path inside a market: `/brands/x` under `/ca-on` → `/ca-on/brands/x` (`/` → `/ca-on`). */
export function inMarket(prefix: string, path: string): string {
  if (!prefix) return path
  return path === '/' ? prefix : `${prefix}${path}`
}

/**
 * Splits a path into its market prefix and the rest, given the prefixes that exist: `/ca-on/brands/x` →
 * `{ prefix: '/ca-on', rest: '/brands/x' }`; a path under no market answers prefix ''. A map lookup of the
 * first segment: no per-request work beyond it.
 */
export function splitMarketPath(path: string, prefixes: ReadonlySet<string>): { prefix: string; rest: string } {
  if (!prefixes.size) return { prefix: '', rest: path }
  const end = path.indexOf('/', 1)
  const first = end === -1 ? path : path.slice(0, end)
  if (!prefixes.has(first)) return { prefix: '', rest: path }
  return { prefix: first, rest: end === -1 ? '/' : path.slice(end) }
}
