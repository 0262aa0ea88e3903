import { addCounts, emptyFigures, type Figures, ratios, roundHalfAway, withRatios } from '../../lib/figures.ts'
import type { SortKey } from '../../lib/reports.ts'

/** Figures by key: a report's rows before they are rounded, sorted and paged. Revenue unrounded. */
export type Aggregate = Map<string, Figures>

/**
 * How many times a kept aggregate has changed in place (server/attribution/figures.ts adds writes to it):
 * what was worked out of it is worked out again once it moved.
 */
const versions = new WeakMap<Aggregate, number>()
export const versionOf = (agg: Aggregate) => versions.get(agg) ?? 0
/** An aggregate's rows as arrays (walking a Map of 100,000 rows is several times slower than an array), in the Map's order. */
const rowsOf = new WeakMap<Aggregate, { keys: string[]; figs: Figures[] }>()
/**
 * The aggregate changed in place: its rows' figures, and `added` rows appended (a Map keeps insertion
 * order, so they are its last); without `added`, rows may have been removed too and are read again.
 */
export function touched(agg: Aggregate, added?: readonly string[]) {
  versions.set(agg, versionOf(agg) + 1)
  const rows = rowsOf.get(agg)
  if (!rows) return
  if (!added) rowsOf.delete(agg)
  else for (const k of added) rows.keys.push(k), rows.figs.push(agg.get(k)!)
}
function arraysOf(agg: Aggregate) {
  let rows = rowsOf.get(agg)
  if (!rows || rows.keys.length !== agg.size) {
    rows = { keys: [], figs: [] }
    for (const [k, f] of agg) rows.keys.push(k), rows.figs.push(f)
    rowsOf.set(agg, rows)
  }
  return rows
}

/**
 * An aggregate's money to the cent, as lib/figures.ts `toCents` rounds it (the largest-remainder method: each
 * row's cents add up to the exact total rounded, ties by the rows' order), worked out in one pass and one
 * selection instead of a sort of every row: which rows get the extra cent is a threshold on their
 * remainders. Then any row's cents, and the total, in constant time.
 */
type Prepared = {
  version: number
  keys: string[]
  figs: Figures[]
  cents: (key: string, revenue: number) => number
  total: Figures
  /** each order asked for: its rows' sort values, and its first rows (or all of them) in order */
  orders: Map<string, { values: Float64Array; top: number[]; all: boolean }>
}
const prepared = new WeakMap<Aggregate, Prepared>()

/** The k-th largest of `values` (0-based), by selection: O(n) on average. `values` is reordered. */
function kthLargest(values: Float64Array, k: number): number {
  let lo = 0
  let hi = values.length - 1
  while (lo < hi) {
    const pivot = values[(lo + hi) >> 1]!
    let i = lo
    let j = hi
    while (i <= j) {
      while (values[i]! > pivot) i++
      while (values[j]! < pivot) j--
      if (i <= j) {
        const t = values[i]!
        values[i] = values[j]!
        values[j] = t
        i++
        j--
      }
    }
    if (k <= j) hi = j
    else if (k >= i) lo = i
    else return values[k]!
  }
  return values[lo]!
}

/** Adds amounts per currency (no allocation when there are none: most rows). */
function addAmounts(into: Record<string, number>, from: Record<string, number>) {
  for (const cur in from) into[cur] = (into[cur] ?? 0) + from[cur]!
}

function prepare(agg: Aggregate): Prepared {
  const version = versionOf(agg)
  const known = prepared.get(agg)
  if (known && known.version === version) return known
  const { keys, figs } = arraysOf(agg)
  const n = keys.length
  const floors = new Float64Array(n)
  const rest = new Float64Array(n)
  const sum = emptyFigures()
  let total = 0
  let floorSum = 0
  for (let i = 0; i < n; i++) {
    const f = figs[i]!
    addCounts(sum, f)
    addAmounts(sum.revenueByCurrency, f.revenueByCurrency)
    addAmounts(sum.unconverted, f.unconverted)
    total += f.revenue
    floors[i] = Math.floor(f.revenue * 100 + 1e-6)
    rest[i] = f.revenue * 100 - floors[i]!
    floorSum += floors[i]!
  }
  for (const m of [sum.revenueByCurrency, sum.unconverted]) for (const [cur, v] of Object.entries(m)) (Math.round(v * 10_000) === 0 ? delete m[cur] : (m[cur] = Math.round(v * 10_000) / 10_000))
  const totalCents = roundHalfAway(total * 100)
  const extra = totalCents - floorSum
  const step = Math.sign(extra)
  const floorOf = (revenue: number) => Math.floor(revenue * 100 + 1e-6)
  let cents: (key: string, revenue: number) => number
  if (extra === 0 || n === 0) cents = (_k, revenue) => floorOf(revenue)
  else if (Math.abs(extra) >= n) {
    // more cents than rows (float noise at the edges): toCents' round robin, in full
    const order = [...rest.keys()].sort((a, b) => rest[b]! - rest[a]! || a - b)
    const out = Float64Array.from(floors)
    for (let left = extra, k = 0; left !== 0; k++, left -= step) out[order[k % n]!]! += step
    const index = new Map(keys.map((k, i) => [k, i]))
    cents = (key) => out[index.get(key)!]!
  } else {
    // the |extra| rows with the largest remainders (ties: the earlier row) get a cent each
    const m = Math.abs(extra)
    const threshold = kthLargest(Float64Array.from(rest), m - 1)
    let above = 0
    for (let i = 0; i < n; i++) if (rest[i]! > threshold) above++
    const tied = new Set<string>()
    for (let i = 0; i < n && tied.size < m - above; i++) if (rest[i] === threshold) tied.add(keys[i]!)
    cents = (key, revenue) => {
      const floor = floorOf(revenue)
      return floor + (revenue * 100 - floor > threshold || tied.has(key) ? step : 0)
    }
  }
  const out: Prepared = { version, keys, figs, cents, total: withRatios({ ...sum, revenue: totalCents / 100 }), orders: new Map() }
  prepared.set(agg, out)
  return out
}

