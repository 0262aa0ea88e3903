/**
 * How the product writes money, numbers, days and times for people, and how it counts UTC days: one
 * module, built on `Intl`, for pages, the admin, the server and the CLI alike.
 *
 * - Public pages read days as UTC days, so a page renders the same wherever it is rendered or cached:
 *   "26 November 2026" (`formatDay`).
 * - The admin shows times in one format, in the editor's own time zone (named once on each screen by
 *   `adminTimeZone()`): "28 Nov 2026, 11:23:05" (`adminTime`).
 * - Reports, counters and offer windows count in UTC days, 'YYYY-MM-DD' (`utcDay`, `addDays`…).
 */

/** The public site's locale (lib/site-locale.ts: the layout's first script needs it, not this file). */
import { SITE_LOCALE } from './site-locale.ts'
export { SITE_LOCALE }
const ADMIN_LOCALE = 'en-GB'

// ---------- UTC days ----------

export const DAY_MS = 86_400_000

/** A time's calendar day in UTC, 'YYYY-MM-DD' (throws on an invalid Date, as `toISOString` does). */
export const utcDay = (d: Date): string => d.toISOString().slice(0, 10)

/** The first instant of a UTC day ('2026-11-03' → 2026-11-03T00:00:00Z); an invalid Date for anything else. */
export const dayStart = (day: string): Date => new Date(`${day}T00:00:00Z`)

/** The UTC day `days` after `day` (before it when negative). */
export const addDays = (day: string, days: number): string => utcDay(new Date(dayStart(day).getTime() + days * DAY_MS))

/** Whole days from one UTC day to another (negative when `to` comes first; NaN when either is not a day). */
export const daysBetween = (from: string, to: string): number => Math.round((dayStart(to).getTime() - dayStart(from).getTime()) / DAY_MS)

/** 'YYYY-MM-DD' naming a real day: Date rolls 2025-02-30 over to 2 March, so the day must survive a round trip. */
export function isCalendarDay(v: string): boolean {
  const d = dayStart(v)
  return !Number.isNaN(d.getTime()) && utcDay(d) === v
}

// ---------- days and times as people read them ----------

const dayFormats = /* @__PURE__ */ new Map<string, Intl.DateTimeFormat>()
const dayFormat = (locale: string) => {
  let f = dayFormats.get(locale)
  if (!f) dayFormats.set(locale, (f = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })))
  return f
}

/**
 * An ISO date or time as a day, the one way public pages show dates ("26 November 2026"; in a German
 * market's `de-DE`, "26. November 2026"); null for anything else, an impossible day included (never the
 * day `Date` rolls it over to).
 */
