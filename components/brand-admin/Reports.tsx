import { useEffect, useState } from 'react'
import { formatAmounts } from '../../lib/format.ts'
import { type Figures, lastDays, REPORT_RANGES } from '../../lib/reports.ts'
import type { ByCountry } from '../../lib/country-report.ts'
import { authFetch } from '../account/session.ts'
import { CountryReport } from './CountryReport.tsx'

type BrandRow = Figures & { brandId: string; brandName: string }
type Daily = { brandName: string; days: (Figures & { day: string })[]; byCountry?: ByCountry }

export { REPORT_RANGES }
export const rangeFor = (days: number, today = new Date()) => lastDays(days, today)
const money = (m: Record<string, number>) => formatAmounts(m)
const pct = (n: number) => `${(n * 100).toFixed(1)}%`

async function getJson<T>(url: string): Promise<T> {
  const res = await authFetch(url)
  if (!res.ok) throw new Error(`report failed: ${res.status}`)
  return res.json() as Promise<T>
}

/** Clicks and conversions per day as two lines; plain SVG, no library. */
export function DailyChart({ days }: { days: Daily['days'] }) {
  const w = 640
  const h = 180
  const pad = 28
  const max = Math.max(1, ...days.map((d) => Math.max(d.clicks, d.conversions)))
  const x = (i: number) => pad + (days.length <= 1 ? 0 : (i * (w - 2 * pad)) / (days.length - 1))
  const y = (v: number) => h - pad - (v * (h - 2 * pad)) / max
  const line = (key: 'clicks' | 'conversions') => days.map((d, i) => `${x(i).toFixed(1)},${y(d[key]).toFixed(1)}`).join(' ')
  return (
    <svg viewBox={`0 0 ${w} ${h}`} className="daily-chart" role="img" aria-label="Clicks and conversions per day">
      <line x1={pad} y1={h - pad} x2={w - pad} y2={h - pad} stroke="#cbd5e1" />
      <text x={4} y={pad} fontSize="11" fill="#64748b">
        {max}
      </text>
      <polyline points={line('clicks')} fill="none" stroke="#7c3aed" strokeWidth="2" />
      <polyline points={line('conversions')} fill="none" stroke="#f59e0b" strokeWidth="2" />
      <text x={pad} y={h - 8} fontSize="11" fill="#64748b">
        {days[0]?.day}
      </text>
      <text x={w - pad} y={h - 8} fontSize="11" fill="#64748b" textAnchor="end">
        {days.at(-1)?.day}
      </text>
      <text x={w - pad} y={14} fontSize="11" textAnchor="end">
        <tspan fill="#7c3aed">— clicks</tspan> <tspan fill="#f59e0b">— conversions</tspan>
      </text>
    </svg>
  )
}

/** The report section of /adminmarket (issue 7). */
export function Reports() {
  const [days, setDays] = useState<number>(30)
  const [rows, setRows] = useState<BrandRow[] | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [selected, setSelected] = useState<string | null>(null)
  const [daily, setDaily] = useState<Daily | null>(null)
  const [byCountry, setByCountry] = useState<ByCountry>({})

  useEffect(() => {
    const { from, to } = rangeFor(days)
    setError(null)
    getJson<{ brands: BrandRow[]; byCountry?: ByCountry }>(`/api/reports/brands?from=${from}&to=${to}`)
      .then((r) => {
        setRows(r.brands)
        setByCountry(r.byCountry ?? {})
      })
      .catch(() => setError('Failed to load the report'))
  }, [days])

  useEffect(() => {
    if (!selected) return setDaily(null)
    const { from, to } = rangeFor(days)
    getJson<Daily>(`/api/reports/brands/${encodeURIComponent(selected)}?from=${from}&to=${to}`)
      .then(setDaily)
      .catch(() => setError('Failed to load the report'))
  }, [selected, days])

  return (
    <section className="reports" aria-labelledby="reports-heading">
      <div className="admin-head">
        <h2 id="reports-heading">Report</h2>
        <label>
          Range{' '}
          <select value={days} onChange={(e) => setDays(Number(e.target.value))}>
            {REPORT_RANGES.map((d) => (
              <option key={d} value={d}>
                Last {d} days
              </option>
            ))}
          </select>
        </label>
      </div>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      {!rows && !error && <p className="empty">Loading...</p>}
      {rows && (
        <div className="table-scroll">
          <table className="admin-table" data-testid="report-table">
            <thead>
              <tr>
                {['Brand', 'Views', 'Clicks', 'Unique', 'Bot share', 'Blocked', 'Suspect', 'Conversions', 'On suspect clicks', 'Code copies', 'Approved revenue', 'CR', 'EPC', ''].map((h) => (
                  <th key={h}>{h}</th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.brandId} data-testid="report-row">
                  <td>{r.brandName}</td>
                  <td>{r.views}</td>
                  <td>{r.clicks}</td>
                  <td>{r.uniqueClicks}</td>
                  <td>{pct(r.botShare)}</td>
                  <td>{r.blockedClicks ?? 0}</td>
                  <td>{r.suspectClicks ?? 0}</td>
                  <td>{r.conversions}</td>
                  <td>{r.suspectConversions ?? 0}</td>
                  <td>{r.codeCopies ?? 0}</td>
                  <td>{money(r.approvedRevenue)}</td>
                  <td>{pct(r.cr)}</td>
                  <td>{money(r.epc)}</td>
                  <td>
                    <button type="button" className="btn" onClick={() => setSelected(selected === r.brandId ? null : r.brandId)}>
                      {selected === r.brandId ? 'Hide days' : 'Daily'}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {daily && (
        <div className="card daily">
          <h3>{daily.brandName}: clicks and conversions per day</h3>
          <DailyChart days={daily.days} />
        </div>
      )}
      {/* compliance: clicks by the visitor's country, blocked ones (brand not available there) apart */}
      {rows && <CountryReport title={daily ? `${daily.brandName}: clicks by country` : 'All brands: clicks by country'} byCountry={daily?.byCountry ?? byCountry} />}
    </section>
  )
}
