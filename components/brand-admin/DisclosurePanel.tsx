import { type FormEvent, useEffect, useState } from 'react'
import { DISCLOSURE_MAX } from '../../lib/schemas.ts'
import { disclosureApi } from './api.ts'

/** The affiliate disclosure line shown near every list of offers and on every brand page (compliance). */
export function DisclosurePanel() {
  const [text, setText] = useState<string | null>(null)
  const [linkUrl, setLinkUrl] = useState('')
  const [busy, setBusy] = useState(false)
  const [status, setStatus] = useState<{ ok: boolean; message: string } | null>(null)

  useEffect(() => {
    disclosureApi
      .get()
      .then((d) => {
        setText(d.text)
        setLinkUrl(d.linkUrl)
      })
      .catch(() => setStatus({ ok: false, message: 'Failed to load the disclosure' }))
  }, [])

  async function save(e: FormEvent) {
    e.preventDefault()
    setBusy(true)
    setStatus(null)
    try {
      setText((await disclosureApi.save(text ?? '')).text)
      setStatus({ ok: true, message: 'Saved: pages show the new line now.' })
    } catch (err) {
      setStatus({ ok: false, message: `Failed to save the disclosure: ${(err as Error).message}` })
    } finally {
      setBusy(false)
    }
  }

  return (
    <form className="card post-form disclosure-panel" onSubmit={save} aria-labelledby="disclosure-heading">
      <h2 id="disclosure-heading">Disclosure</h2>
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
