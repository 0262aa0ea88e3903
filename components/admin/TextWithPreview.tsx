import { useEffect, useId, useRef, useState } from 'react'
import type { Comparison } from '../../lib/comparison.ts'
import type { MdTree } from '../../lib/markdown-tree.ts'
import type { BodySection } from '../../lib/schemas.ts'
import { apiCall } from '../api-client.ts'
import { RenderBlock } from '../blocks/index.tsx'
import { MarkdownTree } from '../MarkdownTree.tsx'
import { CompareInsert, insertDirective } from './CompareInsert.tsx'

type Preview = { tree: MdTree; comparisons: Comparison[]; problems: string[]; country: string | null }

/** The formatting a section's text takes (the info pages' Markdown subset), said once by every text field. */
export const FORMAT_HINT = 'A blank line starts a paragraph · **bold** · _italics_ · [link text](https://…) · “- ” starts a list item'

/**
 * A section's or subsection's text, with the formatting hint under it and, on request, a preview of
 * what the page will show: the server renders it (POST /api/posts/preview-text), as the page does, so
 * no Markdown parser ships to the browser (decision 008).
 */
export function TextWithPreview({ label, value, onChange, hyperlinks = [], rows = 5 }: { label: string; value: string; onChange: (v: string) => void; hyperlinks?: BodySection['hyperlinks']; rows?: number }) {
  const [open, setOpen] = useState(false)
  const [inserting, setInserting] = useState(false)
  const [preview, setPreview] = useState<Preview | null>(null)
  const area = useRef<HTMLTextAreaElement>(null)
  const [failed, setFailed] = useState(false)
  const hintId = useId()
  const previewId = useId()
  const links = JSON.stringify(hyperlinks)

  useEffect(() => {
    if (!open) return
    let current = true
    // typing settles before the server is asked
    const t = setTimeout(() => {
      apiCall<Preview>('/api/posts/preview-text', { method: 'POST', body: JSON.stringify({ content: value, hyperlinks: JSON.parse(links) }) })
        .then((r) => {
          if (!current) return
          setPreview(r)
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
        <textarea ref={area} rows={rows} value={value} aria-describedby={hintId} onChange={(e) => onChange(e.target.value)} />
      </label>
      <div className="text-tools">
        <p id={hintId} className="field-hint">
          {FORMAT_HINT}
        </p>
        <button type="button" className="btn btn-small" aria-expanded={inserting} onClick={() => setInserting((v) => !v)}>
          Insert comparison table
        </button>
        <button type="button" className="btn btn-small" aria-expanded={open} aria-controls={previewId} onClick={() => setOpen((v) => !v)}>
          {open ? 'Hide preview' : 'Preview'}
        </button>
      </div>
      {inserting && (
        <CompareInsert
          onClose={() => setInserting(false)}
          onInsert={(directive) => {
            const at = area.current?.selectionStart ?? value.length
            const next = insertDirective(value, at, directive)
            onChange(next.text)
            setInserting(false)
            // the preview shows the new table at once
            setOpen(true)
            requestAnimationFrame(() => {
              area.current?.focus()
              area.current?.setSelectionRange(next.cursor, next.cursor)
            })
          }}
        />
      )}
      {open && (
        <div id={previewId} className="text-preview card" aria-live="polite" aria-label={`Preview of ${label}`}>
          {failed ? (
            <p className="form-error">The preview could not be made; your text is still here.</p>
          ) : preview === null ? (
            <p className="muted small">Rendering…</p>
          ) : (
            <>
              {preview.problems.map((p) => (
                <p key={p} className="form-error">
                  {p}
                </p>
              ))}
              {preview.comparisons.length > 0 && <p className="muted small">Comparison tables show the offers a visitor {preview.country ? `in ${preview.country}` : 'whose country is unknown'} sees.</p>}
              {preview.tree.length ? <MarkdownTree tree={preview.tree} compare={(i) => (preview.comparisons[i] ? <RenderBlock block={{ kind: 'compare', table: preview.comparisons[i]!, index: i }} /> : null)} /> : <p className="muted small">Nothing to show yet.</p>}
            </>
          )}
        </div>
      )}
    </div>
  )
}
