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

export const goHref = (brandId: string, gaid?: string) => `/go/${encodeURIComponent(brandId)}${gaid ? `?gaid=${encodeURIComponent(gaid)}` : ''}`

/**
 * The tracked link to a brand (issue 7): the server records the click and redirects, so it works
 * without JavaScript and without consent; once the page is hydrated and the visitor has accepted
 * analytics, the link also carries the device's gaid (and loses it on withdrawal).
 */
export function useGoHref(brandId: string) {
  // the server render and hydration see no answer (undefined), so the first render matches the HTML
  return goHref(brandId, useConsent() === 'granted' ? getDeviceGaid() : undefined)
}
