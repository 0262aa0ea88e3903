import { DEFAULT_REPORT_DAYS, type Figures, lastDays, MAX_REPORT_DAYS } from '../../lib/reports.ts'
import type { BrandsRepository } from '../../db/repositories/brands.ts'
import type { ClickCounter, ClicksRepository } from '../../db/repositories/clicks.ts'
import type { ByCountry } from '../../lib/country-report.ts'
import { isCalendarDay, utcDay } from '../../lib/format.ts'
import { AppError } from '../errors.ts'

export type { Figures } from '../../lib/reports.ts'

const round = (n: number, places = 4) => Math.round(n * 10 ** places) / 10 ** places

export function figuresOf(rows: ClickCounter[]): Figures {
  const f = { views: 0, clicks: 0, uniqueClicks: 0, botClicks: 0, blockedClicks: 0, suspectClicks: 0, codeCopies: 0, conversions: 0, suspectConversions: 0, conversionsByGoal: {} as Record<string, number>, approvedRevenue: {} as Record<string, number> }
  for (const r of rows) {
    f.views += r.views ?? 0
    f.clicks += r.clicks ?? 0
    f.uniqueClicks += r.uniques ?? 0
    f.botClicks += r.bots ?? 0
    f.blockedClicks += r.blocked ?? 0
    f.suspectClicks += r.suspect ?? 0
    f.codeCopies += r.copies ?? 0
    f.conversions += r.conversions ?? 0
    f.suspectConversions += r.suspectConversions ?? 0
    for (const [g, n] of Object.entries(r.goals ?? {})) f.conversionsByGoal[g] = (f.conversionsByGoal[g] ?? 0) + n
    for (const [cur, v] of Object.entries(r.revenue ?? {})) f.approvedRevenue[cur] = round((f.approvedRevenue[cur] ?? 0) + v)
  }
  const all = f.clicks + f.botClicks
  return {
    ...f,
    botShare: all ? round(f.botClicks / all) : 0,
    cr: f.uniqueClicks ? round(f.conversions / f.uniqueClicks) : 0,
    epc: Object.fromEntries(Object.entries(f.approvedRevenue).map(([cur, v]) => [cur, f.uniqueClicks ? round(v / f.uniqueClicks) : 0])),
  }
}

/** Clicks split by the visitor's country, summed from the day counters' `countries` (never a scan of clicks). */
export function byCountryOf(rows: ClickCounter[]): ByCountry {
  const out: ByCountry = {}
  for (const r of rows) {
    for (const [country, n] of Object.entries(r.countries ?? {})) {
      const f = (out[country] ??= { clicks: 0, uniqueClicks: 0, blockedClicks: 0 })
      f.clicks += n.clicks ?? 0
      f.uniqueClicks += n.uniques ?? 0
      f.blockedClicks += n.blocked ?? 0
    }
  }
  return out
}

/** Per brand and per day, from the counters the writes keep: never a scan of clicks (issue 7). */
export function createReportsService(deps: { clicks: ClicksRepository; brands: BrandsRepository; now: () => Date }) {
  function range(from?: string, to?: string) {
    const end = to ?? utcDay(deps.now())
    // `to` is checked before the default `from` is counted back from it: an invalid day has no date to count from
    if (!isCalendarDay(end)) throw new AppError('bad_request', 'Invalid to: use YYYY-MM-DD')
    const start = from ?? lastDays(DEFAULT_REPORT_DAYS, new Date(`${end}T00:00:00Z`)).from
    if (!isCalendarDay(start)) throw new AppError('bad_request', 'Invalid from: use YYYY-MM-DD')
    if (start > end) throw new AppError('bad_request', 'Invalid range: from is after to')
    if ((new Date(`${end}T00:00:00Z`).getTime() - new Date(`${start}T00:00:00Z`).getTime()) / 86_400_000 > MAX_REPORT_DAYS) throw new AppError('bad_request', `Invalid range: at most ${MAX_REPORT_DAYS} days`)
    return { from: start, to: end }
  }

  return {
    range,
    async brands(q: { from?: string; to?: string }) {
      const r = range(q.from, q.to)
      const [brands, rows] = await Promise.all([deps.brands.list(), deps.clicks.countersBetween(r.from, r.to)])
      const byBrand = new Map<string, ClickCounter[]>()
      for (const row of rows) byBrand.set(row.brandId, [...(byBrand.get(row.brandId) ?? []), row])
      return {
        ...r,
        brands: brands.map((b) => ({ brandId: b._id, brandName: b.brandName, ...figuresOf(byBrand.get(b._id) ?? []), byCountry: byCountryOf(byBrand.get(b._id) ?? []) })),
        totals: figuresOf(rows),
        byCountry: byCountryOf(rows),
      }
    },
    async brand(id: string, q: { from?: string; to?: string }) {
      const r = range(q.from, q.to)
      const brand = await deps.brands.findById(id)
      if (!brand) throw new AppError('not_found', 'Brand not found')
      const rows = await deps.clicks.countersBetween(r.from, r.to, id)
      const byDay = new Map(rows.map((row) => [row.day, row]))
      const days: ({ day: string } & Figures)[] = []
      for (let t = new Date(`${r.from}T00:00:00Z`).getTime(); t <= new Date(`${r.to}T00:00:00Z`).getTime(); t += 86_400_000) {
        const day = utcDay(new Date(t))
        const row = byDay.get(day)
        days.push({ day, ...figuresOf(row ? [row] : []) })
      }
      return { ...r, brandId: id, brandName: brand.brandName, totals: figuresOf(rows), byCountry: byCountryOf(rows), days }
    },
  }
}
export type ReportsService = ReturnType<typeof createReportsService>
