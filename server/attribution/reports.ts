import type { BrandsRepository } from '../../db/repositories/brands.ts'
import { toCsv } from '../../lib/csv.ts'
import { isCalendarDay } from '../../lib/format.ts'
import { CSV_COLUMNS, DEFAULT_REPORT_DAYS, lastDays, MAX_REPORT_DAYS, type Report, type ReportRow, type SortKey } from '../../lib/reports.ts'
import { addFigures, emptyFigures, type Figures, toCents, withRatios } from '../../lib/figures.ts'
import { AppError } from '../errors.ts'
import { DIMS } from './counters.ts'
import type { CurrencyService } from './currency.ts'
import type { FiguresSource } from './figures.ts'
import { type Aggregate, rank, versionOf } from './ranking.ts'
import type { Label, Labels } from './labels.ts'

export type ReportQuery = { from?: string; to?: string; sort?: SortKey; dir?: 'asc' | 'desc'; limit?: number; offset?: number }

const DAY_MS = 86_400_000
const shift = (day: string, days: number) => new Date(new Date(`${day}T00:00:00Z`).getTime() + days * DAY_MS).toISOString().slice(0, 10)

/**
 * Every attribution report, from one read path (./figures.ts) and one definition of each figure
 * (lib/figures.ts): per page, per placement (slot, slot and position, page × slot), broken down by
 * country, device, brand or market, day by day, and one brand's detail — each with the previous period of
 * equal length, in the report currency, money rounded once so every total is the sum of its rows and the
 * same on every screen. Screens, CSV and the CLI format what these answer and compute nothing.
 */
