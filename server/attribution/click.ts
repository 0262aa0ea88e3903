import { randomBytes } from 'node:crypto'
import { type Arrival, type DeviceClass, type Placement, UNKNOWN_PLACEMENT } from '../../lib/attribution.ts'
import type { VisitorCountry } from '../../lib/geo.ts'
import type { ClickRecord, CustomParam } from '../../lib/schemas.ts'

/** The partner parameters a /go link may carry through (`sub1`…`sub5`), bounded. */
export const SUB_PARAMS = ['sub1', 'sub2', 'sub3', 'sub4', 'sub5'] as const

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
  /** the network's first click from this page's slot this hour, and whether that also counted the slot's view (./trust.ts) */
  slotClick?: boolean
  slotView?: boolean
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
/** A UUID version 7 (RFC 9562): 48 bits of Unix milliseconds, then 74 random bits. */
export function uuidV7(now = Date.now()): string {
  const b = randomBytes(16)
  b.writeUIntBE(now, 0, 6)
  b[6] = (b[6] & 0x0f) | 0x70
  b[8] = (b[8] & 0x3f) | 0x80
  const h = b.toString('hex')
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`
}
