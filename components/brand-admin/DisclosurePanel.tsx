import { useEffect, useRef, useState } from 'react'
import { DISCLOSURE_MAX } from '../../lib/schemas.ts'
import { changedByOthers, useVersionedSave } from '../admin/ConflictNotice.tsx'
import { editorForm } from '../admin/form-keys.ts'
import { disclosureApi } from './api.ts'

/** The affiliate disclosure line shown near every list of offers and on every brand page (compliance). */
export function DisclosurePanel() {
  const [text, setText] = useState<string | null>(null)
  const [linkUrl, setLinkUrl] = useState('')
  const [status, setStatus] = useState<{ ok: boolean; message: string } | null>(null)
  /** the saved line and its version, as loaded (a save is based on it) */
  const [loaded, setLoaded] = useState<{ text: string; updatedAt: string | null }>({ text: '', updatedAt: null })
  const formRef = useRef<HTMLFormElement>(null)
  const { save, busy, notice } = useVersionedSave({
    version: loaded.updatedAt,
    persist: (version) => disclosureApi.save(text ?? '', version),
    started: () => setStatus(null),
    saved: (saved) => {
      setText(saved.text)
      setLoaded(saved)
      setStatus({ ok: true, message: 'Saved: pages show the new line now.' })
    },
    failed: (err) => setStatus({ ok: false, message: `Failed to save the disclosure: ${(err as Error).message}` }),
    load: disclosureApi.get,
    changes: (theirs) => changedByOthers({ text: loaded.text }, { text: theirs.text }, { text }, { text: 'Affiliate disclosure line' }),
    reload: (theirs) => {
      setText(theirs.text)
      setLoaded(theirs)
    },
    versionOf: (theirs) => theirs.updatedAt,
  })

  useEffect(() => {
    disclosureApi
      .get()
      .then((d) => {
        setText(d.text)
        setLoaded(d)
        setLinkUrl(d.linkUrl)
      })
      .catch(() => setStatus({ ok: false, message: 'Failed to load the disclosure' }))
  }, [])

  return (
    <form className="card post-form disclosure-panel" {...editorForm(formRef, save)} aria-labelledby="disclosure-heading">
      <h2 id="disclosure-heading">Disclosure</h2>
      {notice()}
      <label>
        Affiliate disclosure line
        <textarea rows={2} required maxLength={DISCLOSURE_MAX} value={text ?? ''} disabled={text === null} onChange={(e) => setText(e.target.value)} />
      </label>
      <p className="muted small">
        Plain text, one line, shown near every list of offers and on every brand page, followed by a link to <code>{linkUrl || '/info/affiliate-disclosure'}</code>.
      </p>
      {status && (
        <p className={status.ok ? 'muted' : 'form-error'} role={status.ok ? 'status' : 'alert'}>
          {status.message}
        </p>
      )}
      <div className="actions">
        <button type="submit" className="btn btn-primary" disabled={busy || text === null}>
          Save disclosure
        </button>
      </div>
    </form>
  )
}
