import type { EarningsFigures, EarningsReport, SortKey } from '../../lib/earnings.ts'
import { authFetch } from '../account/session.ts'
import { apiCall } from '../api-client.ts'

/** The Earnings screen's calls (issue 21): every report with the bearer token, never cached. */
export type Range = { from: string; to: string }
export type TableQuery = Range & { sort: SortKey; dir: 'asc' | 'desc'; limit: number; offset: number }
export type Daily = { from: string; to: string; currency: string; days: ({ day: string } & EarningsFigures)[] }
export type RatesStatus = { reportCurrency: string; lastImport: string | null; newestDay: string | null; count: number }
export type ImportReport = { rows: number; matched: number; unattributed: number; duplicate: number; updated: number; rejected: number; invalid: { line: number; column: string; message: string }[]; written: boolean }

const qs = (q: Record<string, string | number | undefined>) => new URLSearchParams(Object.entries(q).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]]))).toString()

export const earningsApi = {
  daily: (r: Range) => apiCall<Daily>(`/api/reports/daily?${qs(r)}`),
  pages: (q: TableQuery) => apiCall<EarningsReport>(`/api/reports/pages?${qs(q)}`),
  placements: (q: TableQuery) => apiCall<EarningsReport>(`/api/reports/placements?${qs(q)}`),
  countries: (q: TableQuery) => apiCall<EarningsReport>(`/api/reports/breakdown?${qs({ ...q, by: 'country' })}`),
  rates: () => apiCall<RatesStatus>('/api/rates'),
  importRates: (file: File) => apiCall<{ rates: number; days: number; currencies: string[]; from: string; to: string }>(`/api/rates/import?${qs({ name: file.name })}`, { method: 'POST', body: file, headers: { 'content-type': 'text/plain' } }),
  importConversions: (file: File, q: { map?: string; brand?: string; dryRun: boolean }) =>
    apiCall<ImportReport>(`/api/conversions/import?${qs({ map: q.map || undefined, brand: q.brand || undefined, dryRun: q.dryRun ? '1' : undefined })}`, { method: 'POST', body: file, headers: { 'content-type': 'text/csv' } }),
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
