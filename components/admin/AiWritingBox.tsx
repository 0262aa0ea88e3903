import { useState } from 'react'
import { AI_SECTION_CHOICES } from '../../lib/ai-writing.ts'
import type { BodySection, PostContent, ReadablePostType } from '../../lib/schemas.ts'
import { ApiError, adminApi } from './api.ts'
import type { PostDraft } from './post-draft.ts'
import { Options } from './Options.tsx'

/**
 * AI writing (spec §9): the chosen number of sections written from the title, into the summary and body
 * (not saved until the editor saves). The server's `ai_invalid_content` message is shown as it is.
 */
export function AiWritingBox({ type, draft, onContent, configured = null }: {
  type: ReadablePostType
  draft: PostDraft
  onContent: (c: { summary: PostContent['summary']; body: BodySection[]; imageAlt?: string }) => void
  /** whether the server has AI writing configured (null: not known yet, so the button is offered) */
  configured?: boolean | null
}) {
  const [sections, setSections] = useState<number>(5) // spec §9: default 5
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<{ text: string; detail?: string } | null>(null)
  const hasTitle = Boolean(draft.title.trim())
  const off = configured === false

  async function generate() {
    if (!hasTitle) {
      setError({ text: 'Enter a title first' })
      return
    }
    setBusy(true)
    setError(null)
    try {
      const res = await adminApi.generate(type, { title: draft.title, imageUrl: draft.image.startsWith('data:') ? '' : draft.image, position: draft.position, sections })
      if (res.success && res.content) onContent(res.content)
      else setError({ text: 'AI did not return valid content' })
    } catch (err) {
      if (err instanceof ApiError && err.code === 'ai_invalid_content') setError({ text: err.message })
      else setError({ text: 'AI error', detail: err instanceof Error ? err.message : undefined })
    } finally {
      setBusy(false)
    }
  }

  return (
    <fieldset className="ai-box">
      <legend>AI writing</legend>
      <label>
        Sections
        <select value={sections} onChange={(e) => setSections(Number(e.target.value))}>
          <Options values={AI_SECTION_CHOICES} />
        </select>
      </label>
      <button type="button" className="btn btn-outline" disabled={off || !hasTitle || busy} aria-describedby={off ? 'ai-off' : undefined} onClick={() => void generate()}>
        {busy ? 'Generating…' : 'AI Generate'}
      </button>
      {off ? (
        <span id="ai-off" className="muted small">
          AI writing is off — an admin can turn it on.
        </span>
      ) : (
        !hasTitle && <span className="muted small">Enter a title first</span>
      )}
      {error && (
        <p className="form-error" role="alert">
          {error.text}
          {error.detail && <span className="small"> — {error.detail}</span>}
        </p>
      )}
    </fieldset>
  )
}
