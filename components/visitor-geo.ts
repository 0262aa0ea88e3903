/** What GET /api/geo says of the visitor: their country, and the market that serves it when it is not the default one (issue 23). */
export type VisitorGeo = { country: string | null; market: { key: string; name: string; prefix: string; language: string } | null }

let asked: Promise<VisitorGeo | null> | null = null
/** One request per page load, shared by the footer's help links and the market suggestion (never cached by the server). */
export function visitorGeo(): Promise<VisitorGeo | null> {
  asked ??= fetch('/api/geo')
    .then((r) => (r.ok ? (r.json() as Promise<VisitorGeo>) : null))
    .catch(() => null) // offline or blocked: nothing changes
  return asked
}
