/**
 * What the attribution reports answer (issues 21 and 35), shared by the server (server/attribution/reports.ts),
 * the Earnings screen, the brand admin's report and the CLI. Each row's figures are the one definition in
 * ./figures.ts; revenue is in the report currency (REPORT_CURRENCY), amounts without a known rate stay
 * apart in their own currency as `unconverted`.
 */
import type { Figures } from './figures.ts'
import { DAY_MS, utcDay } from './format.ts'

export { emptyFigures, type Figures } from './figures.ts'

export type ReportRow = { key: string; label: string; href?: string; figures: Figures; previous: Figures }

export type Report = {
  from: string
  to: string
  previousFrom: string
  previousTo: string
  currency: string
  /** how many rows the report has (`rows` is one page of them) */
  total: number
  rows: ReportRow[]
  totals: Figures
  previousTotals: Figures
}

/** One brand's report: its totals, its days, and its countries. */
export type BrandReport = { from: string; to: string; currency: string; brandId: string; brandName: string; totals: Figures; days: ({ day: string } & Figures)[]; byCountry: ReportRow[] }

/** The site's figures day by day, with the range's total (the Earnings chart and headline). */
export type DailyReport = { from: string; to: string; currency: string; days: ({ day: string } & Figures)[]; totals: Figures }

export const SORTS = ['revenue', 'clicks', 'uniqueClicks', 'views', 'slotViews', 'slotClicks', 'ctr', 'conversions', 'registrations', 'ftds', 'deposits', 'crRegistrations', 'crFtds', 'crDeposits', 'epc', 'rpm', 'codeCopies', 'blockedClicks', 'botClicks', 'suspectClicks', 'suspectConversions', 'botShare'] as const
export type SortKey = (typeof SORTS)[number]

/** The change from `before` to `now` as a fraction (0.25 = +25 %); null when there was nothing before. */
export const change = (now: number, before: number) => (before ? (now - before) / before : null)

/** The CSV columns of a report's rows. */
export const CSV_COLUMNS = ['views', 'slotViews', 'clicks', 'uniqueClicks', 'slotClicks', 'suspectClicks', 'botClicks', 'blockedClicks', 'codeCopies', 'ctr', 'conversions', 'registrations', 'ftds', 'deposits', 'crRegistrations', 'crFtds', 'crDeposits', 'revenue', 'epc', 'rpm'] as const

/** The report screens' "last N days" choices (a custom range aside). */
export const REPORT_RANGES = [7, 30, 90] as const
/** The longest range a report covers. */
export const MAX_REPORT_DAYS = 366
/** The default range of reports and `cli stats`. */
export const DEFAULT_REPORT_DAYS = 30

/** The last `days` days up to and including `today`'s UTC day. */
export function lastDays(days: number, today: Date): { from: string; to: string } {
  return { from: utcDay(new Date(today.getTime() - (days - 1) * DAY_MS)), to: utcDay(today) }
}
