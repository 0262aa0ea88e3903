import { useCallback, useEffect, useState } from 'react'
import { adminTime } from '../../lib/format.ts'
import { EVENT_LABELS, type FieldChange, type RevisionKind, type RevisionSummary } from '../../lib/revisions.ts'
import { ApiError } from '../api-client.ts'
import { revisionsApi } from './revisions-api.ts'
import { ErrorLine } from '../Messages.tsx'

const when = (iso: string) => adminTime(iso, { seconds: true })
/** "28 Nov 2026, 11:23:05 · erin.editor · Published": seconds, so two saves in one minute differ; the event, not "Saved" for all. */
export const revisionLabel = (r: RevisionSummary) => `${when(r.at)} · ${r.actor} · ${EVENT_LABELS[r.event] ?? 'Saved'}${r.action === 'publish' ? ' (on schedule)' : ''}`
const label = revisionLabel
/** An autosave typed on the item's current version, waiting for the editor to save it: not what readers see. */
const waiting = (r: RevisionSummary) => r.action === 'autosave' && Boolean(r.baseVersion)
const messageOf = (err: unknown, fallback: string) => (err instanceof ApiError ? err.message : fallback)

function RevisionSelect({ label: text, list, value, onChange }: { label: string; list: RevisionSummary[]; value: string; onChange: (id: string) => void }) {
  return (
    <label>
      {text}
      <select value={value} onChange={(e) => onChange(e.target.value)}>
        {list.map((r) => (
          <option key={r._id} value={r._id}>
            {label(r)}
          </option>
        ))}
      </select>
    </label>
  )
}

/**
 * An item's revisions (issue 13): who saved it and when, what changed between any two (each field by the
 * label the form gives it, with the changed words marked, issue 25), and a restore that saves the chosen
 * one as a new revision. Loaded when opened.
 */
export function RevisionsPanel<T>({ kind, id, onRestored, reloadKey }: { kind: RevisionKind; id: string; onRestored: (item: T) => void; /** a save happened: an open list reloads */ reloadKey?: string }) {
  const [open, setOpen] = useState(false)
  const [list, setList] = useState<RevisionSummary[] | null>(null)
  const [keep, setKeep] = useState(0)
  const [error, setError] = useState<string | null>(null)
  const [from, setFrom] = useState('')
  const [to, setTo] = useState('')
  const [changes, setChanges] = useState<FieldChange[] | null>(null)
  const [busy, setBusy] = useState(false)
  // the item as saved: the newest revision that is not an autosave waiting to be saved
  const current = list ? Math.max(0, list.findIndex((r) => !waiting(r))) : 0

  const load = useCallback(async () => {
    setError(null)
    try {
      const res = await revisionsApi.list(kind, id)
      setList(res.revisions)
      setKeep(res.keep)
      setTo(res.revisions[0]?._id ?? '')
      setFrom(res.revisions[1]?._id ?? res.revisions[0]?._id ?? '')
      setChanges(null)
    } catch (err) {
      setError(messageOf(err, 'Failed to load revisions'))
    }
  }, [kind, id])

  useEffect(() => {
    if (open) void load()
  }, [open, load, reloadKey])

  async function compare() {
    setBusy(true)
    setError(null)
    try {
      setChanges((await revisionsApi.diff(kind, id, from, to)).changes)
    } catch (err) {
      setError(messageOf(err, 'Failed to compare revisions'))
    } finally {
      setBusy(false)
    }
  }

  async function restore(r: RevisionSummary) {
    if (!window.confirm(`Restore the version of ${when(r.at)}? It replaces the current fields (the status stays); the current version stays in the history.`)) return
    setBusy(true)
    setError(null)
    try {
      onRestored(await revisionsApi.restore<T>(kind, id, r._id))
      await load()
    } catch (err) {
      setError(messageOf(err, 'Failed to restore the revision'))
    } finally {
      setBusy(false)
    }
  }

  return (
    <details className="revisions card" data-testid="revisions" onToggle={(e) => setOpen((e.target as HTMLDetailsElement).open)}>
      <summary>
        <span className="disclosure-marker" aria-hidden="true" />
        Revisions <span className="muted small">— earlier versions: compare and restore</span>
      </summary>
      <ErrorLine text={error} />
      {!list ? (
        !error && <p className="muted">Loading revisions…</p>
      ) : list.length === 0 ? (
        <p className="muted">No revisions yet: every save keeps one.</p>
      ) : (
        <>
          <p className="muted small">The last {keep} saves are kept. A restore is itself a new revision.</p>
          <ol className="revision-list">
            {list.map((r, i) => (
              <li key={r._id} data-testid="revision-row">
                <span>
                  {label(r)}
                  {i === current && <strong> (current)</strong>}
                  {waiting(r) && i < current && <strong> (not live: Update publishes it)</strong>}
                  <span className="muted small"> — {r.title}</span>
                  {r.summary && (
                    <span className="revision-summary small" data-testid="revision-summary">
                      {r.summary === 'First version' || r.summary === 'No field changed' ? r.summary : `Changed: ${r.summary}`}
                    </span>
                  )}
                </span>
                {i !== current && (
                  <button type="button" className="btn" disabled={busy} onClick={() => void restore(r)} aria-label={`Restore the version of ${when(r.at)}`}>
                    Restore
                  </button>
                )}
              </li>
            ))}
          </ol>
          {list.length > 1 && (
            <div className="revision-compare">
              <RevisionSelect label="Compare from" list={list} value={from} onChange={setFrom} />
              <RevisionSelect label="to" list={list} value={to} onChange={setTo} />
              <button type="button" className="btn" disabled={busy || !from || !to} onClick={() => void compare()}>
                Show changes
              </button>
            </div>
          )}
          {changes &&
            (changes.length === 0 ? (
              <p className="muted" role="status">
                No differences.
              </p>
            ) : (
              <div className="revision-diff" data-testid="revision-diff">
                <p className="muted small">
                  {changes.length === 1 ? 'One field changed' : `${changes.length} fields changed`}: <del>removed words</del> and <ins>added words</ins> are marked.
                </p>
                <dl>
                  {changes.map((c) => (
                    <div key={c.field} className="revision-change" data-testid="revision-change">
                      <dt>{c.label}</dt>
                      <dd>
                        {c.parts.length === 0 ? (
                          <span className="muted">(empty)</span>
                        ) : (
                          c.parts.map((p, i) => (p.op === 'ins' ? <ins key={i}>{p.text}</ins> : p.op === 'del' ? <del key={i}>{p.text}</del> : <span key={i}>{p.text}</span>))
                        )}
                      </dd>
                    </div>
                  ))}
                </dl>
              </div>
            ))}
        </>
      )}
    </details>
  )
}
