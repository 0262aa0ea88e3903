import * as z from 'zod'
import { DAY_MS, daysBetween, parseIsoInstant, utcDay } from './format.ts'

// no eval probe under the site's CSP (lib/schemas.ts says why); before any schema is built
if (typeof document !== 'undefined') z.config({ jitless: true })

/**
 * An offer's lifecycle (issue 22): `validFrom` and `validUntil` are optional instants (ISO, UTC) on a
 * brand. Outside them the offer is not listed anywhere (offer lists, the directory, an article's offers,
 * comparison tables, alternatives) and the brand page says it has ended (or not started), with other
 * offers instead. A day without a time (2026-12-31) means the whole day in UTC: from its first
 * millisecond, until its last.
 */
export type OfferWindow = { validFrom?: string | null; validUntil?: string | null }
export type OfferState = 'upcoming' | 'active' | 'ended'

const DAY = /^\d{4}-\d{2}-\d{2}$/

/** Reads what a client sends ('' is none) into the stored form: an ISO instant, or null. */
function instant(edge: 'from' | 'until') {
  return z
    .string()
    .trim()
    .max(64, 'is too long')
    .nullable()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined) return undefined
      if (v === null || v === '') return null
      // a real day or date and time only: `new Date` rolls 2026-02-30T18:00Z over to 2 March
      const text = DAY.test(v) ? `${v}T${edge === 'from' ? '00:00:00.000' : '23:59:59.999'}Z` : v
      const at = parseIsoInstant(text)
      if (!at) {
        ctx.addIssue({ code: 'custom', message: 'must be a date (2026-12-31) or a date and time (2026-12-31T18:00:00Z)' })
        return z.NEVER
      }
      return at.toISOString()
    })
}
export const validFromSchema = instant('from')
export const validUntilSchema = instant('until')

/** The same window check for every write: an end before the start is refused (naming `validUntil`). */
export function windowIssue(w: OfferWindow): string | null {
  return w.validFrom && w.validUntil && w.validUntil <= w.validFrom ? 'must be after validFrom' : null
}

export function offerState(w: OfferWindow, now: Date): OfferState {
  const at = now.toISOString()
  if (w.validFrom && at < w.validFrom) return 'upcoming'
  if (w.validUntil && at > w.validUntil) return 'ended'
  return 'active'
}

export const isOfferActive = (w: OfferWindow, now: Date) => offerState(w, now) === 'active'


/**
 * The next instant after `now` at which some offer starts or ends: what a page rendered now may show
 * stops being true then, so the render cache keeps nothing past it (server/context.ts).
 */
export function nextBoundary(windows: Iterable<OfferWindow>, now: Date): number | null {
  const t = now.getTime()
  let next: number | null = null
  for (const w of windows) {
    for (const edge of [w.validFrom, w.validUntil]) {
      if (!edge) continue
      // an offer is live through its validUntil's millisecond: it ends one later
      const at = new Date(edge).getTime() + (edge === w.validUntil ? 1 : 0)
      if (at > t && (next === null || at < next)) next = at
    }
  }
  return next
}

/** Days until the offer ends (0: today), or null when it has no end or has ended. */
export function daysLeft(w: OfferWindow, now: Date): number | null {
  if (!w.validUntil) return null
  const ms = new Date(w.validUntil).getTime() - now.getTime()
  return ms < 0 ? null : Math.floor(ms / DAY_MS)
}

/** Facts older than this many days are due a check against the operator's site. */
export const STALE_FACTS_DAYS = 90
export const DUE_DAYS = { default: 7, max: 90 }

type DueBrand = OfferWindow & { _id: string; brandName: string; facts?: { lastVerified?: string } }
export type OffersDue = {
  /** offers that end within `days` (soonest first) */
  ending: { _id: string; brandName: string; validUntil: string; daysLeft: number }[]
  /** offers that have ended and are still on the site (their pages say so; an editor may renew or remove them) */
  ended: { _id: string; brandName: string; validUntil: string }[]
  /** facts never checked, or last checked STALE_FACTS_DAYS or more days ago (oldest first) */
  stale: { _id: string; brandName: string; lastVerified: string | null; daysSince: number | null }[]
}

/**
 * What editors must look at (issue 22): offers about to end, ended ones, and facts nobody has checked
 * lately. One function for the admin's list, GET /api/brands/offers-due and `cli offers due`.
 */
export function offersDue(brands: readonly DueBrand[], now: Date, days: number = DUE_DAYS.default): OffersDue {
  const out: OffersDue = { ending: [], ended: [], stale: [] }
  const today = utcDay(now)
  for (const b of brands) {
    const state = offerState(b, now)
    const left = daysLeft(b, now)
    if (state === 'ended') out.ended.push({ _id: b._id, brandName: b.brandName, validUntil: b.validUntil! })
    else if (left !== null && left < days) out.ending.push({ _id: b._id, brandName: b.brandName, validUntil: b.validUntil!, daysLeft: left })
    const checked = b.facts?.lastVerified ?? null
    const since = checked ? daysBetween(checked, today) : null
    if (state !== 'ended' && (since === null || since >= STALE_FACTS_DAYS)) out.stale.push({ _id: b._id, brandName: b.brandName, lastVerified: checked, daysSince: since })
  }
  out.ending.sort((a, b) => a.validUntil.localeCompare(b.validUntil))
  out.ended.sort((a, b) => b.validUntil.localeCompare(a.validUntil))
  out.stale.sort((a, b) => (a.lastVerified ?? '').localeCompare(b.lastVerified ?? '') || a.brandName.localeCompare(b.brandName))
  return out
}
