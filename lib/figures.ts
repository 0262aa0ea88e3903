/**
 * What each figure means, defined once (docs/attribution.md, "What each figure means"): every report,
 * screen, CSV and CLI table shows these, computed by server/attribution/figures.ts from the counters,
 * and formats them; nothing else divides one count by another.
 * Revenue is in the report currency (REPORT_CURRENCY); amounts without a known rate stay apart, in their
 * own currency, as `unconverted`.
 */
export type Figures = {
  views: number
  clicks: number
  uniqueClicks: number
  /** clicks past the velocity limit: clicks, never unique */
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

/** The counts a figure is made of (what the counters hold). */
export const COUNTS = ['views', 'clicks', 'uniqueClicks', 'suspectClicks', 'conversions', 'registrations', 'ftds', 'deposits', 'revenue'] as const

const round = (n: number, places = 4) => Math.round(n * 10 ** places) / 10 ** places

/** The ratios, one definition each. */
export const ratios = {
  /** click-through rate: clicks over views */
  ctr: (clicks: number, views: number) => (views ? round(clicks / views) : 0),
  /** conversion rate: conversions over unique clicks */
  cr: (conversions: number, uniqueClicks: number) => (uniqueClicks ? round(conversions / uniqueClicks) : 0),
  /** earnings per click: revenue over unique clicks */
  epc: (revenue: number, uniqueClicks: number) => (uniqueClicks ? round(revenue / uniqueClicks) : 0),
  /** revenue per 1,000 page views */
  rpm: (revenue: number, views: number) => (views ? round((revenue / views) * 1000, 2) : 0),
}

export const emptyFigures = (): Figures => ({
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

/** Adds `from`'s counts and money into `into` (ratios are not added: `finish` works them out once). */
export function addFigures(into: Figures, from: Figures): Figures {
  for (const k of COUNTS) into[k] += from[k]
  for (const [c, v] of Object.entries(from.revenueByCurrency)) into.revenueByCurrency[c] = round((into.revenueByCurrency[c] ?? 0) + v)
  for (const [c, v] of Object.entries(from.unconverted)) into.unconverted[c] = round((into.unconverted[c] ?? 0) + v)
  return into
}

/** The ratios of a figure's counts (and its revenue rounded to the cent). */
export function finish(f: Figures): Figures {
  f.revenue = round(f.revenue, 2)
  f.ctr = ratios.ctr(f.clicks, f.views)
  f.epc = ratios.epc(f.revenue, f.uniqueClicks)
  f.rpm = ratios.rpm(f.revenue, f.views)
  return f
}
