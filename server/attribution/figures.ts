import type { CountersRepository, Increment, Metric, Values } from '../../db/repositories/counters.ts'
import { addAmount, COUNTS, type Count, emptyFigures, type Figures } from '../../lib/figures.ts'
import type { Converter, CurrencyService } from './currency.ts'
import { type Aggregate, touched } from './ranking.ts'

export { addFigures, emptyFigures, type Figures, toCents, withRatios } from '../../lib/figures.ts'


/** The figure each counter metric adds to (revenue is money: see `addMoney`). */
const FIGURE_OF: Record<Exclude<Metric, 'revenue'>, Count> = {
  views: 'views',
  slot_views: 'slotViews',
  clicks: 'clicks',
  uniques: 'uniqueClicks',
  slot_clicks: 'slotClicks',
  suspect: 'suspectClicks',
  bots: 'botClicks',
  blocked: 'blockedClicks',
  copies: 'codeCopies',
  conversions: 'conversions',
  suspect_conversions: 'suspectConversions',
  registrations: 'registrations',
  ftds: 'ftds',
  deposits: 'deposits',
}

function addCounts(f: Figures, v: Values) {
  for (const [m, n] of Object.entries(v)) if (m !== 'revenue' && n) f[FIGURE_OF[m as Exclude<Metric, 'revenue'>]] += n
}

/** Adds an amount in `currency` counted on `day`: converted into the report currency (unrounded), or kept apart when no rate is known. */
function addMoney(f: Figures, amount: number, currency: string, day: string, convert: Converter) {
  if (!amount) return
  addAmount(f.revenueByCurrency, currency, amount)
  const converted = convert(amount, currency, day)
  if (converted === null) addAmount(f.unconverted, currency, amount)
  else f.revenue += converted
}


/** Writes kept with one range before it is summed again instead (a flood of writes and no reads). */
const MAX_PENDING = 100_000

export type { Aggregate }

/**
 * The one read path of the attribution reports: a dimension's counters over a range of days, summed by
 * key (or by day), revenue converted to the report currency at each day's rate and amounts without one
 * kept apart — never a scan of events. Reports round money once (lib/figures.ts toCents).
 *
 * Fresh: a report never answers sums older than the last write that changes them. A range's sums are
 * kept (bounded in rows, least recently used first) and every write this server makes is added to them
 * as it lands (`apply`); a rates import starts them again (`invalidate`); a write by another server
 * (the store's counters version moved by more than this server's own writes) has them summed again.
 */
