import { useState } from 'react'
import { type ConversionsImportReport, conversionsSummary, IMPORT_FIELDS, type ImportProblem, problemLine } from '../../lib/revenue-imports.ts'
import { useSession } from '../account/session.ts'
import { ApiError } from '../api-client.ts'
import { earningsApi } from './earnings-api.ts'
import { ErrorLine } from '../Messages.tsx'
import { canImportRates } from './Unconverted.tsx'

/** "Line 4, Payout: …" */
const rowLine = (p: ImportProblem) => {
  const text = problemLine(p)
  return text.charAt(0).toUpperCase() + text.slice(1)
}

/** The rows to fix, as a list (the first 20). */
function Problems({ invalid }: { invalid: ImportProblem[] }) {
  if (!invalid.length) return null
  return (
    <ul className="form-issues">
      {invalid.slice(0, 20).map((p) => (
        <li key={`${p.line}-${p.column}`}>{rowLine(p)}</li>
      ))}
      {invalid.length > 20 && <li>… and {invalid.length - 20} more</li>}
    </ul>
  )
}

/**
 * A programme's CSV report (issue 21): choose the file and map its columns, see a preview of what would
 * be matched, duplicate, unmatched and invalid (a dry run: nothing written), then record it. A file with
 * any bad row is refused whole, naming each row's line and field. Shown only to managers and admins:
 * bringing revenue in is their right, as importing rates is (the import route's rule).
 */
export function ConversionsImport({ brands }: { brands: { _id: string; brandName: string }[] }) {
  const { user } = useSession()
  const [file, setFile] = useState<File | null>(null)
  const [map, setMap] = useState('')
  const [brand, setBrand] = useState('')
  const [preview, setPreview] = useState<ConversionsImportReport | null>(null)
  const [done, setDone] = useState<ConversionsImportReport | null>(null)
  const [error, setError] = useState<{ text: string; invalid: ImportProblem[] } | null>(null)
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
      // a refused file (422) carries the rows to fix
      const invalid = err instanceof ApiError && Array.isArray(err.body?.invalid) ? (err.body.invalid as ImportProblem[]) : []
      setError({ text: err instanceof ApiError ? (invalid.length ? `Nothing was imported: ${invalid.length} row${invalid.length === 1 ? '' : 's'} need${invalid.length === 1 ? 's' : ''} fixing.` : err.message) : 'The import failed: try again', invalid })
    } finally {
      setBusy(false)
    }
  }

  if (!canImportRates(user?.role)) return null
  return (
    <section className="card conversions-import" aria-labelledby="conversions-import-heading">
      <h2 id="conversions-import-heading">Import a programme’s conversions (CSV)</h2>
      <p className="muted small">
        For programmes that send no postback (MyAffiliates, Income Access, NetRefer, Cellxpert): download their report and import it here. A conversion that
        also came by postback is never counted twice. A column named like a field ({IMPORT_FIELDS.join(', ')}) is read as that field; name the others in the
        column map, such as goal=event. Goals by name or code: FTD (or CPA), Registration (or CPL), Deposit, Revenue share (or rev share).
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
              setError(null)
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
      <ErrorLine text={error?.text} />
      {error && <Problems invalid={error.invalid} />}
      {preview && (
        <div role="status" data-testid="import-preview">
          <p>
            Preview: {conversionsSummary(preview)} {preview.message}
          </p>
          <Problems invalid={preview.invalid} />
        </div>
      )}
      {done && (
        <p className="form-success" role="status" data-testid="import-done">
          {done.message} {conversionsSummary(done)}
        </p>
      )}
    </section>
  )
}
