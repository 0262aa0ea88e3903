import type { BrandDoc, BrandsRepository } from '../../db/repositories/brands.ts'
import type { ClicksRepository } from '../../db/repositories/clicks.ts'
import type { CountersRepository } from '../../db/repositories/counters.ts'
import type { LimitsRepository } from '../../db/repositories/limits.ts'
import { pageKey, type Placement } from '../../lib/attribution.ts'
import { idSchema } from '../../lib/schemas.ts'
import type { BrandOffer } from '../../lib/schemas.ts'
import type { ClickMeta, TrackedClick } from './click.ts'
import { countsForCodeCopy, countsForSlotViews, countsForView, pageSlotKey } from './counters.ts'
import type { Increment } from '../../db/repositories/counters.ts'
import { createRecorder } from './recorder.ts'
import { createRedirect } from './redirect.ts'
import { copyClaim, createTrust, slotViewClaim, viewClaim } from './trust.ts'

export { buildClick, type ClickMeta, SUB_PARAMS, type TrackedClick, uuidV7 } from './click.ts'
export type { GoOutcome } from './redirect.ts'
export { BOT_ALLOW_LIST, clickWindow, copyClaim, type FetchMetadata, isBotRequest, isNavigation, readFetchMetadata, UNIQUE_WINDOW_MS, viewClaim, viewWindow } from './trust.ts'

/**
 * Click and view tracking: which visits to believe (./trust.ts), clicks recorded through a group commit
 * (./recorder.ts), /go's decision (./redirect.ts), and the browser's beacons for views and bonus-code
 * copies (here). Published brands are read through a small cache cleared by every content write.
 */
export function createTracker(deps: {
  clicks: ClicksRepository
  counters: CountersRepository
  limits: LimitsRepository
  brands: BrandsRepository
  secret: string
  now: () => Date
  newId: () => string
  generation: () => number
  /** the brands a visitor may see instead of one they may not (brands service) */
  alternatives?: (brandId: string, country: ClickMeta['country']) => Promise<BrandOffer[]>
  clickVelocityLimit?: number
  viewVelocityLimit?: number
  flushMs?: number
  maxBatch?: number
  onCommit?: (clicks: number, seconds: number) => void
  /** told of every increment a click, view or copy wrote (the reports keep their sums fresh with them) */
  onCounted?: (increments: readonly Increment[]) => void
}) {
  const trust = createTrust(deps)
  const recorder = createRecorder({ ...deps, trust, onCounted: deps.onCounted })
  const brandCache = new Map<string, BrandDoc | null>()
  let cacheGeneration = -1
  let viewsOverLimit = 0

  async function brandFor(id: string): Promise<BrandDoc | null> {
    if (cacheGeneration !== deps.generation()) {
      brandCache.clear()
      cacheGeneration = deps.generation()
    }
    if (brandCache.has(id)) return brandCache.get(id)!
    const doc = idSchema.safeParse(id).success ? await deps.brands.findLive(id) : null // an unpublished brand has no live link
    if (brandCache.size > 5_000) brandCache.clear()
    brandCache.set(id, doc)
    return doc
  }

  const redirect = createRedirect({ brandFor, classify: trust.classify, record: recorder.record, alternatives: deps.alternatives ?? (async () => []), newId: deps.newId, now: deps.now })

  return {
    visitorHash: trust.visitorHash,
    isBot: trust.isBot,
    classify: trust.classify,
    brandFor,
    /** GET /go/:brandId (./redirect.ts): the partner's URL, or why nobody is sent on and where to go instead; nothing for a request that is not a navigation. */
    go: redirect.go,

    /**
     * A person viewed a page: once per network per page per hour, counted on its day for the page, the
     * site and each offer slot it showed (the denominators of CTR and RPM). A brand page's view is also
     * its brand's. Bots, and brand pages that are not live, count nothing; nor do a network's views past
     * the view velocity limit in an hour.
     */
    async recordView(view: { page: Pick<Placement, 'market' | 'page' | 'pageId'>; slots: readonly string[] }, meta: ClickMeta) {
      if (trust.isBot(meta.userAgent, meta.method)) return false
      const brandId = view.page.page === 'brand' ? view.page.pageId : undefined
      if (brandId !== undefined && !(await brandFor(brandId))) return false
      const at = deps.now()
      const visitor = trust.visitorHash(meta.ip)
      if (trust.pastViewLimit(visitor, at)) return (viewsOverLimit++, false)
      // the page's view and each slot's, each once per network per hour (a later beacon may add slots scrolled into view)
      const pageClaim = viewClaim(pageKey(view.page), visitor, at)
      const slots = [...new Set(view.slots)] as Placement['slot'][]
      const slotClaims = slots.map((slot) => slotViewClaim(pageSlotKey({ ...view.page, slot }), visitor, at))
      const won = await deps.limits.claim([pageClaim, ...slotClaims])
      const page = won.has(pageClaim.key)
      const seen = slots.filter((_, i) => won.has(slotClaims[i]!.key))
      if (!page && !seen.length) return false // this network saw the page and these slots this hour
      if (!(await trust.countView(visitor, at))) return (viewsOverLimit++, false)
      const increments = [...(page ? countsForView({ page: view.page, at }) : []), ...countsForSlotViews({ page: view.page, slots: seen, at })]
      await deps.counters.add(increments)
      deps.onCounted?.(increments)
      return true
    },

    /**
     * A person copied a brand's bonus code (POST /api/track/code-copy): counted once per visitor (their
     * network, as clicks are) per brand per hour, where it was shown; bots, unknown or unpublished
     * brands, and brands without a bonus code (issue 35: nothing to copy, so a forged or stale beacon)
     * count nothing.
     */
    async recordCodeCopy(brandId: string, placement: Placement, meta: ClickMeta) {
      if (trust.isBot(meta.userAgent, meta.method)) return false
      if (!(await brandFor(brandId))?.facts?.bonusCode?.trim()) return false
      const at = deps.now()
      const w = copyClaim(brandId, trust.visitorHash(meta.ip), at)
      if (!(await deps.limits.claim([w])).has(w.key)) return false
      const increments = countsForCodeCopy({ brandId, at, attribution: { placement, country: meta.country ?? null, device: meta.device ?? 'unknown' } })
      await deps.counters.add(increments)
      deps.onCounted?.(increments)
      return true
    },

    /** Records a click through the group commit and waits until it is stored (POST /api/clicks). */
    record: (click: TrackedClick) => recorder.record(click),
    flush: () => recorder.flush(),
    get pending() {
      return recorder.pending
    },
    get lost() {
      return recorder.lost
    },
    /** Views not counted because their network was past the view velocity limit (metrics). */
    get viewsOverLimit() {
      return viewsOverLimit
    },
  }
}
export type Tracker = ReturnType<typeof createTracker>
