import { parse } from 'csv-parse/sync'
import { stringify } from 'csv-stringify/sync'

/**
 * CSV (RFC 4180) through csv-parse and csv-stringify: quoted fields, doubled quotes, commas and newlines
 * inside quotes, a byte-order mark. Server and CLI only (imports, report exports).
 */

/** Every non-empty row as its fields. Throws on a broken quote, naming the line. */
export function parseCsv(text: string): string[][] {
  return parseCsvLines(text).map((r) => r.fields)
}

/** Rows with the line each starts on (for "line 12, column payout" errors), empty rows left out. */
export function parseCsvLines(text: string): { line: number; fields: string[] }[] {
  const records = parse(text, { bom: true, relax_column_count: true, skip_empty_lines: true, info: true, raw: true }) as unknown as { record: string[]; info: { lines: number }; raw: string }[]
  // info.lines is the line a record ends on: back up over the newlines inside it (quoted line breaks)
  const starts = (r: { info: { lines: number }; raw: string }) => r.info.lines - (r.raw.replace(/^[\r\n]+/, '').replace(/\r?\n$/, '').match(/\n/g)?.length ?? 0)
  return records.filter((r) => r.record.some((c) => c.trim() !== '')).map((r) => ({ line: starts(r), fields: r.record }))
}

/** Rows as CSV text, quoting what needs it; a cell that would start a formula in a spreadsheet is quoted with a leading '. */
export function toCsv(rows: readonly (readonly (string | number | null | undefined)[])[]): string {
  const safe = rows.map((r) => r.map((c) => (typeof c === 'string' && /^[=+\-@\t\r]/.test(c) ? `'${c}` : (c ?? ''))))
  return stringify(safe)
}
