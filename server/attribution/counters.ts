import { type DeviceClass, pageKey, type Placement } from '../../lib/attribution.ts'
import { DEPOSIT_EVENT_CODE, FRAUD_EVENT_CODE, FTD_EVENT_CODE, REGISTRATION_EVENT_CODES } from '../../lib/event-codes.ts'
import type { VisitorCountry } from '../../lib/geo.ts'
import { utcDay } from '../../lib/format.ts'

/**
 * What each event counts (decision 018): the only place that says it. A click, a page view, an offer
 * slot seen, a bonus code copied and a conversion each become a list of increments to the attribution
 * counters (`counters`), by dimension: the site, the market, the page, the slot, the page × slot, the
 * slot's position, and brand × country × device. Every report reads these (./figures.ts); the figures
 * they make are defined in lib/figures.ts. The repository only turns increments into upserts
 * (db/repositories/counters.ts), inside the same batch as the event itself.
 */
export { COUNTERS, type Increment, METRICS, type Metric } from '../../db/repositories/counters.ts'
import type { Increment, Metric } from '../../db/repositories/counters.ts'

/** The attribution counters' dimensions: what a report can be grouped by. */
export const DIMS = { site: 'site', market: 'market', page: 'page', slot: 'slot', pageSlot: 'pageslot', position: 'position', bcd: 'bcd' } as const
export type Dim = (typeof DIMS)[keyof typeof DIMS]

const UNKNOWN_COUNTRY = 'unknown'
export const countryKey = (country: string | null | undefined) => (country && /^[A-Z]{2}$/.test(country) ? country : UNKNOWN_COUNTRY)
/** brand × country × device */
export const bcdKey = (brandId: string, country: VisitorCountry | string | undefined, device: DeviceClass | undefined) => `${brandId}|${countryKey(country)}|${device ?? 'unknown'}`
export const positionKey = (slot: string, position: number) => `${slot}#${position}`
/** a page × slot: `article:rtp-explained|article-offers` (the page key as lib/attribution.ts makes it) */
export const pageSlotKey = (p: Pick<Placement, 'market' | 'page' | 'pageId' | 'slot'>) => `${pageKey(p)}|${p.slot}`

/** Where an event is attributed: the placement of its click, the visitor's country and device. */
export type Attribution = { placement: Placement; country: VisitorCountry | string | null; device: DeviceClass }
const NO_ATTRIBUTION: Attribution = { placement: { page: 'unknown', pageId: '', slot: 'unknown', position: null }, country: null, device: 'unknown' }

const inc = (dim: Dim, key: string, day: string, values: Partial<Record<Metric, number>>, sub?: string): Increment => ({ dim, key, day, ...(sub ? { sub } : {}), inc: values })

/** The counters an event of a placement adds to: the site, its market, page, slot, page × slot and position, and brand × country × device. */
function everywhere(a: Attribution, brandId: string, day: string, values: Partial<Record<Metric, number>>, sub?: string): Increment[] {
  const p = a.placement
  return [
    inc(DIMS.site, '', day, values, sub),
    inc(DIMS.market, p.market ?? '', day, values, sub),
    inc(DIMS.page, pageKey(p), day, values, sub),
    inc(DIMS.slot, p.slot, day, values, sub),
    inc(DIMS.pageSlot, pageSlotKey(p), day, values, sub),
    ...(p.position ? [inc(DIMS.position, positionKey(p.slot, p.position), day, values, sub)] : []),
    inc(DIMS.bcd, bcdKey(brandId, a.country ?? undefined, a.device), day, values, sub),
  ]
}

/** An offer slot's views or clicks: where a slot is (the site, the market, the page, the slot, page × slot), never by brand or position. */
function slotWise(p: Pick<Placement, 'market' | 'page' | 'pageId' | 'slot'>, day: string, values: Partial<Record<Metric, number>>): Increment[] {
  return [inc(DIMS.site, '', day, values), inc(DIMS.market, p.market ?? '', day, values), inc(DIMS.page, pageKey(p), day, values), inc(DIMS.slot, p.slot, day, values), inc(DIMS.pageSlot, pageSlotKey(p), day, values)]
}

export type CountedClick = {
  brandId: string
  receivedAt: Date
  bot?: boolean
  unique?: boolean
  blocked?: boolean
  suspect?: boolean
  /** the network's first click from this page's slot this hour (the click-through rate's numerator) */
  slotClick?: boolean
  /** …and the slot's view it implies had not been counted yet */
  slotView?: boolean
  country?: VisitorCountry | string | null
  placement?: Placement
  device?: DeviceClass
}

/**
 * A click: a bot's counts as a bot click only; a blocked one (not available in the visitor's country)
 * as blocked, never a click; a suspect one (past the velocity limit) as a click, never unique, and as
 * suspect; a person's as a click, and unique when its claim said so. Its slot's click (and the view a
 * click implies, when the beacon had not reported it) when the trust step said so.
 */
