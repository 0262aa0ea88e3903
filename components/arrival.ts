import type { Arrival } from '../lib/attribution.ts'

/**
 * Where this visit came from (issue 21): another site's host (the referrer) and the landing page's
 * utm_source, utm_medium and utm_campaign, read once when the site's JavaScript first runs and kept in
 * memory for this tab's visit — no cookie, no storage. Tracked links carry it after hydration, so the
 * server's cached HTML is the same for everyone.
 */
let arrival: Arrival | null | undefined

export function arrivalOfVisit(): Arrival | null {
  if (arrival !== undefined) return arrival
  if (typeof window === 'undefined') return null
  const q = new URLSearchParams(window.location.search)
  let referrer: string | null = null
  try {
    const ref = document.referrer ? new URL(document.referrer) : null
    if (ref && ref.origin !== window.location.origin && /^https?:$/.test(ref.protocol)) referrer = ref.hostname
  } catch {
    referrer = null
  }
  const a = { referrer, utmSource: q.get('utm_source'), utmMedium: q.get('utm_medium'), utmCampaign: q.get('utm_campaign') }
  arrival = Object.values(a).some(Boolean) ? a : null
  return arrival
}

/** The query names /go reads an arrival from (lib/attribution.ts parseArrival). */
export function arrivalQuery(a: Arrival): Record<string, string> {
  const out: Record<string, string> = {}
  if (a.referrer) out.ref = a.referrer.slice(0, 253)
  if (a.utmSource) out.utm_source = a.utmSource.slice(0, 80)
  if (a.utmMedium) out.utm_medium = a.utmMedium.slice(0, 80)
  if (a.utmCampaign) out.utm_campaign = a.utmCampaign.slice(0, 80)
  return out
}
