import { useSyncExternalStore } from 'react'
import { usePageContext } from 'vike-react/usePageContext'
import { pageOf, placementQuery, type Slot } from '../lib/attribution.ts'
import { arrivalOfVisit, arrivalQuery } from './arrival.ts'
import { GAID_KEY, getConsent } from './consent.ts'
import { useConsent } from './use-consent.ts'

export { GAID_KEY } // spec §9

/**
 * The visitor's device id: a random uuid created once and kept in localStorage under `gaid` (spec §3).
 * Partners receive it, so it exists only once the visitor has accepted analytics; before, none.
 */
export function getDeviceGaid(): string | undefined {
  if (getConsent() !== 'granted') return undefined
  try {
    let id = localStorage.getItem(GAID_KEY)
    if (!id) {
      id = crypto.randomUUID()
      localStorage.setItem(GAID_KEY, id)
    }
    return id
  } catch {
    return crypto.randomUUID() // storage blocked: still a usable id for this click
  }
}

/** Where a link is shown on its page (issue 21): the slot, and its 1-based position in a list. */
export type Where = { slot: Slot; position?: number }

/** A tracked link: `/go/:brandId`, with its placement, and (in the browser only) the gaid and the visit's arrival. */
export function goHref(brandId: string, gaid?: string, placement?: string, extra: Record<string, string> = {}) {
  const q = new URLSearchParams(placement ?? '')
  if (gaid) q.set('gaid', gaid)
  for (const [k, v] of Object.entries(extra)) q.set(k, v)
  const query = q.toString()
  return `/go/${encodeURIComponent(brandId)}${query ? `?${query}` : ''}`
}

const noop = () => () => {}
/** false while rendering on the server and hydrating, true after (what only the browser knows comes in then). */
export const useHydrated = () => useSyncExternalStore(noop, () => true, () => false)

/**
 * The tracked link to a brand (issue 7): the server records the click and redirects, so it works
 * without JavaScript and without consent. It says where it was shown (issue 21: the page from the URL,
 * the slot and position from `where`), the same for every visitor, so a cached page stays one page.
 * Once hydrated it also carries where the visit arrived from and, with analytics accepted, the device's
 * gaid (lost again on withdrawal).
 */
export function useGoHref(brandId: string, where?: Where) {
  const pageContext = usePageContext() as { urlPathname?: string; is404?: boolean; marketPrefix?: string } | undefined
  // the server render and hydration see no answer (undefined), so the first render matches the HTML
  const consent = useConsent()
  const hydrated = useHydrated()
  const placement = where && pageContext?.urlPathname !== undefined ? placementQuery({ ...pageOf(pageContext.urlPathname, pageContext.is404 === true, pageContext.marketPrefix), ...where }) : undefined
  const arrival = hydrated ? arrivalOfVisit() : null
  return goHref(brandId, consent === 'granted' ? getDeviceGaid() : undefined, placement, arrival ? arrivalQuery(arrival) : {})
}
