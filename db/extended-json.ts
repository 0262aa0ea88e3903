/**
 * Dates through JSON as `{"$date": iso}`, like MongoDB's extended JSON. One encoding for the SQLite
 * backend's documents and for backups (format 2), so any collection's dates survive either round trip.
 */

const isDateBox = (v: unknown): v is { $date: string } =>
  v !== null && typeof v === 'object' && typeof (v as { $date?: unknown }).$date === 'string' && Object.keys(v).length === 1

/** Value → JSON text, every Date as `{"$date": iso}`. */
export function stringify(value: unknown, space?: number): string {
  return JSON.stringify(
    value,
    function (this: Record<string, unknown>, key, v) {
      // the replacer sees Date.toJSON's string; the holder still has the Date
      const raw = this[key]
      return raw instanceof Date ? { $date: raw.toISOString() } : v
    },
    space,
  )
}

/**
 * JSON text → value, every `{"$date": iso}` back to a Date. Text that cannot hold one — no `$date`, and
 * no `\u` escape that could spell it — is parsed without a reviver, about four times faster (a search
 * results page parses ten whole articles).
 */
export function parse<T>(text: string): T {
  if (!text.includes('$date') && !text.includes('\\u')) return JSON.parse(text)
  return JSON.parse(text, (_k, v) => (isDateBox(v) ? new Date(v.$date) : v))
}

/** A value made JSON-ready in the same encoding (Dates boxed), for callers that serialise it themselves. */
export const boxDates = <T = unknown>(value: unknown): T => JSON.parse(stringify(value))

/** The inverse of `boxDates`, on already-parsed JSON. */
export const unboxDates = <T = unknown>(value: unknown): T => parse<T>(JSON.stringify(value))