/** The value a row is sorted by: its figure, its ratio worked out from its unrounded revenue for money ratios. */
function sortValue(f: Figures, sort: SortKey): number {
  switch (sort) {
    case 'ctr':
      return ratios.ctr(f.slotClicks, f.slotViews)
    case 'crRegistrations':
      return ratios.cr(f.registrations, f.clicks)
    case 'crFtds':
      return ratios.cr(f.ftds, f.clicks)
    case 'crDeposits':
      return ratios.cr(f.deposits, f.clicks)
    case 'epc':
      return f.clicks ? f.revenue / f.clicks : 0
    case 'rpm':
      return f.views ? (f.revenue / f.views) * 1000 : 0
    case 'botShare':
      return ratios.botShare(f.botClicks, f.clicks)
    default:
      return f[sort]
  }
}

/** Rows up to this far down are found by one pass of selection (the first pages of a report); deeper ones by one full sort. */
const SELECT_UP_TO = 2_000

/**
 * A report's page of rows: the keys at `offset`..`offset + limit` in the order asked (ties: more clicks
 * first, then the key), each with its figures rounded to the cent as the whole aggregate rounds them, and
 * the aggregate's total. A page near the top costs one pass over the rows the first time it is asked of
 * a version of the sums; the same order again, none.
 */
export function rank(agg: Aggregate, sort: SortKey, dir: 1 | -1, offset: number, limit: number) {
  const p = prepare(agg)
  const n = p.keys.length
  const want = Math.min(offset + Math.max(0, limit), n)
  const name = `${sort}:${dir}`
  let order = p.orders.get(name)
  if (!order) {
    const values = new Float64Array(n)
    for (let i = 0; i < n; i++) values[i] = dir * sortValue(p.figs[i]!, sort)
    p.orders.set(name, (order = { values, top: [], all: false }))
  }
  const { values } = order
  const keys = p.keys
  const figs = p.figs
  // a before b: in the direction asked (values are signed by it), then more clicks, then the key
  const before = (a: number, b: number) => values[a]! - values[b]! || figs[b]!.clicks - figs[a]!.clicks || (keys[a]! < keys[b]! ? -1 : keys[a]! > keys[b]! ? 1 : 0)
  if (!order.all && order.top.length < want) {
    if (want <= SELECT_UP_TO && want < n / 4) {
      // the best `want` rows, kept in order as the rows pass: a binary search and an insert for each that makes it in
      const best: number[] = []
      for (let i = 0; i < n; i++) {
        if (best.length === want && before(i, best[want - 1]!) >= 0) continue
        let lo = 0
        let hi = best.length
        while (lo < hi) {
          const mid = (lo + hi) >> 1
          if (before(best[mid]!, i) <= 0) lo = mid + 1
          else hi = mid
        }
        best.splice(lo, 0, i)
        if (best.length > want) best.pop()
      }
      order.top = best
    } else {
      order.top = [...keys.keys()].sort(before)
      order.all = true
    }
  }
  return { count: n, keys: limit > 0 ? order.top.slice(offset, want).map((i) => keys[i]!) : [], total: p.total, figures: (key: string) => figuresOf(agg, p, key) }
}

/** One row's figures, its revenue to the cent as the whole aggregate rounds it, with its ratios; empty for a key it lacks. */
function figuresOf(agg: Aggregate, p: Prepared, key: string): Figures {
  const f = agg.get(key)
  if (!f) return withRatios(emptyFigures())
  return withRatios({ ...f, revenueByCurrency: { ...f.revenueByCurrency }, unconverted: { ...f.unconverted }, revenue: p.cents(key, f.revenue) / 100 })
}

/** An aggregate's total (money to the cent), without a row. */
export const totalOf = (agg: Aggregate) => prepare(agg).total
