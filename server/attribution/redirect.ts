import type { BrandDoc } from '../../db/repositories/brands.ts'
import { parseArrival, parsePlacement } from '../../lib/attribution.ts'
import { buildCtaUrl } from '../../lib/cta-url.ts'
import { isSafeHref } from '../../lib/links.ts'
import { DEFAULT_MARKET } from '../../lib/markets.ts'
import type { BrandOffer } from '../../lib/schemas.ts'
import { visibleTo } from '../brands/visibility.ts'
import { buildClick, type ClickMeta, SUB_PARAMS, type TrackedClick, uuidV7 } from './click.ts'
import { type FetchMetadata, isNavigation } from './trust.ts'

/**
 * What /go does with a visit (GET /go/:brandId): the partner's tracked URL, or why nobody is sent on —
 * the brand may not be shown in the visitor's country (`blocked`), or its offer has ended or not begun —
 * with the brands the visitor may see instead; null for an unknown brand or one without a safe CTA URL.
 * `refused`: the request was no person opening the link (an image, a frame, a script, a fetch or a
 * prefetch: ./trust.ts isNavigation), so nothing was counted and nobody is sent on.
 * The route maps the outcome to a status and one "unavailable" page.
 */
export type GoOutcome =
  | { kind: 'redirect'; location: string }
  | { kind: 'refused' }
  | { kind: 'unavailable'; reason: 'blocked' | 'ended' | 'upcoming'; brand: Pick<BrandDoc, '_id' | 'brandName'>; alternatives: BrandOffer[] }
  | null

/** The Location we answer is a safe href bound for the stored CTA's own host (a same-site path stays a path). */
function sameDestination(target: string, location: string) {
  if (!isSafeHref(location)) return false
  if (target.startsWith('/')) return location.startsWith('/')
  try {
    return new URL(location).host === new URL(target).host
  } catch {
    return false
  }
}

export function createRedirect(deps: {
  brandFor: (id: string) => Promise<BrandDoc | null>
  classify: (meta: ClickMeta) => { visitor: string; bot: boolean }
  record: (click: TrackedClick) => Promise<void>
  alternatives: (brandId: string, country: ClickMeta['country']) => Promise<BrandOffer[]>
  newId: () => string
  now: () => Date
}) {
  return {
    /**
     * The brand's tracked CTA URL (the spec's rules, one shared function). Only ever the brand's own CTA:
     * no open redirect. A brand that may not be shown in the visitor's country sends nobody on: its click
     * is recorded as blocked. An offer that is not running sends nobody on and counts nothing. A request
     * that is not a top-level navigation (`fetch`: what the browser says it is for) is refused before
     * anything is read or written: another page's image or frame must not count, even as a blocked click.
     */
    async go(brandId: string, meta: ClickMeta, query: URLSearchParams, fetch: FetchMetadata = {}): Promise<GoOutcome> {
      if (!isNavigation(fetch)) return { kind: 'refused' }
      const brand = await deps.brandFor(brandId)
      const target = brand?.dealBox?.ctaUrl
      // CTAs saved before links were checked for control characters may still be in the store
      if (!brand || !target || !isSafeHref(target)) return null
      const receivedAt = deps.now()
      const country = meta.country ?? null
      const seen = visibleTo(brand, { country, market: DEFAULT_MARKET, now: receivedAt })
      const unavailable = async (reason: 'blocked' | 'ended' | 'upcoming'): Promise<GoOutcome> => ({ kind: 'unavailable', reason, brand: { _id: brand._id, brandName: brand.brandName }, alternatives: await deps.alternatives(brand._id, country) })
      if (seen.offer !== 'active') return unavailable(seen.offer === 'upcoming' ? 'upcoming' : 'ended')
      // a UUID (v7: time-ordered, 74 random bits) so the unique clickid index grows at its end, as `_id` does
      const clickid = uuidV7()
      const gaid = query.get('gaid')?.slice(0, 200) || null
      // where the link was shown and where the visitor came from: bounded, unknown when malformed, never a refusal
      const placement = parsePlacement({ from: query.get('from'), slot: query.get('slot'), pos: query.get('pos') })
      const arrival = parseArrival(query)
      const base = { _id: deps.newId(), clickid, brandId: brand._id, receivedAt, source: 'redirect' as const, meta, seen: deps.classify(meta), placement, arrival, gaid }
      if (!seen.available) {
        await deps.record(buildClick({ ...base, blocked: true })).catch(() => {})
        return unavailable('blocked')
      }
      const url = buildCtaUrl(target, brand, { clickId: clickid, userAgent: meta.userAgent, gaid })
      const subs: Record<string, string> = {}
      for (const name of SUB_PARAMS) {
        const v = query.get(name)
        if (v) subs[name] = v.slice(0, 500)
      }
      let location = url
      if (Object.keys(subs).length) {
        try {
          const u = new URL(url)
          for (const [k, v] of Object.entries(subs)) u.searchParams.set(k, v)
          location = u.toString()
        } catch {
          // an unparsable CTA keeps only click_id (spec §7)
        }
      }
      if (!sameDestination(target, location)) return null
      // The redirect waits for its click's commit (one transaction shared by every click of this turn of
      // the event loop), so a visitor who was sent on has a stored click even if the process is killed
      // right after. A store failure is logged and counted in `lost`; the visitor still goes on.
      const customParams = brand.enableCustomParams ? brand.customParams.filter((p) => p.key.trim() && p.value.trim()) : []
      await deps.record(buildClick({ ...base, customParams, subs })).catch(() => {})
      return { kind: 'redirect', location }
    },
  }
}
