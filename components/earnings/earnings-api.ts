import type { BrandReport, DailyReport, Report, SortKey } from '../../lib/reports.ts'
import type { ConversionsImportReport, RatesImportReport } from '../../lib/revenue-imports.ts'
import { authFetch } from '../account/session.ts'
import { apiCall } from '../api-client.ts'

/** The report screens' calls (issues 21 and 35): every report with the bearer token, never cached. */
export type Range = { from: string; to: string }
export type TableQuery = Range & { sort: SortKey; dir: 'asc' | 'desc'; limit: number; offset: number }
export type Daily = DailyReport
export type PlacementGrouping = 'slot' | 'position' | 'page-slot'
export type Breakdown = 'country' | 'device' | 'market' | 'brand'
export type RatesStatus = { reportCurrency: string; lastImport: string | null; newestDay: string | null; count: number }
export type ImportReport = ConversionsImportReport

const qs = (q: Record<string, string | number | undefined>) => new URLSearchParams(Object.entries(q).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]]))).toString()

export const earningsApi = {
  daily: (r: Range) => apiCall<Daily>(`/api/reports/daily?${qs(r)}`),
  pages: (q: TableQuery) => apiCall<Report>(`/api/reports/pages?${qs(q)}`),
  placements: (q: TableQuery & { by?: PlacementGrouping }) => apiCall<Report>(`/api/reports/placements?${qs(q)}`),
  breakdown: (q: TableQuery & { by: Breakdown; brandId?: string }) => apiCall<Report>(`/api/reports/breakdown?${qs(q)}`),
  brands: (q: TableQuery) => apiCall<Report>(`/api/reports/brands?${qs(q)}`),
  brand: (brandId: string, r: Range) => apiCall<BrandReport>(`/api/reports/brands/${encodeURIComponent(brandId)}?${qs(r)}`),
  rates: () => apiCall<RatesStatus>('/api/rates'),
  importRates: (file: File) => apiCall<RatesImportReport>(`/api/rates/import?${qs({ name: file.name })}`, { method: 'POST', body: file, headers: { 'content-type': 'text/plain' } }),
  importConversions: (file: File, q: { map?: string; brand?: string; dryRun: boolean }) =>
    apiCall<ImportReport>(`/api/conversions/import?${qs({ map: q.map || undefined, brand: q.brand || undefined, dryRun: q.dryRun ? '1' : undefined, name: file.name.slice(0, 200) })}`, { method: 'POST', body: file, headers: { 'content-type': 'text/csv' } }),
  /** A report as CSV, downloaded through the token (a plain link would carry none). */
  async downloadCsv(path: string, query: Record<string, string | number>, filename: string) {
    const res = await authFetch(`${path}?${qs({ ...query, format: 'csv', limit: 500, offset: 0 })}`)
    if (!res.ok) throw new Error(`export failed (${res.status})`)
    const url = URL.createObjectURL(await res.blob())
    const a = Object.assign(document.createElement('a'), { href: url, download: filename })
    document.body.append(a)
    a.click()
    a.remove()
    setTimeout(() => URL.revokeObjectURL(url), 1_000)
  },
}
