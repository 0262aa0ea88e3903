import { type ByCountry, countryRows } from '../../lib/country-report.ts'

/** Clicks per visitor country (compliance reports): sent on, unique, and blocked where a brand may not be shown. */
export function CountryReport({ title, byCountry }: { title: string; byCountry: ByCountry }) {
  const rows = countryRows(byCountry)
  return (
    <div className="card country-report" data-testid="country-report">
      <h3>{title}</h3>
      {rows.length === 0 ? (
        <p className="empty">No clicks by country in this range.</p>
      ) : (
        <div className="table-scroll">
          <table className="admin-table">
            <thead>
              <tr>
                <th>Country</th>
                <th>Clicks</th>
                <th>Unique</th>
                <th>Blocked</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.country} data-testid="country-row">
                  <td>{r.label}</td>
                  <td>{r.clicks}</td>
                  <td>{r.uniqueClicks}</td>
                  <td>{r.blockedClicks}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  )
}