export function formatDay(value: string | null | undefined, locale: string = SITE_LOCALE): string | null {
  if (!value || !/^\d{4}-\d{2}-\d{2}/.test(value) || !isCalendarDay(value.slice(0, 10))) return null
  const d = new Date(value.length === 10 ? `${value}T00:00:00Z` : value)
  return Number.isNaN(d.getTime()) ? null : dayFormat(locale).format(d)
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

const ADMIN_TIME = /* @__PURE__ */ new Intl.DateTimeFormat(ADMIN_LOCALE, { dateStyle: 'medium', timeStyle: 'short' })
const ADMIN_TIME_SECONDS = /* @__PURE__ */ new Intl.DateTimeFormat(ADMIN_LOCALE, { dateStyle: 'medium', timeStyle: 'medium' })

/**
 * An instant as the admin shows it, everywhere in the admin (revisions, schedules, users, media, audit,
 * earnings): "28 Nov 2026, 11:23", with `seconds` "28 Nov 2026, 11:23:05", in the editor's time zone (the
 * browser's; `timeZone` names another) that each admin screen states once. '' for no or a bad time.
 */
export function adminTime(value: string | number | Date | null | undefined, opts: { seconds?: boolean; timeZone?: string } = {}): string {
  if (value === null || value === undefined || value === '') return ''
  const d = value instanceof Date ? value : new Date(value)
  if (Number.isNaN(d.getTime())) return ''
  if (opts.timeZone) return new Intl.DateTimeFormat(ADMIN_LOCALE, { dateStyle: 'medium', timeStyle: opts.seconds ? 'medium' : 'short', timeZone: opts.timeZone }).format(d)
  return (opts.seconds ? ADMIN_TIME_SECONDS : ADMIN_TIME).format(d)
}

/** The editor's time zone, as the admin states it once ("Times are in Europe/London"). */
export const adminTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone

// ---------- numbers ----------

/** A number as people read it: "1,234", "12.5" (Intl's options: `{ maximumFractionDigits: 1 }`…). */
export const formatNumber = (n: number, opts?: Intl.NumberFormatOptions, locale: string = SITE_LOCALE): string => numberFormat(locale, opts).format(n)

const numberFormats = /* @__PURE__ */ new Map<string, Intl.NumberFormat>()
/** One formatter per locale and options, made once (a new Intl.NumberFormat per number was a measurable share of a render). */
function numberFormat(locale: string, opts?: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = opts ? `${locale}|${JSON.stringify(opts)}` : locale
  let f = numberFormats.get(key)
  if (!f) {
    if (numberFormats.size >= 200) numberFormats.clear() // callers pass a handful of option sets; a bound all the same
    numberFormats.set(key, (f = new Intl.NumberFormat(locale, opts)))
  }
  return f
}

/** A fraction as a percentage to one decimal: 0.125 → "12.5%"; `signed`, a change against a previous period: "+12.5%", "-3%", "0%". */
export const formatPercent = (fraction: number, opts: { signed?: boolean } = {}): string =>
  new Intl.NumberFormat(SITE_LOCALE, { style: 'percent', maximumFractionDigits: 1, ...(opts.signed ? { signDisplay: 'exceptZero' } : {}) }).format(fraction)

// ---------- money ----------

/**
 * How an amount is written:
 * - `page` (public pages: key facts, comparison tables): "£10", "€20", "$5.50": whole amounts without
 *   decimals, and "$10", not en-GB's "US$10" — the page's country and the terms beside it say which dollar;
 * - `report` (the admin's earnings figures, `cli stats` tables): Intl's standard, "£1,234.50", "US$10.00":
 *   always two decimals, and a symbol that tells dollars apart in a report of several markets;
 * - `code` (amounts per currency side by side, `formatAmounts`): "EUR 12.50": the ISO code and two
 *   decimals, without grouping.
 */
export type MoneyStyle = 'page' | 'report' | 'code'

const moneyFormats = /* @__PURE__ */ new Map<string, Intl.NumberFormat>()

function moneyFormat(style: 'page' | 'report', currency: string, whole: boolean, locale: string): Intl.NumberFormat {
  const key = `${locale}:${style}:${currency}:${whole}`
  let f = moneyFormats.get(key)
  if (!f) {
    f =
      style === 'page'
        ? new Intl.NumberFormat(locale, { style: 'currency', currency, currencyDisplay: 'narrowSymbol', minimumFractionDigits: whole ? 0 : 2, maximumFractionDigits: 2 })
        : new Intl.NumberFormat(SITE_LOCALE, { style: 'currency', currency })
    moneyFormats.set(key, f)
  }
  return f
}

/** An amount in one currency (an ISO 4217 code), written the `style` way (`page` unless said; a page in its market's `locale`: "10 €" in de-DE). */
export function formatMoney(amount: number, currency: string, opts: { style?: MoneyStyle; locale?: string } = {}): string {
  const style = opts.style ?? 'page'
  if (style === 'code') return `${currency} ${amount.toFixed(2)}`
  return moneyFormat(style, currency, style === 'page' && Number.isInteger(amount), opts.locale ?? SITE_LOCALE).format(amount)
}

/** Amounts per currency, `EUR 12.50, USD 3.00` (the `code` style, joined by `separator`); '-' for none. */
export function formatAmounts(amounts: Record<string, number>, separator = ', '): string {
  return (
    Object.entries(amounts)
      .map(([currency, v]) => formatMoney(v, currency, { style: 'code' }))
      .join(separator) || '-'
  )
}
