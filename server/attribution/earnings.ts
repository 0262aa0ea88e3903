import type { CountersRepository, Values } from '../../db/repositories/counters.ts'
import type { BrandsRepository } from '../../db/repositories/brands.ts'
import type { PostsRepository } from '../../db/repositories/posts.ts'
import { type PageKind, SLOTS } from '../../lib/attribution.ts'
import { countryName } from '../../lib/countries.ts'
import { toCsv } from '../../lib/csv.ts'
import { addDays, DAY_MS } from '../../lib/format.ts'
import { CSV_COLUMNS, type EarningsFigures, type EarningsReport, type EarningsRow, emptyFigures, type SortKey } from '../../lib/earnings.ts'
import { articlePath, brandPath, tagPath } from '../../lib/archive.ts'
import { AppError } from '../errors.ts'
import { DIMS } from './counters.ts'
import type { CurrencyService } from './currency.ts'

const round = (n: number, places = 4) => Math.round(n * 10 ** places) / 10 ** places

function finish(f: EarningsFigures): EarningsFigures {
  f.revenue = round(f.revenue, 2)
  f.ctr = f.views ? round(f.clicks / f.views) : 0
  f.epc = f.uniqueClicks ? round(f.revenue / f.uniqueClicks) : 0
  f.rpm = f.views ? round((f.revenue / f.views) * 1000, 2) : 0
  return f
}
function addCounts(f: EarningsFigures, v: Values) {
  f.views += v.views ?? 0
  f.clicks += v.clicks ?? 0
  f.uniqueClicks += v.uniques ?? 0
  f.suspectClicks += v.suspect ?? 0
  f.conversions += v.conversions ?? 0
  f.registrations += v.registrations ?? 0
  f.ftds += v.ftds ?? 0
  f.deposits += v.deposits ?? 0
}

type Aggregate = Map<string, EarningsFigures>
export type ReportQuery = { from?: string; to?: string; sort?: SortKey; dir?: 'asc' | 'desc'; limit?: number; offset?: number }

/**
 * Earnings reports (issue 21): views, clicks, conversions by goal and revenue per page, per placement and
 * per brand × country × device, with the previous period of equal length — read from the counters
 * (attribution/counters.ts), never from events. A range's sums are kept for `ttlMs` (a 90-day page report
 * over a large archive sums hundreds of thousands of counter rows: decision 018), refreshed in the
 * background while the stale ones are answered, and bounded in rows held.
 */