export function createFigures(deps: {
  counters: CountersRepository
  currency: CurrencyService
  /** the store's counters version (db/repositories/settings.ts), moved by every write that adds to the counters */
  version?: () => Promise<number>
  /** rows of sums kept, least recently used dropped first; 0: none kept (every report sums again) */
  maxCachedRows?: number
}) {
  const maxRows = deps.maxCachedRows ?? 250_000
  const keep = maxRows > 0
  /** A kept range: its sums, and the converter they were made with (which knows the rates of `currencies` only). */
  type Entry = { dim: string; from: string; to: string; rows: number; value: Promise<Aggregate>; aggregate: Aggregate | null; convert: Converter | null; currencies: Set<string>; storeVersion: number; ownAt: number; stale: boolean; pending: Increment[] }
  const cache = new Map<string, Entry>()
  /** writes this server made (each moved the store's version by one) */
  let own = 0

  async function compute(dim: string, from: string, to: string, by: 'key' | 'day', onConvert?: (c: Converter, currencies: Set<string>) => void, only?: (key: string) => boolean): Promise<Aggregate> {
    const [counts, money] = await Promise.all([
      deps.counters.sum({ dim, from, to, subs: '', by: by === 'day' ? 'key-day' : 'key' }),
      deps.counters.sum({ dim, from, to, subs: 'money', by: 'key-day' }),
    ])
    const out: Aggregate = new Map()
    const at = (key: string) => out.get(key) ?? out.set(key, emptyFigures()).get(key)!
    for (const r of counts) if (!only || only(r.key)) addCounts(at(by === 'day' ? r.day! : r.key), r.values)
    const currencies = new Set(money.map((r) => r.sub))
    const convert = await deps.currency.converter([...currencies], from, to)
    onConvert?.(convert, currencies)
    for (const r of money) if (!only || only(r.key)) addMoney(at(by === 'day' ? r.day! : r.key), r.values.revenue ?? 0, r.sub, r.day!, convert)
    return out
  }

  function store(key: string, dim: string, from: string, to: string, storeVersion: number): Entry {
    const entry: Entry = { dim, from, to, rows: 0, value: Promise.resolve(new Map()), aggregate: null, convert: null, currencies: new Set(), storeVersion, ownAt: own, stale: false, pending: [] }
    entry.value = compute(dim, from, to, 'key', (c, currencies) => ((entry.convert = c), (entry.currencies = currencies)))
    cache.set(key, entry)
    entry.value.then(
      (v) => {
        entry.rows = v.size
        entry.aggregate = v
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
    return entry
  }

  /**
   * The writes kept with a range, added to its sums in place (a report works out its rows synchronously
   * once it has them, so none sees half a catch-up); the sums' version moves, so what reports worked out
   * of them before (rounded rows, orders, regroupings: ./ranking.ts) is worked out again.
   */
  function catchUp(entry: Entry) {
    const agg = entry.aggregate!
    const added: string[] = []
    for (const i of entry.pending) {
      let f = agg.get(i.key)
      if (!f) agg.set(i.key, (f = emptyFigures())), added.push(i.key)
      if (i.sub) addMoney(f, i.inc.revenue ?? 0, i.sub, i.day, entry.convert!)
      else addCounts(f, i.inc)
    }
    entry.pending = []
    entry.rows = agg.size
    touched(agg, added)
  }

  /** A range's sums by key, kept and kept fresh (see above). */
  async function byKey(dim: string, from: string, to: string): Promise<Aggregate> {
    if (!keep) return compute(dim, from, to, 'key')
    const key = `${dim}|${from}|${to}`
    const version = (await deps.version?.()) ?? 0
    const hit = cache.get(key)
    // another server wrote since these sums were made: the store moved by more than this server's own writes
    const elsewhere = hit && version - hit.storeVersion > own - hit.ownAt
    if (hit && !hit.stale && !elsewhere) {
      cache.delete(key)
      cache.set(key, hit) // most recently used last
      if (hit.pending.length && hit.aggregate) catchUp(hit)
      return hit.value
    }
    return store(key, dim, from, to, version).value
  }

  return {
    byKey,
    /** Figures per day of `dim` over [from, to], every key (or those `only` keeps) summed: a chart. Summed each time. */
    byDay: (dim: string, from: string, to: string, only?: (key: string) => boolean) => compute(dim, from, to, 'day', undefined, only),

    /**
     * A write this server made has landed: its increments are kept with every range they fall in, to be
     * added at that range's next read (sums still being made are summed again at their next read, as the
     * write may or may not be in them). A write costs a push; a read after writes, one copy of its sums.
     */
    apply(increments: readonly Increment[]) {
      own++
      if (!keep || !cache.size) return
      for (const entry of cache.values()) {
        if (entry.stale) continue
        const mine = increments.filter((i) => i.dim === entry.dim && i.day >= entry.from && i.day <= entry.to)
        if (!mine.length) continue
        // not summed yet, or money in a currency the kept converter never loaded rates for: summed again at the next read
        if (!entry.aggregate || !entry.convert || mine.some((i) => i.sub && !entry.currencies.has(i.sub)) || entry.pending.length + mine.length > MAX_PENDING) {
          entry.stale = true
          entry.pending = []
          continue
        }
        entry.pending.push(...mine)
      }
    },

    /** Rates changed (or anything else that changes every sum): every kept range is summed again at its next read. */
    invalidate() {
      cache.clear()
    },
  }
}
export type FiguresSource = ReturnType<typeof createFigures>

/** Every count of `f`, for a test or a check: figures as plain numbers. */
export const countsOf = (f: Figures) => Object.fromEntries(COUNTS.map((c) => [c, f[c]])) as Record<Count, number>
