/**
 * What the attribution reports answer (issue 21), shared by the server, the Earnings screen and the CLI.
 * Revenue is in the report currency (REPORT_CURRENCY); amounts without a known rate stay apart, in their
 * own currency, as `unconverted`.
 */
import type { Figures } from './figures.ts'

/** A report's figures: the one definition (./figures.ts). */
export type EarningsFigures = Figures
export { emptyFigures } from './figures.ts'

export type EarningsRow = { key: string; label: string; href?: string; figures: EarningsFigures; previous: EarningsFigures }

export type EarningsReport = {
  from: string
  to: string
  previousFrom: string
  previousTo: string
  currency: string
  total: number
  rows: EarningsRow[]
  totals: EarningsFigures
  previousTotals: EarningsFigures
}

export const SORTS = ['revenue', 'clicks', 'uniqueClicks', 'views', 'ctr', 'conversions', 'registrations', 'ftds', 'epc', 'rpm'] as const
export type SortKey = (typeof SORTS)[number]

/** The change from `before` to `now` as a fraction (0.25 = +25 %); null when there was nothing before. */
export const change = (now: number, before: number) => (before ? (now - before) / before : null)

/** The CSV columns of a report's rows. */
export const CSV_COLUMNS = ['views', 'clicks', 'uniqueClicks', 'suspectClicks', 'ctr', 'conversions', 'registrations', 'ftds', 'deposits', 'revenue', 'epc', 'rpm'] as const