export function createEarningsService(deps: {
  counters: CountersRepository
  currency: CurrencyService
  posts: Pick<PostsRepository, 'findById'>
  brands: Pick<BrandsRepository, 'findById'>
  range: (from?: string, to?: string) => { from: string; to: string }
  now: () => Date
  ttlMs?: number
  maxCachedRows?: number
}) {
  const ttl = deps.ttlMs ?? 30_000
  const maxRows = deps.maxCachedRows ?? 250_000
  type Entry = { at: number; rows: number; value: Promise<Aggregate>; refreshing?: boolean }
  const cache = new Map<string, Entry>()

  async function compute(dim: string, from: string, to: string): Promise<Aggregate> {
    const [counts, money] = await Promise.all([
      deps.counters.sum({ dim, from, to, subs: '', by: 'key' }),
      deps.counters.sum({ dim, from, to, subs: 'money', by: 'key-day' }),
    ])
    const out: Aggregate = new Map()
    const at = (key: string) => out.get(key) ?? out.set(key, emptyFigures()).get(key)!
    for (const r of counts) addCounts(at(r.key), r.values)
    const convert = await deps.currency.converter([...new Set(money.map((r) => r.sub))], from, to)
    for (const r of money) {
      const amount = r.values.revenue ?? 0
      const f = at(r.key)
      f.revenueByCurrency[r.sub] = round((f.revenueByCurrency[r.sub] ?? 0) + amount)
      const converted = convert(amount, r.sub, r.day!)
      if (converted === null) f.unconverted[r.sub] = round((f.unconverted[r.sub] ?? 0) + amount)
      else f.revenue += converted
    }
    for (const f of out.values()) finish(f)
    return out
  }

  /** A range's sums by key, from the cache when fresh enough (stale ones are answered while they refresh). */
  function sums(dim: string, from: string, to: string): Promise<Aggregate> {
    if (ttl === 0) return compute(dim, from, to)
    const key = `${dim}|${from}|${to}`
    const hit = cache.get(key)
    const now = Date.now()
    if (hit) {
      cache.delete(key)
      cache.set(key, hit) // most recently used last
      if (now - hit.at > ttl && !hit.refreshing) {
        hit.refreshing = true
        const next = compute(dim, from, to)
        next.then(
          (value) => cache.set(key, { at: Date.now(), rows: value.size, value: Promise.resolve(value) }),
          () => (hit.refreshing = false),
        )
      }
      return hit.value
    }
    const value = compute(dim, from, to)
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

  // what every request of a cached range would compute again: its totals and its keys in each order
  const totals = new WeakMap<Aggregate, EarningsFigures>()
  const orders = new WeakMap<Aggregate, Map<string, string[]>>()
  function total(agg: Aggregate): EarningsFigures {
    const known = totals.get(agg)
    if (known) return known
    const t = sumOf(agg)
    totals.set(agg, t)
    return t
  }
  function sorted(agg: Aggregate, sort: SortKey, dir: 1 | -1): string[] {
    const byOrder = orders.get(agg) ?? orders.set(agg, new Map()).get(agg)!
    const name = `${sort}:${dir}`
    let keys = byOrder.get(name)
    if (!keys) {
      const entries = [...agg]
      entries.sort(([a, fa], [b, fb]) => dir * (fa[sort] - fb[sort]) || fb.clicks - fa.clicks || (a < b ? -1 : 1))
      keys = entries.map(([k]) => k)
      byOrder.set(name, keys)
    }
    return keys
  }
  function sumOf(agg: Aggregate): EarningsFigures {
    const t = emptyFigures()
    for (const f of agg.values()) {
      for (const k of ['views', 'clicks', 'uniqueClicks', 'suspectClicks', 'conversions', 'registrations', 'ftds', 'deposits', 'revenue'] as const) t[k] += f[k]
      for (const [c, v] of Object.entries(f.revenueByCurrency)) t.revenueByCurrency[c] = round((t.revenueByCurrency[c] ?? 0) + v)
      for (const [c, v] of Object.entries(f.unconverted)) t.unconverted[c] = round((t.unconverted[c] ?? 0) + v)
    }
    return finish(t)
  }

  /** A report of one dimension's keys (grouped by `group` when given), sorted and paged, with the previous period. */
  async function report(dim: string, q: ReportQuery, label: (key: string) => Promise<Pick<EarningsRow, 'label' | 'href'>> | Pick<EarningsRow, 'label' | 'href'>, group?: (key: string) => string | null): Promise<EarningsReport> {
    const { from, to } = deps.range(q.from, q.to)
    const days = Math.round((new Date(`${to}T00:00:00Z`).getTime() - new Date(`${from}T00:00:00Z`).getTime()) / DAY_MS) + 1
    const previousTo = addDays(from, -1)
    const previousFrom = addDays(from, -days)
    const [now, before] = await Promise.all([sums(dim, from, to), sums(dim, previousFrom, previousTo)])
    const regroup = (agg: Aggregate): Aggregate => {
      if (!group) return agg
      const out: Aggregate = new Map()
      for (const [k, f] of agg) {
        const g = group(k)
        if (g === null) continue
        const into = out.get(g) ?? out.set(g, emptyFigures()).get(g)!
        for (const m of ['views', 'clicks', 'uniqueClicks', 'suspectClicks', 'conversions', 'registrations', 'ftds', 'deposits', 'revenue'] as const) into[m] += f[m]
        for (const [c, v] of Object.entries(f.revenueByCurrency)) into.revenueByCurrency[c] = round((into.revenueByCurrency[c] ?? 0) + v)
        for (const [c, v] of Object.entries(f.unconverted)) into.unconverted[c] = round((into.unconverted[c] ?? 0) + v)
      }
      for (const f of out.values()) finish(f)
      return out
    }
    const current = regroup(now)
    const previous = regroup(before)
    const sort = q.sort ?? 'revenue'
    const keys = sorted(current, sort, q.dir === 'asc' ? 1 : -1)
    const offset = q.offset ?? 0
    const page = keys.slice(offset, offset + (q.limit ?? 50))
    const rows = await Promise.all(page.map(async (key) => ({ key, ...(await label(key)), figures: current.get(key)!, previous: previous.get(key) ?? finish(emptyFigures()) })))
    return { from, to, previousFrom, previousTo, currency: deps.currency.reportCurrency, total: keys.length, rows, totals: total(current), previousTotals: total(previous) }
  }

  async function pageLabel(key: string): Promise<Pick<EarningsRow, 'label' | 'href'>> {
    const [kind, ...rest] = key.split(':')
    const id = rest.join(':')
    switch (kind as PageKind) {
      case 'home':
        return { label: 'Home page', href: '/' }
      case 'article': {
        const post = await deps.posts.findById(id)
        return { label: post?.title ?? `Article “${id}” (deleted or renamed)`, href: articlePath(id) }
      }
      case 'brand': {
        const brand = await deps.brands.findById(id)
        return { label: `Brand page: ${brand?.brandName ?? id}`, href: brandPath(id) }
      }
      case 'archive':
        return { label: 'All articles', href: '/articles' }
      case 'tag':
        return { label: `Tag: ${id}`, href: tagPath(id) }
      case 'search':
        return { label: 'Search results' }
      case 'info':
        return { label: `Info page: ${id}`, href: `/info/${id}` }
      case 'directory':
        return { label: 'Brand directory', href: '/brands' }
      case 'not-found':
        return { label: 'Page not found (404)' }
      default:
        return { label: 'Unknown page (a link without a placement)' }
    }
  }

  const brandNames = new Map<string, string>()
  async function brandName(id: string) {
    if (!brandNames.has(id)) {
      if (brandNames.size > 5_000) brandNames.clear()
      brandNames.set(id, (await deps.brands.findById(id))?.brandName ?? id)
    }
    return brandNames.get(id)!
  }

  const service = {
    /** GET /api/reports/pages: per page (article, home, brand page, archive…). */
    pages: (q: ReportQuery) => report(DIMS.page, q, pageLabel),
    /** GET /api/reports/placements: per slot, or (`by: 'position'`) per slot and position. */
    placements: (q: ReportQuery & { by?: 'slot' | 'position' }) =>
      report(q.by === 'position' ? DIMS.position : DIMS.slot, q, (key) => {
        const [slot, position] = key.split('#')
        const name = SLOTS[slot as keyof typeof SLOTS] ?? 'Unknown placement'
        return { label: position ? `${name} · position ${position}` : name }
      }),
    /** GET /api/reports/breakdown?by=country|device|brand[&brandId]: from brand × country × device. */
    breakdown: (q: ReportQuery & { by: 'country' | 'device' | 'brand'; brandId?: string }) =>
      report(
        DIMS.bcd,
        q,
        async (key) => (q.by === 'country' ? { label: key === 'unknown' ? 'Unknown country' : `${countryName(key)} (${key})` } : q.by === 'device' ? { label: key[0]!.toUpperCase() + key.slice(1) } : { label: await brandName(key), href: brandPath(key) }),
        (key) => {
          const [brandId, country, device] = key.split('|')
          if (q.brandId && brandId !== q.brandId) return null
          return q.by === 'country' ? country! : q.by === 'device' ? device! : brandId!
        },
      ),
    /** The site's figures day by day (the Earnings chart), and the totals with the previous period. */
    async daily(q: { from?: string; to?: string }) {
      const { from, to } = deps.range(q.from, q.to)
      const [counts, money] = await Promise.all([
        deps.counters.sum({ dim: DIMS.site, from, to, subs: '', by: 'key-day' }),
        deps.counters.sum({ dim: DIMS.site, from, to, subs: 'money', by: 'key-day' }),
      ])
      const convert = await deps.currency.converter([...new Set(money.map((r) => r.sub))], from, to)
      const byDay = new Map<string, EarningsFigures>()
      const at = (day: string) => byDay.get(day) ?? byDay.set(day, emptyFigures()).get(day)!
      for (const r of counts) addCounts(at(r.day!), r.values)
      for (const r of money) {
        const f = at(r.day!)
        const amount = r.values.revenue ?? 0
        f.revenueByCurrency[r.sub] = round((f.revenueByCurrency[r.sub] ?? 0) + amount)
        const converted = convert(amount, r.sub, r.day!)
        if (converted === null) f.unconverted[r.sub] = round((f.unconverted[r.sub] ?? 0) + amount)
        else f.revenue += converted
      }
      const days: ({ day: string } & EarningsFigures)[] = []
      for (let d = from; d <= to; d = addDays(d, 1)) days.push({ day: d, ...finish(byDay.get(d) ?? emptyFigures()) })
      return { from, to, currency: deps.currency.reportCurrency, days }
    },
    /** A report's rows as CSV: the same rows the JSON answers, one line each, figures in columns. */
    toCsv(r: EarningsReport): string {
      const head = ['key', 'label', ...CSV_COLUMNS, 'revenue_currency', 'unconverted', ...CSV_COLUMNS.map((c) => `previous_${c}`)]
      const money = (m: Record<string, number>) => Object.entries(m).map(([c, v]) => `${c} ${v}`).join('; ')
      return toCsv([head, ...r.rows.map((row) => [row.key, row.label, ...CSV_COLUMNS.map((c) => row.figures[c]), r.currency, money(row.figures.unconverted), ...CSV_COLUMNS.map((c) => row.previous[c])])])
    },
  }
  return service
}
export type EarningsService = ReturnType<typeof createEarningsService>
