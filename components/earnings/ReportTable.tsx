import { type ReactNode, useEffect, useState } from 'react'
import { change, type Report, type ReportRow, type SortKey } from '../../lib/reports.ts'
import { ApiError } from '../api-client.ts'
import { type Column, EARNINGS_COLUMNS } from './columns.ts'
import { earningsApi, type Range, type TableQuery } from './earnings-api.ts'
import { formatAmounts, formatChange } from './format.ts'
import { Unconverted } from './Unconverted.tsx'
import { ErrorLine } from '../Messages.tsx'
import './reports.css'

const PAGE = 10

/** A figure's cell: its value, the change against the previous period on the sorted column, revenue no rate converted beneath revenue. */
function Cell({ column, row, currency, sorted }: { column: Column; row: Pick<ReportRow, 'figures' | 'previous'>; currency: string; sorted: boolean }) {
  const delta = sorted ? change(row.figures[column.key], row.previous[column.key]) : null
  const apart = column.key === 'revenue' ? formatAmounts(row.figures.unconverted) : ''
  return (
    <td data-label={column.label} className={[sorted && 'sorted', column.key === 'revenue' && 'revenue'].filter(Boolean).join(' ') || undefined}>
      <span className="cell">
        <span className="value">{column.show(row.figures, currency)}</span>
        {delta !== null && <span className="change muted small"> {formatChange(delta)}</span>}
        {apart && <span className="apart small" title="No exchange rate for their days yet: not in the figure above"> + {apart} unconverted</span>}
      </span>
    </td>
  )
}

/**
 * One report as a table (issues 21 and 35): sortable by any of its figures (the server sorts, so paging
 * follows the sort), paged, with the change against the previous period, a line of totals that is the sum
 * of every row (not only those shown), revenue no rate converts shown apart, and the same rows as CSV. On
 * a phone each row is a card, the sorted figure and revenue first.
 */
export function ReportTable({ title, what, range, load, csvPath, csvName, csvQuery = {}, empty, columns = EARNINGS_COLUMNS, rowAction, initialSort = 'revenue', controls }: {
  title: string
  /** the first column's heading */
  what: string
  range: Range
  load: (q: TableQuery) => Promise<Report>
  csvPath: string
  csvName: string
  csvQuery?: Record<string, string>
  empty: string
  columns?: Column[]
  /** a button at the end of each row (the brand report's "Daily") */
  rowAction?: (row: ReportRow) => ReactNode
  initialSort?: SortKey
  /** beside the title: a choice of how the rows are grouped */
  controls?: ReactNode
}) {
  const [sort, setSort] = useState<SortKey>(initialSort)
  const [dir, setDir] = useState<'asc' | 'desc'>('desc')
  const [offset, setOffset] = useState(0)
  const [report, setReport] = useState<Report | null>(null)
  const [error, setError] = useState<string | null>(null)
  const id = `report-${csvName}`
  /** the range and grouping the shown rows answer: a change of either starts at the first page again */
  const queryKey = JSON.stringify(csvQuery)

  useEffect(() => {
    let current = true
    setError(null)
    load({ ...range, sort, dir, limit: PAGE, offset })
      .then((r) => current && setReport(r))
      .catch((err) => current && setError(err instanceof ApiError ? err.message : 'Failed to load the report'))
    return () => {
      current = false
    }
  }, [range, sort, dir, offset, queryKey]) // eslint-disable-line react-hooks/exhaustive-deps -- `load` follows csvQuery; a new `range` object asks again (after a rates import)

  useEffect(() => setOffset(0), [range.from, range.to, queryKey])

  const sortBy = (key: SortKey) => {
    setOffset(0)
    if (key === sort) setDir((d) => (d === 'desc' ? 'asc' : 'desc'))
    else {
      setSort(key)
      setDir('desc')
    }
  }
  const sortLabel = columns.find((c) => c.key === sort)?.label ?? sort

  return (
    <section className="card earnings-table" aria-labelledby={`${id}-heading`} data-testid={id}>
      <div className="earnings-table-head">
        <h2 id={`${id}-heading`}>{title}</h2>
        {controls}
        <button type="button" className="btn btn-small" disabled={!report?.total} onClick={() => void earningsApi.downloadCsv(csvPath, { ...range, sort, dir, ...csvQuery }, `${csvName}-${range.from}-${range.to}.csv`).catch(() => setError('The export failed: try again'))}>
          Export CSV
        </button>
      </div>
      <ErrorLine text={error} />
      {!report && !error ? (
        <p className="muted">Loading…</p>
      ) : report && report.total === 0 ? (
        <p className="muted">{empty}</p>
      ) : report ? (
        <>
          <Unconverted amounts={report.totals.unconverted} currency={report.currency} />
          <div className="sort-choice">
            <label>
              Sort by{' '}
              <select value={`${sort}:${dir}`} onChange={(e) => (([k, d]) => (setOffset(0), setSort(k as SortKey), setDir(d as 'asc' | 'desc')))(e.target.value.split(':'))}>
                {columns.flatMap((c) => [
                  <option key={`${c.key}:desc`} value={`${c.key}:desc`}>{`${c.label}, highest first`}</option>,
                  <option key={`${c.key}:asc`} value={`${c.key}:asc`}>{`${c.label}, lowest first`}</option>,
                ])}
              </select>
            </label>
          </div>
          <div className="report-scroll">
            <table className="admin-table report-table" data-sort={sort}>
              <caption className="sr-only">
                {title}, {range.from} to {range.to}, sorted by {sortLabel} ({dir === 'desc' ? 'highest first' : 'lowest first'})
              </caption>
              <thead>
                <tr>
                  <th scope="col">{what}</th>
                  {columns.map((c) => (
                    <th key={c.key} scope="col" title={c.title} aria-sort={c.key === sort ? (dir === 'desc' ? 'descending' : 'ascending') : undefined}>
                      <button type="button" className="sort-button" onClick={() => sortBy(c.key)}>
                        {c.label}
                        <span aria-hidden="true">{c.key === sort ? (dir === 'desc' ? ' ▼' : ' ▲') : ''}</span>
                      </button>
                    </th>
                  ))}
                  {rowAction && (
                    <th scope="col">
                      <span className="sr-only">Details</span>
                    </th>
                  )}
                </tr>
              </thead>
              <tbody>
                {report.rows.map((r) => (
                  <tr key={r.key} data-testid="earnings-row" data-key={r.key}>
                    <th scope="row">{r.href ? <a href={r.href}>{r.label}</a> : r.label}</th>
                    {columns.map((c) => (
                      <Cell key={c.key} column={c} row={r} currency={report.currency} sorted={c.key === sort} />
                    ))}
                    {rowAction && <td className="row-action">{rowAction(r)}</td>}
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr data-testid="earnings-total">
                  <th scope="row">{report.total > report.rows.length ? `All ${report.total}` : 'Total'}</th>
                  {columns.map((c) => (
                    <Cell key={c.key} column={c} row={{ figures: report.totals, previous: report.previousTotals }} currency={report.currency} sorted={c.key === sort} />
                  ))}
                  {rowAction && <td />}
                </tr>
              </tfoot>
            </table>
          </div>
          {report.total > PAGE && (
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
          )}
        </>
      ) : null}
    </section>
  )
}
