/**
 * Dates as public pages show them (issue 25: one format, made with `Intl`): "26 November 2026". Times
 * are read as UTC days, so a page renders the same wherever it is rendered or cached.
 */
export const SITE_LOCALE = 'en-GB'
const DAY = new Intl.DateTimeFormat(SITE_LOCALE, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })

/** An ISO date or time as a day ("26 November 2026"); null for anything else. */
export function formatDay(value: string | null | undefined): string | null {
  if (!value || !/^\d{4}-\d{2}-\d{2}/.test(value)) return null
  const d = new Date(value.length === 10 ? `${value}T00:00:00Z` : value)
  return Number.isNaN(d.getTime()) ? null : DAY.format(d)
}

/** The `datetime` of a `<time>`: the ISO day, or null. */
export const isoDay = (value: string | null | undefined) => (formatDay(value) ? value!.slice(0, 10) : null)
