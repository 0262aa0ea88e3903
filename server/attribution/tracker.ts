import { createHash, randomBytes } from 'node:crypto'
import { isbot } from 'isbot'
import type { BrandDoc, BrandsRepository } from '../../db/repositories/brands.ts'
import { isOfferActive } from '../../lib/offer-lifecycle.ts'
import type { ClicksRepository } from '../../db/repositories/clicks.ts'
import { type CountersRepository, incrementOps } from '../../db/repositories/counters.ts'
import type { LimitsRepository } from '../../db/repositories/limits.ts'
import { DuplicateKeyError } from '../../db/port.ts'
import { type Arrival, type DeviceClass, type Placement, parseArrival, parsePlacement, UNKNOWN_PLACEMENT } from '../../lib/attribution.ts'
import { buildCtaUrl } from '../../lib/cta-url.ts'
import { isAvailableIn, type VisitorCountry } from '../../lib/geo.ts'
import { isSafeHref } from '../../lib/links.ts'
import { idSchema, type ClickRecord, type CustomParam } from '../../lib/schemas.ts'
import { networkOf } from '../client-ip.ts'
import { DEFAULT_CLICK_VELOCITY_LIMIT, DEFAULT_VIEW_VELOCITY_LIMIT } from '../config.ts'
import { countsForClick, countsForCodeCopy, countsForView } from './counters.ts'

export const UNIQUE_WINDOW_MS = 60 * 60 * 1000 // one unique click per network per brand (and one view per page) per clock hour
export const SUB_PARAMS = ['sub1', 'sub2', 'sub3', 'sub4', 'sub5'] as const
/** User agents the bot list flags but that belong to people (in-app browsers and devices seen mislabelled). */
export const BOT_ALLOW_LIST: RegExp[] = [/\bCubot\b/i]

/** `country`: the visitor's (c.var.country); absent or null = unknown. What server/request-meta.ts reads of a request. */
export type ClickMeta = { ip: string; userAgent: string; method: string; country?: VisitorCountry; device?: DeviceClass }
/**
 * `visitor`: a salted hash of the visitor's network (`networkOf`: the IPv4 address or the IPv6 /64), never
 * the address itself. `unique` and `suspect` are decided when the click is committed, by the network's
 * count of clicks on the brand that hour, kept in the store every server shares: the first is unique,
 * those past the velocity limit suspect (counted as clicks, never unique, shown apart).
 * `blocked`: the brand may not be shown in the visitor's country (compliance), so nobody was sent on:
 * never unique, counted apart from clicks.
 */
export type TrackedClick = ClickRecord & {
  visitor: string
  bot: boolean
  unique?: boolean
  suspect?: boolean
  subs?: Record<string, string>
  country?: VisitorCountry
  blocked?: boolean
  /** where the link was shown (issue 21): page, slot, position */
  placement: Placement
  device: DeviceClass
  /** where the visitor arrived from (another site's host, the landing page's UTM), when known */
  arrival?: Partial<Arrival>
}

/**
 * The one click builder (issue 21): every tracked click — a /go redirect, a blocked one, the spec's
 * POST /api/clicks — is made here from the request's meta, its placement and its arrival.
 */
