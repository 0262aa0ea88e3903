import { useEffect, useRef, useState } from 'react'
import { adminTime } from '../../lib/format.ts'
import { type EditConflict, editConflictOf } from '../api-client.ts'

/** One field that changed in the other editor's save: its label, their value and the one in this form. */
export type ConflictChange = { label: string; theirs: string; mine: string }

/**
 * What a form shows when its save was refused because someone saved a newer version meanwhile
 * (docs/api.md, "Edit conflicts"): who and when, what they changed, and three ways on: review their
 * change, load their version (this form's text stays in this browser, offered back), or save this
 * form over theirs knowingly. Never a silent overwrite.
 */
export function ConflictNotice({ conflict, changes, busy, onReload, onOverwrite }: {
  conflict: EditConflict
  /** the fields their save changed (null while their version loads) */
  changes: ConflictChange[] | null
  busy?: boolean
  onReload: () => void
  onOverwrite: () => void
}) {
  const [reviewing, setReviewing] = useState(false)
  const ref = useRef<HTMLDivElement>(null)
  useEffect(() => {
    ref.current?.focus()
  }, [])
  const who = conflict.updatedBy ?? 'Someone else'
  const when = adminTime(conflict.updatedAt, { seconds: true })
  return (
    <div className="notice conflict-notice" role="alert" tabIndex={-1} ref={ref} data-testid="edit-conflict">
      <p>
        <strong>Not saved: {who} saved a newer version{when ? ` at ${when}` : ''}</strong> after you opened this. Saving now would
        overwrite their change.
      </p>
      {changes && (
        <p className="small">
          {changes.length ? `They changed: ${changes.map((c) => c.label).join(', ')}.` : 'Their save changed nothing you can see in this form.'}
        </p>
      )}
      {reviewing && changes && changes.length > 0 && (
        <dl className="conflict-changes">
          {changes.map((c) => (
            <div key={c.label}>
              <dt>{c.label}</dt>
              <dd>
                <span className="muted small">Theirs: </span>
                {c.theirs || '(empty)'}
              </dd>
              <dd>
                <span className="muted small">Yours: </span>
                {c.mine || '(empty)'}
              </dd>
            </div>
          ))}
        </dl>
      )}
      <div className="actions">
        <button type="button" className="btn" onClick={() => setReviewing((r) => !r)} disabled={!changes} aria-expanded={reviewing}>
          {reviewing ? 'Hide their change' : 'Review their change'}
        </button>
        <button type="button" className="btn" onClick={onReload} disabled={busy}>
          Load their version
        </button>
        <button type="button" className="btn btn-danger" onClick={onOverwrite} disabled={busy}>
          Save mine over theirs
        </button>
      </div>
      <p className="field-hint">Loading their version keeps your text in this browser: the form offers it back.</p>
    </div>
  )
}

const shown = (v: unknown): string => {
  if (v === null || v === undefined) return ''
  if (typeof v === 'string') return v.length > 300 ? `${v.slice(0, 300)}…` : v
  if (typeof v === 'number' || typeof v === 'boolean') return String(v)
  const json = JSON.stringify(v)
  return json.length > 300 ? `${json.slice(0, 300)}…` : json
}

/**
 * The fields another editor's save changed: those where their version differs from the one this form
 * was based on, with their value and this form's. `labels` names the fields and decides which count.
 */
export function changedByOthers(base: Record<string, unknown>, theirs: Record<string, unknown>, mine: Record<string, unknown>, labels: Record<string, string>): ConflictChange[] {
  const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null)
  return Object.entries(labels)
    .filter(([field]) => !same(base[field], theirs[field]))
    .map(([field, label]) => ({ label, theirs: shown(theirs[field]), mine: shown(mine[field]) }))
}

export type ConflictState<T> = { conflict: EditConflict; theirs: T | null; changes: ConflictChange[] | null }

/**
 * A form's edit-conflict state: `caught(err)` takes a failed save; when it was an edit conflict it loads
 * the other editor's version (`load`), works out what they changed (`changes`), answers true, and
 * `notice(busy)` renders the choices; any other failure answers false for the form to show as before.
 * `reload(theirs)` puts their version in the form; `overwrite(version)` saves this form on theirs.
 */
export function useEditConflict<T>(opts: {
  load: () => Promise<T>
  changes: (theirs: T) => ConflictChange[]
  reload: (theirs: T) => void
  overwrite: (version: string) => void
  /** their version's stamp (its `updatedAt`) */
  versionOf: (theirs: T) => string | null | undefined
}) {
  const [state, setState] = useState<ConflictState<T> | null>(null)
  const caught = (err: unknown): boolean => {
    const conflict = editConflictOf(err)
    if (!conflict) return false
    setState({ conflict, theirs: null, changes: null })
    opts.load().then(
      (theirs) => setState((s) => s && { ...s, theirs, changes: opts.changes(theirs) }),
      () => setState((s) => s && { ...s, changes: [] }),
    )
    return true
  }
  const notice = (busy: boolean) =>
    state && (
      <ConflictNotice
        conflict={state.conflict}
        changes={state.changes}
        busy={busy}
        onReload={() => {
          if (!state.theirs) return
          opts.reload(state.theirs)
          setState(null)
        }}
        onOverwrite={() => opts.overwrite((state.theirs && opts.versionOf(state.theirs)) || state.conflict.updatedAt)}
      />
    )
  return { conflict: state, caught, clear: () => setState(null), notice }
}

/**
 * A versioned form's save, once: `persist(version)` sends the form based on `version` (the form's own unless
 * "Save mine over theirs" passes theirs); `busy` while it runs; on success `saved(result)`; a refused stale
 * save becomes the conflict notice (`notice(busy)`), any other failure goes to `failed(err)` for the form to
 * show at its fields. A new record cannot conflict, so its failures always go to `failed`.
 */
export function useVersionedSave<T, R, V extends string | null | undefined>(opts: {
  isNew?: boolean
  version: V
  persist: (version: V | string) => Promise<R>
  saved: (result: R) => void
  failed: (err: unknown) => void
  /** called as a save starts (a form clears its last message) */
  started?: () => void
  load: () => Promise<T>
  changes: (theirs: T) => ConflictChange[]
  reload: (theirs: T) => void
  versionOf: (theirs: T) => string | null | undefined
}) {
  const [busy, setBusy] = useState(false)
  const conflict = useEditConflict({ ...opts, overwrite: (version) => void save(version) })
  async function save(version: V | string = opts.version) {
    setBusy(true)
    opts.started?.()
    try {
      const result = await opts.persist(version)
      conflict.clear()
      opts.saved(result)
    } catch (err) {
      if (opts.isNew || !conflict.caught(err)) opts.failed(err)
    } finally {
      setBusy(false)
    }
  }
  return { save, busy, notice: () => conflict.notice(busy) }
}
