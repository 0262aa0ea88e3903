import { useEffect, useId, useState } from 'react'
import type { MdTree } from '../../lib/markdown-tree.ts'
import type { BodySection } from '../../lib/schemas.ts'
import { apiCall } from '../api-client.ts'
import { MarkdownTree } from '../MarkdownTree.tsx'

/** The formatting a section's text takes (the info pages' Markdown subset), said once by every text field. */
export const FORMAT_HINT = 'A blank line starts a paragraph · **bold** · _italics_ · [link text](https://…) · “- ” starts a list item'

/**
 * A section's or subsection's text, with the formatting hint under it and, on request, a preview of
 * what the page will show: the server renders it (POST /api/posts/preview-text), as the page does, so
 * no Markdown parser ships to the browser (decision 008).
 */
export function TextWithPreview({ label, value, onChange, hyperlinks = [], rows = 5 }: { label: string; value: string; onChange: (v: string) => void; hyperlinks?: BodySection['hyperlinks']; rows?: number }) {
  const [open, setOpen] = useState(false)
  const [tree, setTree] = useState<MdTree | null>(null)
  const [failed, setFailed] = useState(false)
  const hintId = useId()
  const previewId = useId()
  const links = JSON.stringify(hyperlinks)

  useEffect(() => {
    if (!open) return
    let current = true
    // typing settles before the server is asked
    const t = setTimeout(() => {
      apiCall<{ tree: MdTree }>('/api/posts/preview-text', { method: 'POST', body: JSON.stringify({ content: value, hyperlinks: JSON.parse(links) }) })
        .then((r) => {
          if (!current) return
          setTree(r.tree)
          setFailed(false)
        })
        .catch(() => current && setFailed(true))
    }, 300)
    return () => {
      current = false
      clearTimeout(t)
    }
  }, [open, value, links])

  return (
    <div className="text-with-preview">
      <label>
        {label}
        <textarea rows={rows} value={value} aria-describedby={hintId} onChange={(e) => onChange(e.target.value)} />
      </label>
      <div className="text-tools">
        <p id={hintId} className="field-hint">
          {FORMAT_HINT}
        </p>
        <button type="button" className="btn btn-small" aria-expanded={open} aria-controls={previewId} onClick={() => setOpen((v) => !v)}>
          {open ? 'Hide preview' : 'Preview'}
        </button>
      </div>
      {open && (
        <div id={previewId} className="text-preview card" aria-live="polite" aria-label={`Preview of ${label}`}>
          {failed ? <p className="form-error">The preview could not be made; your text is still here.</p> : tree === null ? <p className="muted small">Rendering…</p> : tree.length ? <MarkdownTree tree={tree} /> : <p className="muted small">Nothing to show yet.</p>}
        </div>
      )}
    </div>
  )
}
