/**
 * What a revenue import (a programme's conversions CSV, an exchange-rates file) says to the person
 * importing it, in one place for the server, the CLI and the admin: fields by the labels people use
 * ("line 4, Payout: …"), never validator text or the CLI's flags; what an accepted file did; and the
 * two answers that are not problems with a row ("Nothing to import", "Nothing changed").
 */

/** The fields a CSV's columns are read as (a column named like the field, or mapped: `goal=event`). */
export const IMPORT_FIELDS = ['click_id', 'goal', 'payout', 'currency', 'txn_id', 'status', 'date', 'brand'] as const
export type ImportField = (typeof IMPORT_FIELDS)[number]

/** Each field as people name it. */
export const IMPORT_FIELD_LABELS: Record<ImportField, string> = {
  click_id: 'Click ID',
  goal: 'Goal',
  payout: 'Payout',
  currency: 'Currency',
  txn_id: 'Transaction ID',
  status: 'Status',
  date: 'Date',
  brand: 'Brand',
}

/** A refused row: its line in the file, the file's column, the field's label and what to write instead. */
export type ImportProblem = { line: number; column: string; field: string; message: string }

/** What a conversions import found (a preview) or did. */
export type ConversionsImportReport = {
  rows: number
  /** matched a click of ours: new conversions */
  matched: number
  /** no click matched: kept as the brand's unattributed revenue */
  unattributed: number
  duplicate: number
  updated: number
  rejected: number
  invalid: ImportProblem[]
  /** the file was applied (not a preview, no row refused), whether or not any row changed something */
  written: boolean
  /** rows that change what is counted (new conversions, status changes, fraud rejections); the rest were already counted */
  changed: number
  /** the payouts of the rows that change something, per currency */
  totals: Record<string, number>
  /** what happened, in a sentence */
  message: string
}

export const NOTHING_TO_IMPORT = 'Nothing to import: the file has a header and no rows'
export const NOTHING_CHANGED = 'Nothing changed: every row was already counted.'

const LOCALE = 'en-GB'
const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString(LOCALE)} ${n === 1 ? one : many}`
const list = (items: string[]) => new Intl.ListFormat(LOCALE, { type: 'conjunction' }).format(items)
const money = (amount: number, currency: string) => new Intl.NumberFormat(LOCALE, { style: 'currency', currency }).format(amount)
/** Case, spaces and underscores aside, is a column's name the field's label? (then naming it again says nothing) */
const sameName = (a: string, b: string) => a.toLowerCase().replace(/[\s_]+/g, '') === b.toLowerCase().replace(/[\s_]+/g, '')

/** "line 4, Payout: must be …", with the file's column when it is named otherwise ("line 4, Payout (column "amount"): …"). */
export function problemLine(p: ImportProblem): string {
  const where = sameName(p.column, p.field) ? p.field : `${p.field} (column "${p.column}")`
  return `line ${p.line}, ${where}: ${p.message}`
}

/** How each row counted: "3 rows: 1 matched a click, 1 kept as …, 0 invalid." */
export function conversionsSummary(r: Omit<ConversionsImportReport, 'message'>): string {
  return `${plural(r.rows, 'row')}: ${r.matched} matched a click, ${r.unattributed} kept as the brand's unattributed revenue, ${r.duplicate} already counted, ${r.updated} changed status, ${r.rejected} rejected as fraud, ${r.invalid.length} invalid.`
}

/** What a conversions import did, or would do, in a sentence. */
export function conversionsOutcome(r: Omit<ConversionsImportReport, 'message'>, opts: { dryRun: boolean }): string {
  const fixing = `${plural(r.invalid.length, 'row')} need${r.invalid.length === 1 ? 's' : ''} fixing`
  if (opts.dryRun) return r.invalid.length ? `Nothing has been written (a preview): ${fixing} before this file can be imported.` : `Nothing has been written yet (a preview): importing would write ${plural(r.changed, 'row')}${totalsText(r.totals)}.`
  if (r.invalid.length) {
    const shown = r.invalid.slice(0, 5).map(problemLine).join('; ')
    return `Nothing was imported: ${fixing}. ${shown}${r.invalid.length > 5 ? `; and ${r.invalid.length - 5} more` : ''}`
  }
  if (!r.changed) return NOTHING_CHANGED
  return `Imported: ${plural(r.changed, 'row')} written${totalsText(r.totals)}.`
}

/** ", totalling €40.00 and US$25.50" (amounts of 0 left out), or nothing. */
function totalsText(totals: Record<string, number>): string {
  const amounts = Object.entries(totals)
    .filter(([, v]) => v !== 0)
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([c, v]) => money(v, c))
  return amounts.length ? `, totalling ${list(amounts)}` : ''
}

/** The columns of a rates CSV, as people name them. */
export const RATES_COLUMN_LABELS = { date: 'Date', currency: 'Currency', rate: 'Rate' } as const

/** What a rates import did. */
export type RatesImportReport = { rates: number; changed: number; days: number; currencies: string[]; from: string; to: string; message: string }

/** What a rates import did, in a sentence. */
export function ratesOutcome(r: Omit<RatesImportReport, 'message'>): string {
  const span = `${r.from} to ${r.to}`
  if (!r.changed) return `Nothing changed: every rate in the file was already imported (${plural(r.rates, 'rate')}, ${span}).`
  const done = `Imported ${plural(r.rates, 'rate')} of ${plural(r.currencies.length, 'currency', 'currencies')} for ${plural(r.days, 'day')}, ${span}`
  return r.changed === r.rates ? `${done}.` : `${done}; ${r.changed.toLocaleString(LOCALE)} new or changed, the rest were already imported.`
}

/** Labels joined as a sentence says them: "Date, Currency and Rate". */
export const labelList = list
