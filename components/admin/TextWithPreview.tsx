import { useEffect, useId, useRef, useState } from 'react'
import type { BrandReach } from '../../lib/compare-reach.ts'
import type { Comparison } from '../../lib/comparison.ts'
import type { MdTree } from '../../lib/markdown-tree.ts'
import { refusedLinkNote, refusedLinks } from '../../lib/refused-links.ts'
import type { BodySection } from '../../lib/schemas.ts'
import { apiCall } from '../api-client.ts'
import { RenderBlock } from '../blocks/index.tsx'
import { MarkdownTree } from '../MarkdownTree.tsx'
import { useAutoGrow } from './auto-grow.ts'
import { CompareInsert, insertDirective } from './CompareInsert.tsx'
import { countryParam, CountryPicker, type PreviewCountry, ReachNotes } from './CompareReach.tsx'

type Preview = { tree: MdTree; comparisons: Comparison[]; reach?: BrandReach[][]; problems: string[]; country: string | null }

/** The formatting a section's text takes (the info pages' Markdown subset), said once by every text field. */
export const FORMAT_HINT = 'A blank line starts a paragraph · **bold** · _italics_ · [link text](https://…) · “- ” starts a list item'

/**
 * A section's or subsection's text, with the formatting hint under it and, on request, a preview of
 * what the page will show: the server renders it (POST /api/posts/preview-text), as the page does, so
 * no Markdown parser ships to the browser (decision 008). The box grows with its text; "Wide writing"
 * gives it the whole window. A link the page will not link is named beside the box as it is typed.
 */
export function TextWithPreview({ label, value, onChange, hyperlinks = [], rows = 5 }: { label: string; value: string; onChange: (v: string) => void; hyperlinks?: BodySection['hyperlinks']; rows?: number }) {
  const [open, setOpen] = useState(false)
  const [wide, setWide] = useState(false)
  const [inserting, setInserting] = useState(false)
  const [preview, setPreview] = useState<Preview | null>(null)
  const [country, setCountry] = useState<PreviewCountry>('')
  const area = useRef<HTMLTextAreaElement>(null)
  const [failed, setFailed] = useState(false)
  const hintId = useId()
  const previewId = useId()
  const refusedId = useId()
  const links = JSON.stringify(hyperlinks)
  const refused = refusedLinks(value)
  useAutoGrow(area, value, [wide])

  useEffect(() => {
    if (!open) return
    let current = true
    // typing settles before the server is asked
    const t = setTimeout(() => {
      apiCall<Preview>('/api/posts/preview-text', { method: 'POST', body: JSON.stringify({ content: value, hyperlinks: JSON.parse(links), ...countryParam(country) }) })
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
  }, [open, value, links, country])

  useEffect(() => {
    if (!wide) return
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setWide(false)
    window.addEventListener('keydown', onKey)
    area.current?.focus()
    return () => window.removeEventListener('keydown', onKey)
  }, [wide])

  return (
    <div className={wide ? 'text-with-preview writing-wide' : 'text-with-preview'} role={wide ? 'dialog' : undefined} aria-label={wide ? `${label}, wide writing` : undefined}>
      <label>
        {label}
        <textarea
          ref={area}
          className="grows"
          rows={rows}
          value={value}
          aria-describedby={refused.length ? `${hintId} ${refusedId}` : hintId}
          aria-invalid={refused.length ? true : undefined}
          onChange={(e) => onChange(e.target.value)}
        />
      </label>
      {refused.length > 0 && (
        <ul id={refusedId} className="form-warning refused-links" role="status" data-testid="refused-links">
          {refused.map((l, i) => (
            <li key={i}>{refusedLinkNote(l)} The page shows its words without a link.</li>
          ))}
        </ul>
      )}
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
        <button type="button" className="btn btn-small" aria-pressed={wide} onClick={() => setWide((v) => !v)}>
          {wide ? 'Done (Esc)' : 'Wide writing'}
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
              {preview.comparisons.length > 0 && (
                <div className="preview-country-row">
                  <p className="muted small">Comparison tables show the offers a visitor {preview.country ? `in ${preview.country}` : 'whose country is unknown'} sees.</p>
                  <CountryPicker value={country} own={country === '' ? preview.country : undefined} onChange={setCountry} />
                </div>
              )}
              {preview.tree.length ? (
                <MarkdownTree
                  tree={preview.tree}
                  compare={(i) =>
                    preview.comparisons[i] ? (
                      <>
                        <ReachNotes reach={preview.reach?.[i] ?? []} />
                        <RenderBlock block={{ kind: 'compare', table: preview.comparisons[i]!, index: i }} />
                      </>
                    ) : null
                  }
                />
              ) : (
                <p className="muted small">Nothing to show yet.</p>
              )}
            </>
          )}
        </div>
      )}
    </div>
  )
}
