import { useEffect, useState } from 'react'

export const GAID_KEY = 'gaid' // spec §9

/** The visitor's device id: a random uuid created once and kept in localStorage under `gaid` (spec §3). */
export function getDeviceGaid(): string {
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
 * without JavaScript; once the page is hydrated the link also carries the device's gaid.
 */
export function useGoHref(brandId: string) {
  const [gaid, setGaid] = useState<string>()
  useEffect(() => setGaid(getDeviceGaid()), [])
  return goHref(brandId, gaid)
}
