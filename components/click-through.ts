import { buildCtaUrl, type CtaFlags } from '../lib/cta-url.ts'

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

type Brand = CtaFlags & { _id: string; dealBox?: { ctaUrl?: string } }

/**
 * The click-through flow of spec §7: fetch the brand (unless the page already has it), build the
 * tracked URL, open it in a new tab without an opener, then record the click. Failures go to the
 * console and the optional callback; the visitor sees nothing (spec §8).
 */
export async function clickThrough(brandId: string, opts: { brand?: Brand; userId?: string | null; onError?: (err: unknown) => void } = {}) {
  try {
    let brand = opts.brand
    if (!brand) {
      const res = await fetch(`/api/brands/${encodeURIComponent(brandId)}`)
      if (!res.ok) throw new Error(`brand fetch failed: ${res.status}`)
      brand = (await res.json()) as Brand
    }
    const target = brand.dealBox?.ctaUrl
    if (!target) throw new Error('brand has no call-to-action URL')
    const clickid = crypto.randomUUID()
    const gaid = getDeviceGaid()
    const userAgent = navigator.userAgent
    const url = buildCtaUrl(target, brand, { clickId: clickid, userAgent, gaid })
    window.open(url, '_blank', 'noopener,noreferrer')
    const res = await fetch('/api/clicks', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        clickid,
        userId: opts.userId ?? null,
        brandId,
        user_agent: userAgent,
        gaid,
        timestamp: new Date().toISOString(),
        customParams: brand.enableCustomParams ? (brand.customParams ?? []).filter((p) => p.key.trim() && p.value.trim()) : [],
      }),
      keepalive: true,
    })
    if (!res.ok) throw new Error(`click save failed: ${res.status}`)
  } catch (err) {
    console.error('[click-through]', err)
    opts.onError?.(err)
  }
}
