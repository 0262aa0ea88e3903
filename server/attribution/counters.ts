import { type DeviceClass, pageKey, type Placement } from '../../lib/attribution.ts'
import { DEPOSIT_EVENT_CODE, FRAUD_EVENT_CODE, FTD_EVENT_CODE, REGISTRATION_EVENT_CODES } from '../../lib/event-codes.ts'
import { utcDay } from '../../lib/format.ts'
import type { VisitorCountry } from '../../lib/geo.ts'

/**
 * What each event counts (issue 21; decision 018): the only place that says it. A click, a page view and
 * a conversion each become a list of increments — to the brand's day counter (`click_counters`, the
 * brand reports of issue 7) and to the attribution counters (`counters`: the site, the page, the slot,
 * the slot's position, and brand × country × device). The repository only turns increments into upserts
 * (db/repositories/counters.ts), inside the same batch as the event itself.
 */
export { COUNTERS, type Increment, METRICS, type Metric } from '../../db/repositories/counters.ts'
import type { Increment, Metric } from '../../db/repositories/counters.ts'

/** The attribution counters' dimensions: what a report can be grouped by. */
export const DIMS = { site: 'site', page: 'page', slot: 'slot', position: 'position', bcd: 'bcd' } as const
export type Dim = (typeof DIMS)[keyof typeof DIMS]


const UNKNOWN_COUNTRY = 'unknown'
export const countryKey = (country: string | null | undefined) => (country && /^[A-Z]{2}$/.test(country) ? country : UNKNOWN_COUNTRY)
/** brand × country × device */
export const bcdKey = (brandId: string, country: VisitorCountry | string | undefined, device: DeviceClass | undefined) => `${brandId}|${countryKey(country)}|${device ?? 'unknown'}`
export const positionKey = (slot: string, position: number) => `${slot}#${position}`

/** Where an event is attributed: the placement of its click, the visitor's country and device. */
export type Attribution = { placement: Placement; country: VisitorCountry | string | null; device: DeviceClass }
const NO_ATTRIBUTION: Attribution = { placement: { page: 'unknown', pageId: '', slot: 'unknown', position: null }, country: null, device: 'unknown' }

/** The attribution counters an event adds to: the site, its page, slot and position, and brand × country × device. */
function everywhere(a: Attribution, brandId: string, day: string, inc: Partial<Record<Metric, number>>, sub?: string): Increment[] {
  const p = a.placement
  const at = (dim: Dim, key: string): Increment => ({ table: 'counters', dim, key, day, ...(sub ? { sub } : {}), inc })
  return [
    at(DIMS.site, ''),
    at(DIMS.page, pageKey(p)),
    at(DIMS.slot, p.slot),
    ...(p.position ? [at(DIMS.position, positionKey(p.slot, p.position))] : []),
    at(DIMS.bcd, bcdKey(brandId, a.country ?? undefined, a.device)),
  ]
}

export type CountedClick = {
  brandId: string
  receivedAt: Date
  bot?: boolean
  unique?: boolean
  blocked?: boolean
  suspect?: boolean
  country?: VisitorCountry | string | null
  placement?: Placement
  device?: DeviceClass
}

/**
 * A click: a bot's counts as a bot click only; a blocked one (not available in the visitor's country)
 * as blocked, never a click; a suspect one (issue 24: past the velocity limit) as a click, never
 * unique, and as suspect; a person's as a click, and unique when its claim said so.
 */
