/** What GET /api/geo says of the visitor: their country, and the market that serves it when it is not the default one (issue 23). */
export type VisitorGeo = { country: string | null; market: { key: string; name: string; prefix: string; language: string } | null }

let asked: Promise<VisitorGeo | null> | null = null
/**
 * One request for every component that asks while it is under way (the footer's help links and the
 * market suggestion mount together), never cached by the server; a later mount asks again.
 */
export function visitorGeo(): Promise<VisitorGeo | null> {
  if (asked) return asked
  const pending = fetch('/api/geo')
    .then((r) => (r.ok ? (r.json() as Promise<VisitorGeo>) : null))
    .catch(() => null) // offline or blocked: nothing changes
  asked = pending
  void pending.then(() => {
    if (asked === pending) asked = null
  })
  return pending
}
