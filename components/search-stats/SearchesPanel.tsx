import { useEffect, useState } from 'react'
import { formatNumber } from '../../lib/format.ts'
import { adminHref } from '../admin/admin-location.ts'
import { ApiError, apiCall } from '../api-client.ts'
import { ErrorLine } from '../Messages.tsx'

export type QueryReport = { from: string; to: string; days: number; noResults: boolean; queries: { query: string; searches: number; visitors: number; noResults: number }[] }

const RANGES = [7, 30, 90] as const

/** The content admin with a new article titled `query` (issue 26: "write about this"). */
export const writeAboutHref = (query: string) => adminHref({ tab: 'articles', post: null, title: query })

function QueryTable({ report, caption }: { report: QueryReport; caption: string }) {
  if (!report.queries.length) return <p className="empty">{report.noResults ? 'Every search in this period found something.' : 'No searches counted in this period yet.'}</p>
  return (
    <div className="table-scroll">
      <table className="admin-table">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Query</th>
            <th scope="col">Visitors</th>
            <th scope="col">Searches</th>
            <th scope="col">Found nothing</th>
            <th scope="col">
              <span className="sr-only">Write</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {report.queries.map((q) => (
            <tr key={q.query}>
              <td>{q.query}</td>
              <td>{formatNumber(q.visitors)}</td>
              <td>{formatNumber(q.searches)}</td>
              <td>{formatNumber(q.noResults)}</td>
              <td>
                <a className="btn" href={writeAboutHref(q.query)} aria-label={`Write about this: “${q.query}”`}>
                  Write about this
                </a>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

/**
 * What readers search for (issue 26): the most searched queries and those that found nothing over the
 * last 7, 30 or 90 days, ranked by distinct visitors (networks; issue 35), each with a link that opens a
 * new draft titled with it. Counted without any visitor identity (GET /api/search/queries).
 */
export function SearchesPanel() {
  const [days, setDays] = useState<(typeof RANGES)[number]>(30)
  const [reports, setReports] = useState<{ top: QueryReport; none: QueryReport } | null>(null)
  const [error, setError] = useState<string | null>(null)
  useEffect(() => {
    let live = true
    Promise.all([apiCall<QueryReport>(`/api/search/queries?days=${days}`), apiCall<QueryReport>(`/api/search/queries?days=${days}&noResults=1`)])
      .then(([top, none]) => live && (setReports({ top, none }), setError(null)))
      .catch((err) => live && setError(err instanceof ApiError ? err.message : 'The search statistics could not be loaded'))
    return () => {
      live = false
    }
  }, [days])
  return (
    <section className="admin searches-panel" aria-labelledby="searches-heading">
      <h2 id="searches-heading">What readers search for</h2>
      <p className="muted">Queries typed into the site search, counted per day without any visitor’s identity (bots left out), kept 90 days. Ranked by visitors: the different networks that searched each, so one address repeating a query counts once.</p>
      <div className="tabs" role="group" aria-label="Period">
        {RANGES.map((d) => (
          <button key={d} type="button" className={`tab${d === days ? ' active' : ''}`} aria-pressed={d === days} onClick={() => setDays(d)}>
            {`Last ${d} days`}
          </button>
        ))}
      </div>
      <ErrorLine text={error} />
      {!reports && !error && <p className="empty">Loading...</p>}
      {reports && (
        <>
          <h3>Found nothing</h3>
          <p className="muted small">The cheapest new articles: readers asked and the site had no answer.</p>
          <QueryTable report={reports.none} caption="Queries that found nothing" />
          <h3>Most searched</h3>
          <QueryTable report={reports.top} caption="Most searched queries" />
        </>
      )}
    </section>
  )
}
