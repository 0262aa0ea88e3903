/**
 * How the product writes times, numbers and money for people: one module, built on `Intl`.
 * The admin shows times in one format, in the editor's own time zone (named once on each screen by
 * `adminTimeZone()`): "28 Nov 2026, 11:23:05".
 */
const ADMIN_LOCALE = 'en-GB'
const ADMIN_TIME = new Intl.DateTimeFormat(ADMIN_LOCALE, { dateStyle: 'medium', timeStyle: 'short' })
const ADMIN_TIME_SECONDS = new Intl.DateTimeFormat(ADMIN_LOCALE, { dateStyle: 'medium', timeStyle: 'medium' })

/** An instant as the admin shows it ("28 Nov 2026, 11:23", with `seconds` "28 Nov 2026, 11:23:05"); '' for no or a bad time. */
export function adminTime(value: string | number | Date | null | undefined, opts: { seconds?: boolean } = {}): string {
  if (value === null || value === undefined || value === '') return ''
  const d = value instanceof Date ? value : new Date(value)
  if (Number.isNaN(d.getTime())) return ''
  return (opts.seconds ? ADMIN_TIME_SECONDS : ADMIN_TIME).format(d)
}

/** The editor's time zone, as the admin states it once ("Times are in Europe/London"). */
export const adminTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone
