import { createHash } from 'node:crypto'
import { isbot } from 'isbot'
import type { LimitsRepository } from '../../db/repositories/limits.ts'
import { networkOf } from '../client-ip.ts'
import { DEFAULT_CLICK_VELOCITY_LIMIT, DEFAULT_VIEW_VELOCITY_LIMIT } from '../config.ts'
import type { ClickMeta, TrackedClick } from './click.ts'
import { pageSlotKey } from './counters.ts'

/**
 * Which clicks and views to believe: bots by their user agent; people counted by their network (a salted
 * hash of the IPv4 address or IPv6 /64, never the address itself); one unique click per network per
 * brand per clock hour, and a network's clicks past the velocity limit that hour suspect — both from one
 * counter per network, brand and hour in the store, so every server process agrees.
 */
export const UNIQUE_WINDOW_MS = 60 * 60 * 1000 // one unique click per network per brand (and one view per page) per clock hour
/** User agents the bot list flags but that belong to people (in-app browsers and devices seen mislabelled). */
export const BOT_ALLOW_LIST: RegExp[] = [/\bCubot\b/i]

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
/** The claim of a network's view of one offer slot of a page in the hour of `at` (`pageSlot`: counters.ts pageSlotKey). */
export function slotViewClaim(pageSlot: string, visitor: string, at: Date) {
  const { hour, expiresAt } = hourOf(at)
  return { key: `sview:${pageSlot}:${visitor}:${hour}`, expiresAt }
}
/** The claim of a network's click from one offer slot of a page in the hour of `at`: the click-through rate counts one. */
export function slotClickClaim(pageSlot: string, visitor: string, at: Date) {
  const { hour, expiresAt } = hourOf(at)
  return { key: `sclick:${pageSlot}:${visitor}:${hour}`, expiresAt }
}
/** The claim of a network's copy of a brand's bonus code in the hour of `at` (counted once per network per brand per hour). */
export function copyClaim(brandId: string, visitor: string, at: Date) {
  const { hour, expiresAt } = hourOf(at)
  return { key: `copy:${brandId}:${visitor}:${hour}`, expiresAt }
}
/** The counter of a network's counted views in the hour of `at` (the view velocity limit). */
export function viewWindow(visitor: string, at: Date) {
  const { hour, expiresAt } = hourOf(at)
  return { id: `views:${visitor}@${hour}`, expiresAt }
}

/**
 * What a browser says a request is for, in its Fetch Metadata request headers (W3C Fetch Metadata
 * Request Headers, https://w3c.github.io/webappsec-fetch-metadata/): `Sec-Fetch-Dest` (document,
 * iframe, image, script, empty…), `Sec-Fetch-Mode` (navigate, no-cors, cors…), and `Sec-Purpose` (a
 * prefetch). Lower-cased; absent where the client sent none (browsers before 2020–2023, curl, servers).
 */
export type FetchMetadata = { dest?: string; mode?: string; purpose?: string }

export function readFetchMetadata(headers: Headers): FetchMetadata {
  const get = (name: string) => headers.get(name)?.trim().toLowerCase() || undefined
  return { dest: get('sec-fetch-dest'), mode: get('sec-fetch-mode'), purpose: get('sec-purpose') ?? get('purpose') }
}

/**
 * Whether a request to /go is a person opening the link (issue 35, "Only real clicks count"): a
 * top-level navigation, as the browser marks it. Another site's <img>, hidden <iframe>, <script> or
 * fetch() aimed at /go is a forced click (cookie stuffing, which networks ban publishers for), and a
 * browser's prefetch of a link is nobody's click: neither is counted or forwarded. A request without
 * the headers is believed (docs/attribution.md, "Only real clicks count": every browser in use sends
 * them, so an embed from an old one is rare, while curl, monitors and servers send none); its
 * user agent still decides whether it is a bot.
 */
export function isNavigation(f: FetchMetadata): boolean {
  if (f.dest !== undefined && f.dest !== 'document') return false
  if (f.mode !== undefined && f.mode !== 'navigate') return false
  if (f.purpose !== undefined && /\bprefetch\b/.test(f.purpose)) return false
  return true
}

