import { useState } from 'react'
import { PUBLISH_STATUSES, STATUS_LABELS, type PublishStatus } from '../../lib/publishing.ts'
import type { RevisionKind } from '../../lib/revisions.ts'
import { ApiError } from '../api-client.ts'
import { previewLink, publishPlan, type PublishingDraft } from './publishing.ts'
import { ErrorLine } from '../Messages.tsx'
import { Options } from './Options.tsx'

/**
 * Status, schedule and preview for a post or brand form (issue 13), and a plain sentence saying what the
 * main button will do before it is pressed (issue 25). The preview opens the saved version in a new tab
 * through a signed link, so unsaved edits are not in it (the button says so).
 */
export function PublishingFields({ value, onChange, item, isNew, button, wasLive, issue }: {
  value: PublishingDraft
  /** not saved yet */
  isNew: boolean
  onChange: (v: PublishingDraft) => void
  item?: { kind: RevisionKind; id: string }
  /** the main button's label ('Add', 'Update') */
  button: string
  /** whether the saved item is live now */
  wasLive: boolean
  /** the server's word on the publish time, shown at the field */
  issue?: string | null
}) {
  const [error, setError] = useState<string | null>(null)
  const [opening, setOpening] = useState(false)

  async function openPreview() {
    if (!item) return
    setError(null)
    setOpening(true)
    // opened now, inside the click, so no popup blocker stops it; pointed at the page once the link is signed
    const tab = window.open('', '_blank')
    try {
      const { path } = await previewLink(item.kind, item.id)
      if (tab) {
        tab.opener = null
        tab.location.href = path
      } else window.location.assign(path)
    } catch (err) {
      tab?.close()
      setError(err instanceof ApiError ? err.message : 'Could not open the preview')
    } finally {
      setOpening(false)
    }
  }

  return (
    <fieldset className="publishing" data-testid="publishing">
      <legend>Publishing</legend>
      <div className="grid-2">
        <label>
          Status
          <select name="status" value={value.status} onChange={(e) => onChange({ ...value, status: e.target.value as PublishStatus })}>
            <Options values={PUBLISH_STATUSES} label={(s) => STATUS_LABELS[s]} />
          </select>
        </label>
        {value.status === 'scheduled' && (
          <div className="field">
            <label>
              Publish at
              <input name="publishAt" type="datetime-local" required value={value.publishAt} aria-describedby="publish-at-zone" onChange={(e) => onChange({ ...value, publishAt: e.target.value })} />
            </label>
            <span className="field-hint" id="publish-at-zone">
              In your time zone, as every time in the admin (named at the top)
            </span>
            {issue && <span className="field-issue">{issue}</span>}
          </div>
        )}
      </div>
      <p className="publish-plan" data-testid="publish-plan">
        {publishPlan({ button, isNew, wasLive, status: value.status, publishAt: value.publishAt })}
      </p>
      {item && (
        <button type="button" className="btn" onClick={() => void openPreview()} disabled={opening} aria-busy={opening}>
          Preview saved version
        </button>
      )}
      <ErrorLine text={error} />
    </fieldset>
  )
}
