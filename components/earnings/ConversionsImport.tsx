import { useState } from 'react'
import { useSession } from '../account/session.ts'
import { ApiError } from '../api-client.ts'
import { earningsApi, type ImportReport } from './earnings-api.ts'
import { ErrorLine } from '../Messages.tsx'
import { canImportRates } from './Unconverted.tsx'

/**
 * A programme's CSV report (issue 21): choose the file and map its columns, see a preview of what would
 * be matched, duplicate, unmatched and invalid (a dry run: nothing written), then record it. A file with
 * any bad row is refused whole, naming the line and column. Shown only to managers and admins: bringing
 * revenue in is their right, as importing rates is (the import route's rule).
 */
export function ConversionsImport({ brands }: { brands: { _id: string; brandName: string }[] }) {
  const { user } = useSession()
  const [file, setFile] = useState<File | null>(null)
  const [map, setMap] = useState('')
  const [brand, setBrand] = useState('')
  const [preview, setPreview] = useState<ImportReport | null>(null)
  const [done, setDone] = useState<ImportReport | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  async function run(dryRun: boolean) {
    if (!file) return
    setBusy(true)
    setError(null)
    try {
      const r = await earningsApi.importConversions(file, { map, brand, dryRun })
      if (dryRun) setPreview(r)
      else {
        setDone(r)
        setPreview(null)
      }
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'The import failed: try again')
    } finally {
      setBusy(false)
    }
  }

  if (!canImportRates(user?.role)) return null
  const summary = (r: ImportReport) =>
    `${r.rows} rows: ${r.matched} matched a click, ${r.unattributed} kept as the brand's unattributed revenue, ${r.duplicate} already counted, ${r.updated} changed status, ${r.rejected} rejected as fraud, ${r.invalid.length} invalid.`
  return (
    <section className="card conversions-import" aria-labelledby="conversions-import-heading">
      <h2 id="conversions-import-heading">Import a programme’s conversions (CSV)</h2>
      <p className="muted small">
        For programmes that send no postback (MyAffiliates, Income Access, NetRefer, Cellxpert): download their report and import it here. A conversion that
        also came by postback is never counted twice. Map columns as FIELD=COLUMN: click_id, goal, payout, currency, txn_id, status, date, brand.
      </p>
      <div className="import-fields">
        <label>
          CSV file
          <input
            type="file"
            accept=".csv,text/csv"
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null)
              setPreview(null)
              setDone(null)
            }}
          />
        </label>
        <label>
          Column map
          <input value={map} onChange={(e) => setMap(e.target.value)} placeholder="click_id=subid,goal=event,payout=amount,txn_id=transaction" />
        </label>
        <label>
          Brand of revenue no click matched
          <select value={brand} onChange={(e) => setBrand(e.target.value)}>
            <option value="">— none (such rows are refused) —</option>
            {brands.map((b) => (
              <option key={b._id} value={b._id}>
                {b.brandName}
              </option>
            ))}
          </select>
        </label>
      </div>
      <div className="actions">
        <button type="button" className="btn" disabled={!file || busy} onClick={() => void run(true)}>
          Preview
        </button>
        <button type="button" className="btn btn-primary" disabled={!file || busy || !preview || preview.invalid.length > 0} onClick={() => void run(false)}>
          Import
        </button>
      </div>
      <ErrorLine text={error} />
      {preview && (
        <div role="status" data-testid="import-preview">
          <p>Preview: {summary(preview)} Nothing has been written yet.</p>
          {preview.invalid.length > 0 && (
            <ul className="form-issues">
              {preview.invalid.slice(0, 20).map((p) => (
                <li key={`${p.line}-${p.column}`}>
                  Line {p.line}, column {p.column}: {p.message}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      {done && (
        <p className="form-success" role="status" data-testid="import-done">
          Imported: {summary(done)}
        </p>
      )}
    </section>
  )
}