export function buildClick(input: {
  _id: string
  clickid: string
  brandId: string
  receivedAt: Date
  source: ClickRecord['source']
  meta: ClickMeta
  seen: { visitor: string; bot: boolean }
  placement?: Placement
  arrival?: Arrival
  userId?: string | null
  userAgent?: string | null
  gaid?: string | null
  timestamp?: string
  customParams?: CustomParam[]
  subs?: Record<string, string>
  blocked?: boolean
}): TrackedClick {
  const arrival = input.arrival && Object.fromEntries(Object.entries(input.arrival).filter(([, v]) => v))
  return {
    _id: input._id,
    clickid: input.clickid,
    userId: input.userId ?? null,
    brandId: input.brandId,
    user_agent: (input.userAgent ?? input.meta.userAgent).slice(0, 1_000) || null,
    gaid: input.gaid ?? null,
    timestamp: input.timestamp ?? input.receivedAt.toISOString(),
    customParams: input.customParams ?? [],
    receivedAt: input.receivedAt,
    source: input.source,
    ...input.seen,
    country: input.meta.country ?? null,
    placement: input.placement ?? UNKNOWN_PLACEMENT,
    device: input.meta.device ?? 'unknown',
    ...(arrival && Object.keys(arrival).length ? { arrival } : {}),
    ...(input.subs && Object.keys(input.subs).length ? { subs: input.subs } : {}),
    ...(input.blocked ? { blocked: true } : {}),
  }
}
/** What /go answers: the partner's tracked URL, or the brand that may not be shown here; null for an unknown brand. */
/** `ended`: the brand's offer is not running now (issue 22): nobody is sent on, and no click is counted. */
export type GoResult = { location: string } | { blocked: BrandDoc } | { ended: BrandDoc } | null

