import type { CountersRepository } from '../../db/repositories/counters.ts'
import type { BrandsRepository } from '../../db/repositories/brands.ts'
import type { PostsRepository } from '../../db/repositories/posts.ts'
import { type PageKind, SLOTS } from '../../lib/attribution.ts'
import { countryName } from '../../lib/countries.ts'
import { toCsv } from '../../lib/csv.ts'
import { CSV_COLUMNS, type EarningsFigures, type EarningsReport, type EarningsRow, type SortKey } from '../../lib/earnings.ts'
import { type Aggregate, addFigures, createFigures, emptyFigures, finish } from './figures.ts'
import { articlePath, brandPath, tagPath } from '../../lib/archive.ts'
import { AppError } from '../errors.ts'
import { DIMS } from './counters.ts'
import type { CurrencyService } from './currency.ts'

const DAY_MS = 86_400_000
const shift = (day: string, days: number) => new Date(new Date(`${day}T00:00:00Z`).getTime() + days * DAY_MS).toISOString().slice(0, 10)

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
  const figures = createFigures({ counters: deps.counters, currency: deps.currency, ttlMs: deps.ttlMs, maxCachedRows: deps.maxCachedRows })

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
    for (const f of agg.values()) addFigures(t, f)
    return finish(t)
  }

  /** A report of one dimension's keys (grouped by `group` when given), sorted and paged, with the previous period. */
  async function report(dim: string, q: ReportQuery, label: (key: string) => Promise<Pick<EarningsRow, 'label' | 'href'>> | Pick<EarningsRow, 'label' | 'href'>, group?: (key: string) => string | null): Promise<EarningsReport> {
    const { from, to } = deps.range(q.from, q.to)
    const days = Math.round((new Date(`${to}T00:00:00Z`).getTime() - new Date(`${from}T00:00:00Z`).getTime()) / DAY_MS) + 1
    const previousTo = shift(from, -1)
    const previousFrom = shift(from, -days)
    const [now, before] = await Promise.all([figures.byKey(dim, from, to), figures.byKey(dim, previousFrom, previousTo)])
    const regroup = (agg: Aggregate): Aggregate => {
      if (!group) return agg
      const out: Aggregate = new Map()
      for (const [k, f] of agg) {
        const g = group(k)
        if (g === null) continue
        addFigures(out.get(g) ?? out.set(g, emptyFigures()).get(g)!, f)
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
      const byDay = await figures.byDay(DIMS.site, from, to)
      const days: ({ day: string } & EarningsFigures)[] = []
      for (let d = from; d <= to; d = shift(d, 1)) days.push({ day: d, ...finish(byDay.get(d) ?? emptyFigures()) })
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