/**
 * A visitor as every count of people sees them (clicks, views, searches): a salted hash of their network
 * (`networkOf`: the IPv4 address, the IPv6 /64), never the address itself.
 */
export function networkHash(secret: string, ip: string) {
  return createHash('sha256').update(`${secret}\u0000${networkOf(ip)}`).digest('hex').slice(0, 32)
}

export function isBotRequest(userAgent: string, method: string) {
  if (method === 'HEAD') return true
  if (!userAgent.trim()) return true
  if (BOT_ALLOW_LIST.some((re) => re.test(userAgent))) return false
  return isbot(userAgent)
}

export function createTrust(deps: {
  limits: LimitsRepository
  secret: string
  /** a network's clicks on one brand in one hour past this many are suspect (default DEFAULT_CLICK_VELOCITY_LIMIT) */
  clickVelocityLimit?: number
  /** a network's views counted in one hour, at most (default DEFAULT_VIEW_VELOCITY_LIMIT) */
  viewVelocityLimit?: number
}) {
  const bots = new Map<string, boolean>()
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

  /** The visitor as counted: a salted hash of their network, never stored raw; the user agent plays no part. */
  const visitorHash = (ip: string) => networkHash(deps.secret, ip)

  /** Bot or person, remembered per user agent (the verdict for a given agent never changes). */
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

  return {
    visitorHash,
    isBot,
    viewLimit,

    /** Who clicked (their network, hashed), and whether it was a bot; unique and suspect are settled when the click is committed. */
    classify(meta: ClickMeta) {
      return { visitor: visitorHash(meta.ip), bot: isBot(meta.userAgent, meta.method) }
    },

    /**
     * Numbers each person's click within its network's clicks on its brand that hour, whichever server
     * took the others: the first is unique, those past the limit suspect. One store call for the batch,
     * none when every click's window is already known to be past the limit.
     */
    async markClicks(clicks: TrackedClick[]) {
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
    },

    /**
     * Which of these people's clicks are their network's first from their page's slot this hour (the
     * click-through rate's numerator), and whether the slot's view each implies was counted yet: a click
     * is a view of its slot, so the rate's numerator never outgrows its denominator. One store call.
     */
    async markSlotClicks(clicks: TrackedClick[]) {
      const first = new Map<string, TrackedClick>()
      for (const click of clicks) {
        const p = click.placement
        if (click.bot || click.blocked || p.slot === 'unknown' || p.page === 'unknown') continue
        const key = `${pageSlotKey(p)}\u0000${click.visitor}`
        if (!first.has(key)) first.set(key, click)
      }
      if (!first.size) return
      const claims = [...first.values()].flatMap((c) => [slotClickClaim(pageSlotKey(c.placement), c.visitor, c.receivedAt), slotViewClaim(pageSlotKey(c.placement), c.visitor, c.receivedAt)])
      const won = await deps.limits.claim(claims)
      ;[...first.values()].forEach((click, i) => {
        if (!won.has(claims[i * 2]!.key)) return
        click.slotClick = true
        if (won.has(claims[i * 2 + 1]!.key)) click.slotView = true
      })
    },

    /**
     * Counts one of a network's views in its hour: false when the network is past the view velocity limit
     * (one address posting beacons for many pages would otherwise add a view, and a counter row, per page).
     */
    async countView(visitor: string, at: Date): Promise<boolean> {
      const limit = viewWindow(visitor, at)
      if (known(limit.id, at) >= viewLimit) return false
      const counted = (await deps.limits.addMany([{ id: limit.id, by: 1, expiresAt: limit.expiresAt }])).get(limit.id) ?? 0
      remember(limit.id, counted, limit.expiresAt)
      return counted <= viewLimit
    },

    /** Whether the network is already known to be past the view limit this hour (no store call). */
    pastViewLimit(visitor: string, at: Date) {
      return known(viewWindow(visitor, at).id, at) >= viewLimit
    },
  }
}
export type Trust = ReturnType<typeof createTrust>
