import { useEffect, useState } from 'react'
import { change, type EarningsFigures, type EarningsReport, type SortKey } from '../../lib/earnings.ts'
import { ApiError } from '../api-client.ts'
import { earningsApi, type Range, type TableQuery } from './earnings-api.ts'
import { formatMoney, formatNumber, formatPercent } from '../../lib/format.ts'

type Column = { key: SortKey; label: string; show: (f: EarningsFigures, currency: string) => string }
const COLUMNS: Column[] = [
  { key: 'views', label: 'Views', show: (f) => formatNumber(f.views) },
  { key: 'clicks', label: 'Clicks', show: (f) => formatNumber(f.clicks) },
  { key: 'ctr', label: 'CTR', show: (f) => formatPercent(f.ctr) },
  { key: 'registrations', label: 'Registrations', show: (f) => formatNumber(f.registrations) },
  { key: 'ftds', label: 'First deposits', show: (f) => formatNumber(f.ftds) },
  { key: 'revenue', label: 'Revenue', show: (f, c) => formatMoney(f.revenue, c, { style: 'report' }) },
  { key: 'epc', label: 'EPC', show: (f, c) => formatMoney(f.epc, c, { style: 'report' }) },
  { key: 'rpm', label: 'RPM', show: (f, c) => formatMoney(f.rpm, c, { style: 'report' }) },
]
const PAGE = 10

/**
 * One earnings report as a table (issue 21): sortable by any figure (the server sorts, so paging follows
 * the sort), paged, with the change against the previous period, and exported as CSV with the same rows.
 */
export function ReportTable({ title, what, range, load, csvPath, csvName, csvQuery = {}, empty, withViews = true }: {
  title: string
  /** the first column's heading */
  what: string
  range: Range
  load: (q: TableQuery) => Promise<EarningsReport>
  csvPath: string
  csvName: string
  csvQuery?: Record<string, string>
  empty: string
  /** views (and so CTR and RPM) are counted per page and placement, not per country or device */
  withViews?: boolean
}) {
  const columns = withViews ? COLUMNS : COLUMNS.filter((c) => c.key !== 'views' && c.key !== 'ctr' && c.key !== 'rpm')
  const [sort, setSort] = useState<SortKey>('revenue')
  const [dir, setDir] = useState<'asc' | 'desc'>('desc')
  const [offset, setOffset] = useState(0)
  const [report, setReport] = useState<EarningsReport | null>(null)
  const [error, setError] = useState<string | null>(null)
  const id = title.toLowerCase().replace(/[^a-z]+/g, '-')

  useEffect(() => {
    let current = true
    setError(null)
    load({ ...range, sort, dir, limit: PAGE, offset })
      .then((r) => current && setReport(r))
      .catch((err) => current && setError(err instanceof ApiError ? err.message : 'Failed to load the report'))
    return () => {
      current = false
    }
  }, [range.from, range.to, sort, dir, offset]) // eslint-disable-line react-hooks/exhaustive-deps -- `load` is stable per table

  const sortBy = (key: SortKey) => {
    setOffset(0)
    if (key === sort) setDir((d) => (d === 'desc' ? 'asc' : 'desc'))
    else {
      setSort(key)
      setDir('desc')
    }
  }

  return (
    <section className="card earnings-table" aria-labelledby={`${id}-heading`}>
      <div className="earnings-table-head">
        <h2 id={`${id}-heading`}>{title}</h2>
        <button type="button" className="btn btn-small" disabled={!report?.total} onClick={() => void earningsApi.downloadCsv(csvPath, { ...range, sort, dir, ...csvQuery }, `${csvName}-${range.from}-${range.to}.csv`).catch(() => setError('The export failed: try again'))}>
          Export CSV
        </button>
      </div>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      {!report && !error ? (
        <p className="muted">Loading…</p>
      ) : report && report.total === 0 ? (
        <p className="muted">{empty}</p>
      ) : report ? (
        <>
          <div className="table-scroll">
            <table className="admin-table">
              <caption className="sr-only">
                {title}, {range.from} to {range.to}, sorted by {COLUMNS.find((c) => c.key === sort)?.label} ({dir === 'desc' ? 'highest first' : 'lowest first'})
              </caption>
              <thead>
                <tr>
                  <th scope="col">{what}</th>
                  {columns.map((c) => (
                    <th key={c.key} scope="col" aria-sort={c.key === sort ? (dir === 'desc' ? 'descending' : 'ascending') : undefined}>
                      <button type="button" className="sort-button" onClick={() => sortBy(c.key)}>
                        {c.label}
                        <span aria-hidden="true">{c.key === sort ? (dir === 'desc' ? ' ▼' : ' ▲') : ''}</span>
                      </button>
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {report.rows.map((r) => (
                  <tr key={r.key} data-testid="earnings-row">
                    <th scope="row">{r.href ? <a href={r.href}>{r.label}</a> : r.label}</th>
                    {columns.map((c) => {
                      const delta = change(r.figures[c.key], r.previous[c.key])
                      return (
                        <td key={c.key}>
                          {c.show(r.figures, report.currency)}
                          {c.key === sort && delta !== null && <span className="change muted small"> {formatPercent(delta, { signed: true })}</span>}
                        </td>
                      )
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div className="pagination">
            <button type="button" className="btn btn-small" disabled={offset === 0} onClick={() => setOffset((o) => Math.max(0, o - PAGE))}>
              Previous
            </button>
            <span className="muted small">
              {offset + 1}–{Math.min(offset + PAGE, report.total)} of {report.total}
            </span>
            <button type="button" className="btn btn-small" disabled={offset + PAGE >= report.total} onClick={() => setOffset((o) => o + PAGE)}>
              Next
            </button>
          </div>
        </>
      ) : null}
    </section>
  )
}
