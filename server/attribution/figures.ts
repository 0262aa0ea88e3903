import type { CountersRepository, Values } from '../../db/repositories/counters.ts'
import { emptyFigures, type Figures, finish } from '../../lib/figures.ts'
import type { CurrencyService } from './currency.ts'

export { addFigures, emptyFigures, type Figures, finish } from '../../lib/figures.ts'

const round = (n: number, places = 4) => Math.round(n * 10 ** places) / 10 ** places

/** The counts one counter row adds to a figure (the counters' own names: ./counters.ts). */
function addCounts(f: Figures, v: Values) {
  f.views += v.views ?? 0
  f.clicks += v.clicks ?? 0
  f.uniqueClicks += v.uniques ?? 0
  f.suspectClicks += v.suspect ?? 0
  f.conversions += v.conversions ?? 0
  f.registrations += v.registrations ?? 0
  f.ftds += v.ftds ?? 0
  f.deposits += v.deposits ?? 0
}

/** Figures by key: a report's rows before they are labelled, sorted and paged. */
export type Aggregate = Map<string, Figures>

/**
 * The one read path of the attribution reports: a dimension's counters over a range of days, summed by
 * key (or by day), with revenue converted to the report currency at each day's rate and amounts without
 * one kept apart — never a scan of events. A range's sums are kept for `ttlMs` (a 90-day page report
 * over a large archive sums hundreds of thousands of counter rows: decision 018), refreshed in the
 * background while the stale ones are answered, and bounded in rows held.
 */
export function createFigures(deps: { counters: CountersRepository; currency: CurrencyService; ttlMs?: number; maxCachedRows?: number }) {
  const ttl = deps.ttlMs ?? 30_000
  const maxRows = deps.maxCachedRows ?? 250_000
  type Entry = { at: number; rows: number; value: Promise<Aggregate>; refreshing?: boolean }
  const cache = new Map<string, Entry>()

  /** `by: 'key'` sums each key over the range; `by: 'day'` keeps each day apart, keyed by day. */
  async function compute(dim: string, from: string, to: string, by: 'key' | 'day'): Promise<Aggregate> {
    const [counts, money] = await Promise.all([
      deps.counters.sum({ dim, from, to, subs: '', by: by === 'day' ? 'key-day' : 'key' }),
      deps.counters.sum({ dim, from, to, subs: 'money', by: 'key-day' }),
    ])
    const out: Aggregate = new Map()
    const at = (key: string) => out.get(key) ?? out.set(key, emptyFigures()).get(key)!
    for (const r of counts) addCounts(at(by === 'day' ? r.day! : r.key), r.values)
    const convert = await deps.currency.converter([...new Set(money.map((r) => r.sub))], from, to)
    for (const r of money) {
      const amount = r.values.revenue ?? 0
      const f = at(by === 'day' ? r.day! : r.key)
      f.revenueByCurrency[r.sub] = round((f.revenueByCurrency[r.sub] ?? 0) + amount)
      const converted = convert(amount, r.sub, r.day!)
      if (converted === null) f.unconverted[r.sub] = round((f.unconverted[r.sub] ?? 0) + amount)
      else f.revenue += converted
    }
    for (const f of out.values()) finish(f)
    return out
  }

  /** A range's sums by key, from the cache when fresh enough (stale ones are answered while they refresh). */
  function byKey(dim: string, from: string, to: string): Promise<Aggregate> {
    if (ttl === 0) return compute(dim, from, to, 'key')
    const key = `${dim}|${from}|${to}`
    const hit = cache.get(key)
    const now = Date.now()
    if (hit) {
      cache.delete(key)
      cache.set(key, hit) // most recently used last
      if (now - hit.at > ttl && !hit.refreshing) {
        hit.refreshing = true
        const next = compute(dim, from, to, 'key')
        next.then(
          (value) => cache.set(key, { at: Date.now(), rows: value.size, value: Promise.resolve(value) }),
          () => (hit.refreshing = false),
        )
      }
      return hit.value
    }
    const value = compute(dim, from, to, 'key')
    const entry: Entry = { at: now, rows: 0, value }
    cache.set(key, entry)
    value.then(
      (v) => {
        entry.rows = v.size
        // bounded in rows held, least recently used first
        let held = [...cache.values()].reduce((n, e) => n + e.rows, 0)
        for (const [k, e] of cache) {
          if (held <= maxRows || k === key) break
          cache.delete(k)
          held -= e.rows
        }
      },
      () => cache.delete(key),
    )
    return value
  }

  return {
    /** Figures per key of `dim` over [from, to] (YYYY-MM-DD, both included). */
    byKey,
    /** Figures per day of `dim` over [from, to], every key summed (the site's chart). */
    byDay: (dim: string, from: string, to: string) => compute(dim, from, to, 'day'),
  }
}
export type FiguresSource = ReturnType<typeof createFigures>