/** A UUID version 7 (RFC 9562): 48 bits of Unix milliseconds, then 74 random bits. */
export function uuidV7(now = Date.now()): string {
  const b = randomBytes(16)
  b.writeUIntBE(now, 0, 6)
  b[6] = (b[6] & 0x0f) | 0x70
  b[8] = (b[8] & 0x3f) | 0x80
  const h = b.toString('hex')
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`
}

/** The clock hour `at` falls in, and when it ends: windows of clicks and views are per hour. */
function hourOf(at: Date) {
  const hour = Math.floor(at.getTime() / UNIQUE_WINDOW_MS)
  return { hour, expiresAt: new Date((hour + 1) * UNIQUE_WINDOW_MS) }
}
/** The counter of a network's clicks on a brand in the hour of `at` (its first is unique, those past the limit suspect). */
export function clickWindow(brandId: string, visitor: string, at: Date) {
  const { hour, expiresAt } = hourOf(at)
  return { id: `clicks:${brandId}:${visitor}@${hour}`, expiresAt }
}
/** The claim of a network's view of a page in the hour of `at` (a page's view counts once per network per hour). */
export function viewClaim(page: string, visitor: string, at: Date) {
  const { hour, expiresAt } = hourOf(at)
  return { key: `view:${page}:${visitor}:${hour}`, expiresAt }
}
/** The claim of a network's copy of a brand's bonus code in the hour of `at` (issue 22: counted once per network per brand per hour). */
export function copyClaim(brandId: string, visitor: string, at: Date) {
  const { hour, expiresAt } = hourOf(at)
  return { key: `copy:${brandId}:${visitor}:${hour}`, expiresAt }
}
/** The counter of a network's counted views in the hour of `at` (the view velocity limit). */
export function viewWindow(visitor: string, at: Date) {
  const { hour, expiresAt } = hourOf(at)
  return { id: `views:${visitor}@${hour}`, expiresAt }
}

export function isBotRequest(userAgent: string, method: string) {
  if (method === 'HEAD') return true
  if (!userAgent.trim()) return true
  if (BOT_ALLOW_LIST.some((re) => re.test(userAgent))) return false
  return isbot(userAgent)
}

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

/**
 * Click tracking (issue 7): classifies bots by user agent, counts one unique per network (a salted hash
 * of the IPv4 address or IPv6 /64, never the address itself; issue 24) per brand per clock hour, marks
 * a network's clicks on a brand past `clickVelocityLimit` in the hour suspect — both from one counter
 * per network, brand and hour in the store, so every server process agrees — and records clicks through
 * a queue that commits in batches: one transaction for all the clicks that arrived in the same turn of
 * the event loop, after one store call that counts them all.
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
  /** a network's clicks on one brand in one hour past this many are suspect (default DEFAULT_CLICK_VELOCITY_LIMIT) */
  clickVelocityLimit?: number
  /** a network's views counted in one hour, at most (default DEFAULT_VIEW_VELOCITY_LIMIT) */
  viewVelocityLimit?: number
  flushMs?: number
  maxBatch?: number
  /** told after each group commit how many clicks it wrote and how long it took (metrics) */
  onCommit?: (clicks: number, seconds: number) => void
}) {
  const bots = new Map<string, boolean>()
  const brandCache = new Map<string, BrandDoc | null>()
  let cacheGeneration = -1
  type Pending = { click: TrackedClick; done: (err?: unknown) => void }
  let queue: Pending[] = []
  let timer: { cancel: () => void } | null = null
  let flushing: Promise<void> = Promise.resolve()
  let lost = 0
  let viewsOverLimit = 0
  const clickLimit = deps.clickVelocityLimit ?? DEFAULT_CLICK_VELOCITY_LIMIT
  const viewLimit = deps.viewVelocityLimit ?? DEFAULT_VIEW_VELOCITY_LIMIT
  /**
   * Counts this process knows a window has reached (it counted them, or the store answered them), until
   * the window ends. Counts only grow within a window, so once a network's clicks on a brand are past
   * the limit every later click that hour is suspect without asking the store (a flood from one network,
   * like the bench's, costs no store call per click), and once its views are at the limit no later view
   * counts. Bounded: cleared when it grows large.
   */
  const knownCounts = new Map<string, { count: number; until: number }>()
  const KNOWN_COUNTS_MAX = 50_000
  const known = (id: string, at: Date) => {
    const k = knownCounts.get(id)
    return k && k.until > at.getTime() ? k.count : 0
  }
  const remember = (id: string, count: number, expiresAt: Date) => {
    if (knownCounts.size >= KNOWN_COUNTS_MAX) knownCounts.clear()
    knownCounts.set(id, { count: Math.max(count, knownCounts.get(id)?.count ?? 0), until: expiresAt.getTime() })
  }

  /** The visitor as counted: a salted hash of their network, never stored raw; the user agent plays no part (issue 24). */
  function visitorHash(ip: string) {
    return createHash('sha256').update(`${deps.secret}\u0000${networkOf(ip)}`).digest('hex').slice(0, 32)
  }

  function isBot(userAgent: string, method: string) {
    if (method === 'HEAD') return true
    let verdict = bots.get(userAgent)
    if (verdict === undefined) {
      verdict = isBotRequest(userAgent, 'GET')
      if (bots.size > 10_000) bots.clear()
      bots.set(userAgent, verdict)
    }
    return verdict
  }

  /**
   * Numbers each person's click within its network's clicks on its brand that hour, whichever server
   * took the others: the first is unique, those past the limit suspect. One store call for the batch,
   * none when every click's window is already known to be past the limit.
   */
  async function markClicks(clicks: TrackedClick[]) {
    const ask = new Map<string, { clicks: TrackedClick[]; expiresAt: Date }>()
    for (const click of clicks) {
      click.unique = false
      if (click.bot || click.blocked) continue
      const w = clickWindow(click.brandId, click.visitor, click.receivedAt)
      if (known(w.id, click.receivedAt) >= clickLimit) {
        click.suspect = true // the network is past the limit on this brand this hour
        continue
      }
      const group = ask.get(w.id) ?? ask.set(w.id, { clicks: [], expiresAt: w.expiresAt }).get(w.id)!
      group.clicks.push(click)
    }
    if (!ask.size) return
    const counts = await deps.limits.addMany([...ask].map(([id, g]) => ({ id, by: g.clicks.length, expiresAt: g.expiresAt })))
    for (const [id, g] of ask) {
      const after = counts.get(id) ?? 0
      // this batch's clicks are the last `g.clicks.length` the window counted, in the order they arrived
      g.clicks.forEach((click, i) => {
        const n = after - g.clicks.length + 1 + i
        click.unique = n === 1
        if (n > clickLimit) click.suspect = true
      })
      remember(id, after, g.expiresAt)
    }
  }

  async function brandFor(id: string): Promise<BrandDoc | null> {
    if (cacheGeneration !== deps.generation()) {
      brandCache.clear()
      cacheGeneration = deps.generation()
    }
    if (brandCache.has(id)) return brandCache.get(id)!
    const doc = idSchema.safeParse(id).success ? await deps.brands.findLive(id) : null // an unpublished brand has no live link (issue 13)
    if (brandCache.size > 5_000) brandCache.clear()
    brandCache.set(id, doc)
    return doc
  }

  /** Group commit: everything queued goes in one batch; if that fails, each click alone, so one bad click fails alone. */
  async function flush() {
    timer?.cancel()
    timer = null
    const batch = queue
    queue = []
    if (!batch.length) return
    try {
      await markClicks(batch.map((p) => p.click))
    } catch (err) {
      // only what was already known past the limit is suspect; the rest count as plain repeats
      console.error('[tracking] could not count clicks per network; counting them as repeats:', err)
    }
    try {
      const clicks = batch.map((p) => p.click)
      // the clicks and every counter they add (attribution/counters.ts), in one transaction
      await deps.clicks.recordMany(clicks, incrementOps(clicks.flatMap(countsForClick)))
      for (const p of batch) p.done()
    } catch {
      for (const p of batch) {
        try {
          await deps.clicks.recordMany([p.click], incrementOps(countsForClick(p.click)))
          p.done()
        } catch (err) {
          if (!(err instanceof DuplicateKeyError)) {
            lost++
            console.error('[tracking] could not record a click:', err)
          }
          p.done(err)
        }
      }
    }
  }

  /** A flush, timed for `deps.onCommit` (kept apart so flush itself stays as it is). */
  async function commit() {
    const clicks = queue.length
    if (!clicks || !deps.onCommit) return flush()
    const start = performance.now()
    await flush()
    deps.onCommit(clicks, (performance.now() - start) / 1000)
  }

  /** Queues a click; the promise settles when its batch has been committed. */
  function enqueue(click: TrackedClick): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      queue.push({ click, done: (err) => (err ? reject(err) : resolve()) })
      if (queue.length >= (deps.maxBatch ?? 1_000)) flushing = flushing.then(commit)
      else if (!timer) {
        // by default the commit runs on the next turn of the event loop: under load that turn has
        // gathered many clicks (one transaction for all), and a lone click waits for nothing
        const run = () => (flushing = flushing.then(commit))
        if (deps.flushMs) {
          const t = setTimeout(run, deps.flushMs)
          timer = { cancel: () => clearTimeout(t) }
        } else {
          const i = setImmediate(run)
          timer = { cancel: () => clearImmediate(i) }
        }
      }
    })
  }

  return {
    visitorHash,

    /** Bot or person, remembered per user agent (the verdict for a given agent never changes). */
    isBot,

    /** Who clicked (their network, hashed), and whether it was a bot; unique and suspect are settled when the click is committed. */
    classify(meta: ClickMeta) {
      return { visitor: visitorHash(meta.ip), bot: isBot(meta.userAgent, meta.method) }
    },

    /**
     * A person viewed a page (issue 21): once per network per page per hour, counted on its day for the
     * page, the site and each offer slot it showed (the denominators of CTR and RPM). A brand page's view
     * is also its brand's (issue 7). Bots, and brand pages that are not live, count nothing. A network's
     * views past `viewVelocityLimit` in an hour count nothing either (issue 24): one address posting
     * beacons for many pages (any page id parses) would otherwise add a view, and a counter row, per page.
     */
    async recordView(view: { page: Pick<Placement, 'page' | 'pageId'>; slots: readonly string[] }, meta: ClickMeta) {
      if (isBot(meta.userAgent, meta.method)) return false
      const brandId = view.page.page === 'brand' ? view.page.pageId : undefined
      if (brandId !== undefined && !(await brandFor(brandId))) return false
      const at = deps.now()
      const visitor = visitorHash(meta.ip)
      const limit = viewWindow(visitor, at)
      if (known(limit.id, at) >= viewLimit) return (viewsOverLimit++, false)
      const claim = viewClaim(`${view.page.page}:${view.page.pageId}`, visitor, at)
      if (!(await deps.limits.claim([claim])).has(claim.key)) return false // this network saw the page this hour
      const counted = (await deps.limits.addMany([{ id: limit.id, by: 1, expiresAt: limit.expiresAt }])).get(limit.id) ?? 0
      remember(limit.id, counted, limit.expiresAt)
      if (counted > viewLimit) return (viewsOverLimit++, false)
      await deps.counters.add(countsForView({ page: view.page, slots: view.slots, at, brandId }))
      return true
    },

    /**
     * A person copied a brand's bonus code (POST /api/track/code-copy; issue 22): counted once per visitor
     * (their network, as clicks are: issue 24) per brand per hour, where it was shown; bots and unknown or
     * unpublished brands count nothing.
     */
    async recordCodeCopy(brandId: string, placement: Placement, meta: ClickMeta) {
      if (isBot(meta.userAgent, meta.method)) return false
      if (!(await brandFor(brandId))) return false
      const at = deps.now()
      const w = copyClaim(brandId, visitorHash(meta.ip), at)
      if (!(await deps.limits.claim([w])).has(w.key)) return false
      await deps.counters.add(countsForCodeCopy({ brandId, at, attribution: { placement, country: meta.country ?? null, device: meta.device ?? 'unknown' } }))
      return true
    },

    brandFor,

    /** Records a click through the group commit and waits until it is stored (POST /api/clicks). */
    record(click: TrackedClick) {
      return enqueue(click)
    },

    /**
     * GET /go/:brandId: the brand's tracked CTA URL (the spec's rules, one shared function), or null for
     * an unknown brand or one without a safe CTA URL. Only ever the brand's own CTA: no open redirect.
     * A brand that may not be shown in the visitor's country sends nobody on: its click is recorded as
     * blocked and the brand answered, for a page that says so.
     */
    async redirect(brandId: string, meta: ClickMeta, query: URLSearchParams): Promise<GoResult> {
      const brand = await brandFor(brandId)
      const target = brand?.dealBox?.ctaUrl
      // CTAs saved before links were checked for control characters may still be in the store
      if (!brand || !target || !isSafeHref(target)) return null
      const receivedAt = deps.now()
      if (!isOfferActive(brand, receivedAt)) return { ended: brand }
      // a UUID (v7: time-ordered, 74 random bits) so the unique clickid index grows at its end, as `_id` does
      const clickid = uuidV7()
      const gaid = query.get('gaid')?.slice(0, 200) || null
      const country = meta.country ?? null
      // where the link was shown and where the visitor came from: bounded, unknown when malformed, never a refusal
      const placement = parsePlacement({ from: query.get('from'), slot: query.get('slot'), pos: query.get('pos') })
      const arrival = parseArrival(query)
      const base = { _id: deps.newId(), clickid, brandId: brand._id, receivedAt, source: 'redirect' as const, meta, seen: this.classify(meta), placement, arrival, gaid }
      if (!isAvailableIn(brand.geo, country)) {
        await enqueue(buildClick({ ...base, blocked: true })).catch(() => {})
        return { blocked: brand }
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
      await enqueue(buildClick({ ...base, customParams, subs })).catch(() => {})
      return { location }
    },

    /** Writes whatever is queued; called on shutdown and by tests. */
    async flush() {
      await (flushing = flushing.then(commit))
    },
    get pending() {
      return queue.length
    },
    get lost() {
      return lost
    },
    /** Views not counted because their network was past the view velocity limit (metrics). */
    get viewsOverLimit() {
      return viewsOverLimit
    },
  }
}
export type Tracker = ReturnType<typeof createTracker>