export function countsForClick(click: CountedClick): Increment[] {
  const day = utcDay(click.receivedAt)
  const brand = (inc: Record<string, number>): Increment => ({ table: 'click_counters', brandId: click.brandId, day, inc })
  if (click.bot) return [brand({ bots: 1 }), { table: 'counters', dim: DIMS.site, key: '', day, inc: { bots: 1 } }]
  const by = `countries.${countryKey(click.country)}`
  const a: Attribution = { placement: click.placement ?? NO_ATTRIBUTION.placement, country: click.country ?? null, device: click.device ?? 'unknown' }
  if (click.blocked) return [brand({ blocked: 1, [`${by}.blocked`]: 1 }), ...everywhere(a, click.brandId, day, { blocked: 1 })]
  const unique = Boolean(click.unique && !click.suspect)
  return [
    brand({ clicks: 1, [`${by}.clicks`]: 1, ...(unique ? { uniques: 1, [`${by}.uniques`]: 1 } : {}), ...(click.suspect ? { suspect: 1 } : {}) }),
    ...everywhere(a, click.brandId, day, { clicks: 1, ...(unique ? { uniques: 1 } : {}), ...(click.suspect ? { suspect: 1 } : {}) }),
  ]
}

/** A person's view of a page (once per visitor per page per hour): the page, the site, and each offer slot the page showed. */
export function countsForView(view: { page: Pick<Placement, 'page' | 'pageId'>; slots: readonly string[]; at: Date; brandId?: string }): Increment[] {
  const day = utcDay(view.at)
  const inc = { views: 1 }
  return [
    { table: 'counters', dim: DIMS.site, key: '', day, inc },
    { table: 'counters', dim: DIMS.page, key: pageKey(view.page), day, inc },
    ...[...new Set(view.slots)].map((slot): Increment => ({ table: 'counters', dim: DIMS.slot, key: slot, day, inc })),
    // a brand page's view is also the brand report's (issue 7)
    ...(view.brandId ? [{ table: 'click_counters' as const, brandId: view.brandId, day, inc: { views: 1 } }] : []),
  ]
}

/**
 * A person copied a brand's bonus code (issue 22), once per visitor per brand per hour: the brand's day
 * counter and, like a click, where it was shown (page, slot, position) and brand × country × device.
 */
export function countsForCodeCopy(copy: { brandId: string; at: Date; attribution: Attribution }): Increment[] {
  const day = utcDay(copy.at)
  return [{ table: 'click_counters', brandId: copy.brandId, day, inc: { copies: 1 } }, ...everywhere(copy.attribution, copy.brandId, day, { copies: 1 })]
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
  /** its click was suspect (issue 24) */
  suspectClick?: boolean
}

/**
 * A conversion counts on its click's day, for the click's placement as it was then: once (and as a
 * registration, first deposit or deposit by its goal) unless rejected or a Fraud signal; its payout only
 * when approved, under its own currency (converted when reports are read, at that day's rate). One whose
 * click was suspect (issue 24) counts the same, and also as a suspect conversion of its brand.
 */
export function countsForConversion(c: CountedConversion): Increment[] {
  if (c.status === 'rejected' || c.goal === FRAUD_EVENT_CODE) return []
  const goal = REGISTRATION_EVENT_CODES.includes(c.goal) ? 'registrations' : c.goal === FTD_EVENT_CODE ? 'ftds' : c.goal === DEPOSIT_EVENT_CODE ? 'deposits' : null
  const counts: Partial<Record<Metric, number>> = { conversions: 1, ...(goal ? { [goal]: 1 } : {}) }
  const money = c.status === 'approved' && c.payout !== 0
  const a = c.attribution ?? NO_ATTRIBUTION
  return [
    { table: 'click_counters', brandId: c.brandId, day: c.clickDay, inc: { conversions: 1, [`goals.${c.goal}`]: 1, ...(c.suspectClick ? { suspectConversions: 1 } : {}), ...(money ? { [`revenue.${c.currency}`]: c.payout } : {}) } },
    ...everywhere(a, c.brandId, c.clickDay, counts),
    ...(money ? everywhere(a, c.brandId, c.clickDay, { revenue: c.payout }, c.currency) : []),
  ]
}

/** The increments that take the counters from counting `before` to counting `after` (a status change). */
export function difference(before: Increment[], after: Increment[]): Increment[] {
  const negated = before.map((i) => ({ ...i, inc: Object.fromEntries(Object.entries(i.inc).map(([k, v]) => [k, -(v as number)])) }) as Increment)
  return [...negated, ...after]
}
