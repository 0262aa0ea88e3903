import { type FormEvent, useCallback, useEffect, useState } from 'react'
import type { AuditChange, AuditEntryJson } from '../../lib/audit.ts'
import { adminTime } from '../../lib/format.ts'
import { ApiError } from '../api-client.ts'
import { type AuditFilters, type AuditPage, auditApi } from './audit-api.ts'
import { ErrorLine } from '../Messages.tsx'

const failure = (err: unknown, fallback: string) => (err instanceof ApiError && err.explained ? err.message : fallback)
const show = (v: AuditChange['from']) => (v === null || v === '' ? '(empty)' : String(v))
/** `field: before → after` when the log kept the values, else just the field's name. */
const change = (c: AuditChange) => ('from' in c || 'to' in c ? `${c.field}: ${'from' in c ? `${show(c.from)} → ` : ''}${'to' in c ? show(c.to) : '(removed)'}` : c.field)

function EntryRow({ e }: { e: AuditEntryJson }) {
  return (
    <tr data-testid={`audit-${e._id}`}>
      <td>
        <time dateTime={e.at}>{adminTime(e.at, { seconds: true })}</time>
      </td>
      <td>
        {e.actor}
        {e.ip && <span className="muted small"> · {e.ip}</span>}
      </td>
      <td>{e.action}</td>
      <td className="break">{e.target}</td>
      {/* stored text is shown as text, never as HTML */}
      <td className="break small">{[e.changes.map(change).join(', '), e.note].filter(Boolean).join(' · ') || <span className="muted">—</span>}</td>
    </tr>
  )
}

const FIELDS: { key: keyof AuditFilters; label: string; type: 'text' | 'date'; placeholder?: string }[] = [
  { key: 'actor', label: 'Actor', type: 'text', placeholder: 'alice or cli:deploy' },
  { key: 'target', label: 'Target', type: 'text', placeholder: 'post:bankroll-basics' },
  { key: 'action', label: 'Action', type: 'text', placeholder: 'brand or brand.update' },
  { key: 'from', label: 'From', type: 'date' },
  { key: 'to', label: 'To', type: 'date' },
]

/**
 * The Audit log screen (admins only): every write, newest first, who made it, from where and what
 * changed; filters by actor, target, action and dates, and Load more.
 */
export function AuditPanel() {
  const [draft, setDraft] = useState<AuditFilters>({})
  const [filters, setFilters] = useState<AuditFilters>({})
  const [page, setPage] = useState<AuditPage | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [loadingMore, setLoadingMore] = useState(false)

  const load = useCallback(async (f: AuditFilters) => {
    setPage(null)
    setError(null)
    try {
      setPage(await auditApi.list(f))
    } catch (err) {
      setError(failure(err, 'Failed to load the audit log'))
    }
  }, [])
  useEffect(() => {
    void load(filters)
  }, [load, filters])

  async function more() {
    if (!page?.nextCursor) return
    setLoadingMore(true)
    try {
      const next = await auditApi.list(filters, page.nextCursor)
      setPage({ entries: [...page.entries, ...next.entries], nextCursor: next.nextCursor })
    } catch (err) {
      setError(failure(err, 'Failed to load more entries'))
    } finally {
      setLoadingMore(false)
    }
  }

  function apply(e: FormEvent) {
    e.preventDefault()
    setFilters({ ...draft })
  }
  const filtered = Object.values(filters).some((v) => v?.trim())

  return (
    <section className="audit-panel admin-panel" aria-label="Audit log">
      <h2>Audit log</h2>
      <p className="muted small">Every write to posts, brand pages, media, users, settings and info pages, and every import of revenue (programmes’ conversions, exchange rates: the file, rows read and written, totals per currency), from the admin and the CLI. Entries are never edited or deleted; passwords and secrets are never recorded.</p>
      <form className="audit-filters" onSubmit={apply} aria-label="Filter the audit log">
        {FIELDS.map((f) => (
          <label key={f.key}>
            {f.label}
            <input type={f.type} value={draft[f.key] ?? ''} placeholder={f.placeholder} onChange={(e) => setDraft({ ...draft, [f.key]: e.target.value })} />
          </label>
        ))}
        <button type="submit" className="btn">
          Filter
        </button>
        {filtered && (
          <button
            type="button"
            className="btn btn-outline"
            onClick={() => {
              setDraft({})
              setFilters({})
            }}
          >
            Clear filters
          </button>
        )}
      </form>
      <ErrorLine text={error} />
      {!page ? (
        !error && <p className="empty">Loading...</p>
      ) : page.entries.length === 0 ? (
        <p className="empty">{filtered ? 'No entries match these filters.' : 'No writes recorded yet.'}</p>
      ) : (
        // a box that scrolls sideways on a phone, with nothing focusable in it: focusable itself, so a keyboard can scroll it
        <div className="table-scroll" tabIndex={0} role="region" aria-label="Audit log entries">
          <table className="audit-table">
            <thead>
              <tr>
                <th scope="col">Time</th>
                <th scope="col">Actor</th>
                <th scope="col">Action</th>
                <th scope="col">Target</th>
                <th scope="col">Changes</th>
              </tr>
            </thead>
            <tbody>
              {page.entries.map((e) => (
                <EntryRow key={e._id} e={e} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {page?.nextCursor && (
        <button type="button" className="btn btn-outline" onClick={() => void more()} disabled={loadingMore} aria-busy={loadingMore}>
          {loadingMore ? 'Loading...' : 'Load more'}
        </button>
      )}
    </section>
  )
}