export function createReports(deps: { figures: FiguresSource; currency: CurrencyService; labels: Labels; brands: Pick<BrandsRepository, 'list' | 'findById'>; now: () => Date }) {
  const { figures, labels } = deps

  /** A report's range: `to` defaults to today, `from` to `DEFAULT_REPORT_DAYS` before it; real days, at most `MAX_REPORT_DAYS`. */
  function range(from?: string, to?: string) {
    const end = to ?? new Date(deps.now()).toISOString().slice(0, 10)
    // `to` is checked before the default `from` is counted back from it: an invalid day has no date to count from
    if (!isCalendarDay(end)) throw new AppError('bad_request', 'Invalid to: use YYYY-MM-DD', [{ path: 'to', message: 'use a real day, YYYY-MM-DD' }])
    const start = from ?? lastDays(DEFAULT_REPORT_DAYS, new Date(`${end}T00:00:00Z`)).from
    if (!isCalendarDay(start)) throw new AppError('bad_request', 'Invalid from: use YYYY-MM-DD', [{ path: 'from', message: 'use a real day, YYYY-MM-DD' }])
    if (start > end) throw new AppError('bad_request', 'Invalid range: from is after to', [{ path: 'from', message: 'is after to' }])
    if ((new Date(`${end}T00:00:00Z`).getTime() - new Date(`${start}T00:00:00Z`).getTime()) / DAY_MS > MAX_REPORT_DAYS) throw new AppError('bad_request', `Invalid range: at most ${MAX_REPORT_DAYS} days`, [{ path: 'from', message: `at most ${MAX_REPORT_DAYS} days` }])
    return { from: start, to: end }
  }

  /** The previous period of equal length, ending the day before `from`. */
  function previousOf(r: { from: string; to: string }) {
    const days = Math.round((new Date(`${r.to}T00:00:00Z`).getTime() - new Date(`${r.from}T00:00:00Z`).getTime()) / DAY_MS) + 1
    return { from: shift(r.from, -days), to: shift(r.from, -1) }
  }

  /** Rows with their money to the cent (adding up to the total) and their ratios, and the total: for small aggregates (days). */
  function rounded(agg: Aggregate): { rows: Map<string, Figures>; total: Figures } {
    const keys = [...agg.keys()]
    const { cents, total } = toCents(keys.map((k) => agg.get(k)!.revenue))
    const rows = new Map(keys.map((k, i) => [k, withRatios({ ...agg.get(k)!, revenue: cents[i]! / 100 })]))
    const sum = emptyFigures()
    for (const f of agg.values()) addFigures(sum, f)
    return { rows, total: withRatios({ ...sum, revenue: total / 100 }) }
  }
  /** The same sums grouped again (`group` null: left out); the result is a new aggregate, rounded on its own. */
  function regroup(agg: Aggregate, group: (key: string) => string | null, extra: readonly string[] = []): Aggregate {
    const out: Aggregate = new Map(extra.map((k) => [k, emptyFigures()]))
    for (const [k, f] of agg) {
      const g = group(k)
      if (g !== null) addFigures(out.get(g) ?? out.set(g, emptyFigures()).get(g)!, f)
    }
    return out
  }
  const regroupedOf = new WeakMap<Aggregate, { version: number; byName: Map<string, Aggregate> }>()
  /** `regroup`, kept with its aggregate until it changes (a name says which grouping). */
  function regrouped(agg: Aggregate, name: string, group: (key: string) => string | null, extra?: readonly string[]) {
    let kept = regroupedOf.get(agg)
    if (!kept || kept.version !== versionOf(agg)) regroupedOf.set(agg, (kept = { version: versionOf(agg), byName: new Map() }))
    return kept.byName.get(name) ?? kept.byName.set(name, regroup(agg, group, extra)).get(name)!
  }

  /**
   * A grouping of a dimension's keys into a report's rows: `extra` rows listed with nothing counted,
   * `views` (the brand report) adds each row's page views from the page dimension (a brand's pages).
   */
  type Grouping = { name: string; group: (key: string) => string | null; extra?: readonly string[]; views?: (pageKey: string) => string | null }
  /** A report of one dimension's keys (grouped when asked), sorted and paged, with the previous period. */
  async function report(dim: string, q: ReportQuery, label: (key: string) => Promise<Label> | Label, grouping?: Grouping | (() => Promise<Grouping>)): Promise<Report> {
    const r = range(q.from, q.to)
    const p = previousOf(r)
    const g = typeof grouping === 'function' ? await grouping() : grouping
    const read = async (range: { from: string; to: string }) => {
      const agg = await figures.byKey(dim, range.from, range.to)
      if (!g) return agg
      const grouped = regrouped(agg, g.name, g.group, g.extra)
      if (!g.views) return grouped
      // page views come from the page dimension: added to each row once, into a copy (the regrouping is kept as it is)
      const pages = await figures.byKey(DIMS.page, range.from, range.to)
      const out: Aggregate = new Map([...grouped].map(([k, f]) => [k, { ...f }]))
      for (const [pageKey, f] of pages) {
        const row = g.views(pageKey)
        if (row !== null && out.has(row)) out.get(row)!.views += f.views
      }
      return out
    }
    const [now, before] = await Promise.all([read(r), read(p)])
    // worked out synchronously from here: the sums cannot move under the page being made
    const current = rank(now!, q.sort ?? 'revenue', q.dir === 'asc' ? 1 : -1, q.offset ?? 0, q.limit ?? 50)
    const previous = rank(before!, 'revenue', -1, 0, 0)
    const page = current.keys.map((key) => ({ key, figures: current.figures(key), previous: previous.figures(key) }))
    const rows = await Promise.all(page.map(async (row): Promise<ReportRow> => ({ key: row.key, ...(await label(row.key)), figures: row.figures, previous: row.previous })))
    return { from: r.from, to: r.to, previousFrom: p.from, previousTo: p.to, currency: deps.currency.reportCurrency, total: current.count, rows, totals: current.total, previousTotals: previous.total }
  }

  const bcd = (key: string) => key.split('|') as [string, string, string]
  /** The brand whose page a page key is (in any market), or null. */
  const brandOfPage = (pageKey: string) => /^(?:[a-z]{2}(?:-[a-z0-9]{2,3})?\/)?brand:(.+)$/.exec(pageKey)?.[1] ?? null
  const byBrand = async (): Promise<Grouping> => ({
    name: 'brand+all',
    group: (k) => bcd(k)[0],
    extra: (await deps.brands.list()).map((b) => b._id),
    // a brand's page views: its brand page's, in every market
    views: brandOfPage,
  })

  /** Day by day over a range, money rounded across the days (so the days add up to the range's total, as in every report). */
  async function days(dim: string, from: string, to: string, only?: (key: string) => boolean) {
    const agg = await figures.byDay(dim, from, to, only)
    for (let d = from; d <= to; d = shift(d, 1)) if (!agg.has(d)) agg.set(d, emptyFigures())
    const { rows, total } = rounded(agg)
    return { days: [...rows].sort(([a], [b]) => (a < b ? -1 : 1)).map(([day, f]) => ({ day, ...f })), totals: total }
  }

  const service = {
    range,
    /** GET /api/reports/pages: per page (article, home, brand page, archive…), a market's pages apart. */
    pages: (q: ReportQuery) => report(DIMS.page, q, labels.page),
    /** GET /api/reports/placements: per slot, per slot and position, or per page × slot. */
    placements: (q: ReportQuery & { by?: 'slot' | 'position' | 'page-slot' }) =>
      q.by === 'page-slot' ? report(DIMS.pageSlot, q, labels.pageSlot) : report(q.by === 'position' ? DIMS.position : DIMS.slot, q, labels.slot),
    /** GET /api/reports/breakdown?by=country|device|brand|market[&brandId]. */
    breakdown: (q: ReportQuery & { by: 'country' | 'device' | 'brand' | 'market'; brandId?: string }) => {
      if (q.by === 'market') return report(DIMS.market, q, labels.market)
      const part = q.by === 'country' ? 1 : q.by === 'device' ? 2 : 0
      const label = q.by === 'country' ? labels.country : q.by === 'device' ? labels.device : labels.brand
      return report(DIMS.bcd, q, label, { name: `${q.by}:${q.brandId ?? ''}`, group: (k) => (q.brandId && bcd(k)[0] !== q.brandId ? null : bcd(k)[part]) })
    },
    /** GET /api/reports/brands: every brand (those with nothing in the range too), as the brand admin's report. */
    brands: (q: ReportQuery) => report(DIMS.bcd, q, labels.brand, byBrand),

    /** GET /api/reports/brands/:id: one brand's totals, its days, and its countries. */
    async brand(brandId: string, q: { from?: string; to?: string }) {
      const r = range(q.from, q.to)
      if (!(await deps.brands.findById(brandId))) throw new AppError('not_found', 'Brand not found')
      const mine = (k: string) => bcd(k)[0] === brandId
      const [{ days: list, totals }, pageViews, byCountry, name] = await Promise.all([
        days(DIMS.bcd, r.from, r.to, mine),
        // its page views, day by day: its brand page's, in every market
        figures.byDay(DIMS.page, r.from, r.to, (k) => brandOfPage(k) === brandId),
        service.breakdown({ ...q, by: 'country', brandId, limit: 500 }),
        labels.brand(brandId),
      ])
      const withViews = list.map((d) => withRatios({ ...d, views: pageViews.get(d.day)?.views ?? 0 }))
      const views = withViews.reduce((n, d) => n + d.views, 0)
      return { from: r.from, to: r.to, currency: deps.currency.reportCurrency, brandId, brandName: name.label, totals: withRatios({ ...totals, views }), days: withViews, byCountry: byCountry.rows }
    },

    /** `stats clicks`: per brand (or one) per day over the last `days` days, the days with anything counted. */
    async brandDays(q: { brandId?: string; days: number }) {
      const r = lastDays(q.days, deps.now())
      const ids = q.brandId ? [q.brandId] : (await deps.brands.list()).map((b) => b._id)
      const out: ({ day: string; brandId: string } & Figures)[] = []
      for (const brandId of ids) {
        for (const d of (await days(DIMS.bcd, r.from, r.to, (k) => bcd(k)[0] === brandId)).days) {
          if (d.clicks || d.botClicks || d.blockedClicks || d.conversions || d.revenue || Object.keys(d.unconverted).length) out.push({ ...d, brandId })
        }
      }
      return out.sort((a, b) => (a.day === b.day ? (a.brandId < b.brandId ? -1 : 1) : a.day < b.day ? -1 : 1))
    },

    /** GET /api/reports/daily: the site's figures day by day (the Earnings chart and its headline), with the range's total. */
    async daily(q: { from?: string; to?: string }) {
      const r = range(q.from, q.to)
      return { ...r, currency: deps.currency.reportCurrency, ...(await days(DIMS.site, r.from, r.to)) }
    },

    /** A report's rows as CSV: the same rows the JSON answers, one line each, figures in columns, and the totals line. */
    toCsv(r: Report): string {
      const head = ['key', 'label', ...CSV_COLUMNS, 'revenue_currency', 'unconverted', ...CSV_COLUMNS.map((c) => `previous_${c}`)]
      const money = (m: Record<string, number>) => Object.entries(m).map(([c, v]) => `${c} ${v}`).join('; ')
      const line = (key: string, label: string, f: Figures, previous: Figures) => [key, label, ...CSV_COLUMNS.map((c) => f[c]), r.currency, money(f.unconverted), ...CSV_COLUMNS.map((c) => previous[c])]
      return toCsv([head, ...r.rows.map((row) => line(row.key, row.label, row.figures, row.previous)), ...(r.rows.length === r.total ? [line('', 'Total', r.totals, r.previousTotals)] : [])])
    },
  }
  return service
}
export type ReportsService = ReturnType<typeof createReports>
