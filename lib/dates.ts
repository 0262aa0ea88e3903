import { isCalendarDay } from './reports.ts'

export { isCalendarDay }

/**
 * Dates as public pages show them (issue 25: one format, made with `Intl`): "26 November 2026". Times
 * are read as UTC days, so a page renders the same wherever it is rendered or cached.
 */
export const SITE_LOCALE = 'en-GB'
const DAY = new Intl.DateTimeFormat(SITE_LOCALE, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })

/** An ISO date or time as a day ("26 November 2026"); null for anything else, an impossible day included (never the day `Date` rolls it over to). */
export function formatDay(value: string | null | undefined): string | null {
  if (!value || !/^\d{4}-\d{2}-\d{2}/.test(value) || !isCalendarDay(value.slice(0, 10))) return null
  const d = new Date(value.length === 10 ? `${value}T00:00:00Z` : value)
  return Number.isNaN(d.getTime()) ? null : DAY.format(d)
}

/** The `datetime` of a `<time>`: the ISO day, or null. */
export const isoDay = (value: string | null | undefined) => (formatDay(value) ? value!.slice(0, 10) : null)

// YYYY-MM-DD, then optionally a time (T or a space) with seconds, a fraction and an offset (Z, ±HH:MM, ±HHMM)
const ISO_INSTANT = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/i

/**
 * A day or a date and time as ISO 8601 writes it (`2026-12-01`, `2026-12-01T09:00:00Z`, with an offset, or
 * without one: UTC), naming a real day and time: its instant, or null. `new Date` reads 2026-02-30 as
 * 2 March, 24:00 as the next day's midnight and "February 30" as March too, so nothing else is read:
 * every day and date-time a client sends goes through here or `isCalendarDay` (issue 35).
 */
export function parseIsoInstant(text: string): Date | null {
  const m = ISO_INSTANT.exec(text.trim())
  if (!m || !isCalendarDay(m[1]!)) return null
  const [, dayText, hh, mm, ss, fraction, zone] = m
  if (hh === undefined) return new Date(`${dayText}T00:00:00Z`)
  if (Number(hh) > 23 || Number(mm) > 59 || Number(ss ?? 0) > 59) return null
  const offset = !zone || zone.toUpperCase() === 'Z' ? 'Z' : zone.includes(':') ? zone : `${zone.slice(0, 3)}:${zone.slice(3)}`
  if (offset !== 'Z' && (Number(offset.slice(1, 3)) > 23 || Number(offset.slice(4)) > 59)) return null
  const at = new Date(`${dayText}T${hh}:${mm}:${ss ?? '00'}${fraction ?? ''}${offset}`)
  return Number.isNaN(at.getTime()) ? null : at
}