export function countsForClick(click: CountedClick): Increment[] {
  const day = utcDay(click.receivedAt)
  const a: Attribution = { placement: click.placement ?? NO_ATTRIBUTION.placement, country: click.country ?? null, device: click.device ?? 'unknown' }
  if (click.bot) return everywhere(a, click.brandId, day, { bots: 1 })
  if (click.blocked) return everywhere(a, click.brandId, day, { blocked: 1 })
  const unique = Boolean(click.unique && !click.suspect)
  const slot = click.slotClick && a.placement.slot !== 'unknown' ? slotWise(a.placement, day, { slot_clicks: 1, ...(click.slotView ? { slot_views: 1 } : {}) }) : []
  return [...everywhere(a, click.brandId, day, { clicks: 1, ...(unique ? { uniques: 1 } : {}), ...(click.suspect ? { suspect: 1 } : {}) }), ...slot]
}

/** A person's view of a page (once per network per page per hour): the site, its market and the page. */
export function countsForView(view: { page: Pick<Placement, 'market' | 'page' | 'pageId'>; at: Date }): Increment[] {
  const day = utcDay(view.at)
  return [inc(DIMS.site, '', day, { views: 1 }), inc(DIMS.market, view.page.market ?? '', day, { views: 1 }), inc(DIMS.page, pageKey(view.page), day, { views: 1 })]
}

/** Offer slots seen on a visitor's screen (each once per network per page per hour): the click-through rate's denominator. */
export function countsForSlotViews(view: { page: Pick<Placement, 'market' | 'page' | 'pageId'>; slots: readonly Placement['slot'][]; at: Date }): Increment[] {
  const day = utcDay(view.at)
  return [...new Set(view.slots)].flatMap((slot) => slotWise({ ...view.page, slot }, day, { slot_views: 1 }))
}

/** A person copied a brand's bonus code, once per visitor per brand per hour: where it was shown, and brand × country × device. */
export function countsForCodeCopy(copy: { brandId: string; at: Date; attribution: Attribution }): Increment[] {
  return everywhere(copy.attribution, copy.brandId, utcDay(copy.at), { copies: 1 })
}

export type CountedConversion = {
  brandId: string
  goal: number
  payout: number
  currency: string
  status: 'approved' | 'pending' | 'rejected'
  /** the day of its click (or, for revenue no click matched, of the programme's report) */
  clickDay: string
  attribution?: Attribution
  /** its click was suspect */
  suspectClick?: boolean
}

/**
 * A conversion counts on its click's day, for the click's placement as it was then: once (and as a
 * registration, first deposit or deposit by its goal) unless rejected or a Fraud signal; its payout only
 * when approved, under its own currency (converted when reports are read, at that day's rate). One whose
 * click was suspect counts the same, and also as a suspect conversion.
 */
export function countsForConversion(c: CountedConversion): Increment[] {
  if (c.status === 'rejected' || c.goal === FRAUD_EVENT_CODE) return []
  const goal = REGISTRATION_EVENT_CODES.includes(c.goal) ? 'registrations' : c.goal === FTD_EVENT_CODE ? 'ftds' : c.goal === DEPOSIT_EVENT_CODE ? 'deposits' : null
  const counts: Partial<Record<Metric, number>> = { conversions: 1, ...(goal ? { [goal]: 1 } : {}), ...(c.suspectClick ? { suspect_conversions: 1 } : {}) }
  const money = c.status === 'approved' && c.payout !== 0
  const a = c.attribution ?? NO_ATTRIBUTION
  return [...everywhere(a, c.brandId, c.clickDay, counts), ...(money ? everywhere(a, c.brandId, c.clickDay, { revenue: c.payout }, c.currency) : [])]
}

/** The increments that take the counters from counting `before` to counting `after` (a status change). */
export function difference(before: Increment[], after: Increment[]): Increment[] {
  const negated = before.map((i) => ({ ...i, inc: Object.fromEntries(Object.entries(i.inc).map(([k, v]) => [k, -(v as number)])) }) as Increment)
  return [...negated, ...after]
}

/**
 * The counters a store's recorded events add up to (a backup from before the counters existed has its
 * clicks and conversions, but no counters): every click and conversion counted as it was. Page views and
 * slot views exist only in the counters, so none can come back.
 */
export function countsForEvents(clicks: readonly Record<string, unknown>[], conversions: readonly Record<string, unknown>[]): Increment[] {
  const at = (v: unknown) => (v instanceof Date ? v : new Date(String(v)))
  return [
    ...clicks.flatMap((c) => countsForClick({ ...(c as unknown as CountedClick), receivedAt: at(c.receivedAt ?? c.timestamp) })),
    ...conversions.flatMap((c) => countsForConversion(c as unknown as CountedConversion)),
  ]
}
