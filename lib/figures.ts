/**
 * What each figure means, defined once (docs/attribution.md, "What each figure means"): every report,
 * screen, CSV and CLI table shows these, computed by server/attribution/figures.ts from the counters
 * every event adds (server/attribution/counters.ts), and formats them; nothing else divides one count by
 * another.
 *
 * - views: a person's view of a page, once per network per page per clock hour (bots never count)
 * - slotViews: an offer slot seen on the visitor's screen, once per network per page per slot per hour
 * - clicks: a person's click on a tracked link that sent them on (not a bot's, not one blocked in their country)
 * - uniqueClicks: the first of those per network per brand per clock hour
 * - slotClicks: a click from a slot, once per network per page per slot per hour (a click is also a view of its slot)
 * - ctr: slotClicks ÷ slotViews — the same slot, the same de-duplication, so never above 100 %
 * - crRegistrations, crFtds, crDeposits: each goal's conversions ÷ clicks (never a sum of unlike goals)
 * - epc: revenue ÷ clicks (earnings per click, as affiliate networks report it)
 * - rpm: revenue per 1,000 page views
 * Revenue is in the report currency (REPORT_CURRENCY), to the cent; amounts with no known rate stay apart,
 * in their own currency, as `unconverted`.
 */
export type Figures = {
  views: number
  slotViews: number
  clicks: number
  uniqueClicks: number
  slotClicks: number
  /** clicks past their network's velocity limit: in clicks, never unique */
  suspectClicks: number
  botClicks: number
  /** people's clicks on a brand not available in their country: nobody was sent on */
  blockedClicks: number
  /** people who copied a brand's bonus code, once per network per brand per hour */
  codeCopies: number
  /** every goal's conversions, counted (no rate is made of them) */
  conversions: number
  /** conversions whose click was suspect (in `conversions` too) */
  suspectConversions: number
  registrations: number
  /** first deposits */
  ftds: number
  deposits: number
  /** approved payouts in the report currency, to the cent */
  revenue: number
  revenueByCurrency: Record<string, number>
  unconverted: Record<string, number>
  ctr: number
  crRegistrations: number
  crFtds: number
  crDeposits: number
  epc: number
  rpm: number
  /** bot clicks ÷ all clicks, bots included */
  botShare: number
}

/** The counts a figure is made of (what the counters hold), summed as they are. */
export const COUNTS = ['views', 'slotViews', 'clicks', 'uniqueClicks', 'slotClicks', 'suspectClicks', 'botClicks', 'blockedClicks', 'codeCopies', 'conversions', 'suspectConversions', 'registrations', 'ftds', 'deposits'] as const
export type Count = (typeof COUNTS)[number]

const round = (n: number, places = 4) => Math.round(n * 10 ** places) / 10 ** places

/** The ratios, one definition each (see above). */
export const ratios = {
  ctr: (slotClicks: number, slotViews: number) => (slotViews ? round(slotClicks / slotViews) : 0),
  cr: (goalConversions: number, clicks: number) => (clicks ? round(goalConversions / clicks) : 0),
  epc: (revenue: number, clicks: number) => (clicks ? round(revenue / clicks) : 0),
  rpm: (revenue: number, views: number) => (views ? round((revenue / views) * 1000, 2) : 0),
  botShare: (botClicks: number, clicks: number) => (clicks + botClicks ? round(botClicks / (clicks + botClicks)) : 0),
}

/** No figures yet. Written out (not built from COUNTS) so every row has one fixed shape: reports read 100,000s of them. */
export const emptyFigures = (): Figures => ({
  views: 0,
  slotViews: 0,
  clicks: 0,
  uniqueClicks: 0,
  slotClicks: 0,
  suspectClicks: 0,
  botClicks: 0,
  blockedClicks: 0,
  codeCopies: 0,
  conversions: 0,
  suspectConversions: 0,
  registrations: 0,
  ftds: 0,
  deposits: 0,
  revenue: 0,
  revenueByCurrency: {},
  unconverted: {},
  ctr: 0,
  crRegistrations: 0,
  crFtds: 0,
  crDeposits: 0,
  epc: 0,
  rpm: 0,
  botShare: 0,
})

/** Adds `from`'s counts into `into`: written out, as reports add up 100,000s of rows (a loop over COUNTS is five times slower). */
export function addCounts(into: Figures, from: Figures) {
  into.views += from.views
  into.slotViews += from.slotViews
  into.clicks += from.clicks
  into.uniqueClicks += from.uniqueClicks
  into.slotClicks += from.slotClicks
  into.suspectClicks += from.suspectClicks
  into.botClicks += from.botClicks
  into.blockedClicks += from.blockedClicks
  into.codeCopies += from.codeCopies
  into.conversions += from.conversions
  into.suspectConversions += from.suspectConversions
  into.registrations += from.registrations
  into.ftds += from.ftds
  into.deposits += from.deposits
}

/** Adds `from`'s counts and money into `into` (ratios are not added: `withRatios` works them out once). */
export function addFigures(into: Figures, from: Figures): Figures {
  addCounts(into, from)
  into.revenue += from.revenue
  for (const [c, v] of Object.entries(from.revenueByCurrency)) addAmount(into.revenueByCurrency, c, v)
  for (const [c, v] of Object.entries(from.unconverted)) addAmount(into.unconverted, c, v)
  return into
}

/** Adds to an amount per currency (to four places); one that comes to zero is not listed. */
export function addAmount(amounts: Record<string, number>, currency: string, amount: number) {
  const sum = round((amounts[currency] ?? 0) + amount)
  if (sum === 0) delete amounts[currency]
  else amounts[currency] = sum
}

/** The figure's ratios from its counts and its revenue (already rounded to the cent by the report). */
export function withRatios(f: Figures): Figures {
  f.ctr = ratios.ctr(f.slotClicks, f.slotViews)
  f.crRegistrations = ratios.cr(f.registrations, f.clicks)
  f.crFtds = ratios.cr(f.ftds, f.clicks)
  f.crDeposits = ratios.cr(f.deposits, f.clicks)
  f.epc = ratios.epc(f.revenue, f.clicks)
  f.rpm = ratios.rpm(f.revenue, f.views)
  f.botShare = ratios.botShare(f.botClicks, f.clicks)
  return f
}

/**
 * Money to the cent, once: `exact` amounts (in the report currency, unrounded) become cents that add up
 * to `total` (itself the exact sum rounded half away from zero), each at most a cent from its exact
 * value — the largest-remainder method, ties broken by the order given. Every report rounds its rows
 * this way, so its total is the sum of its rows, and the same total on every screen.
 */
export function toCents(exact: readonly number[], total = exact.reduce((a, b) => a + b, 0)): { cents: number[]; total: number } {
  const totalCents = roundHalfAway(total * 100)
  const floors = exact.map((x) => Math.floor(x * 100 + 1e-6))
  let left = totalCents - floors.reduce((a, b) => a + b, 0)
  const order = exact.map((x, i) => ({ i, rest: x * 100 - floors[i]! })).sort((a, b) => b.rest - a.rest || a.i - b.i)
  const cents = [...floors]
  // more cents to hand out than rows (or fewer): by the largest remainders first, then round the rest
  for (let k = 0; left !== 0 && order.length; k++) {
    const { i } = order[k % order.length]!
    cents[i]! += Math.sign(left)
    left -= Math.sign(left)
  }
  return { cents, total: totalCents }
}

/** Half a cent rounds away from zero; the nudge keeps a float's x.4999999 of an exact half from rounding down. */
export const roundHalfAway = (x: number) => Math.sign(x) * Math.round(Math.abs(x) + 1e-6)
