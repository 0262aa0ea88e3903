/**
 * What the attribution reports answer (issue 21), shared by the server, the Earnings screen and the CLI.
 * Revenue is in the report currency (REPORT_CURRENCY); amounts without a known rate stay apart, in their
 * own currency, as `unconverted`.
 */
export type EarningsFigures = {
  views: number
  clicks: number
  uniqueClicks: number
  /** clicks past the velocity limit (issue 24): clicks, never unique */
  suspectClicks: number
  /** clicks / views */
  ctr: number
  conversions: number
  registrations: number
  /** first deposits */
  ftds: number
  deposits: number
  /** approved payouts in the report currency */
  revenue: number
  revenueByCurrency: Record<string, number>
  unconverted: Record<string, number>
  /** revenue / unique clicks */
  epc: number
  /** revenue per 1,000 views */
  rpm: number
}

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

export const emptyFigures = (): EarningsFigures => ({
  views: 0,
  clicks: 0,
  uniqueClicks: 0,
  suspectClicks: 0,
  ctr: 0,
  conversions: 0,
  registrations: 0,
  ftds: 0,
  deposits: 0,
  revenue: 0,
  revenueByCurrency: {},
  unconverted: {},
  epc: 0,
  rpm: 0,
})

/** The change from `before` to `now` as a fraction (0.25 = +25 %); null when there was nothing before. */
export const change = (now: number, before: number) => (before ? (now - before) / before : null)

/** The CSV columns of a report's rows. */
export const CSV_COLUMNS = ['views', 'clicks', 'uniqueClicks', 'suspectClicks', 'ctr', 'conversions', 'registrations', 'ftds', 'deposits', 'revenue', 'epc', 'rpm'] as const
