import { useState } from 'react'
import { markdownPlain } from '../../lib/markdown-plain.ts'
import type { BodySection } from '../../lib/schemas.ts'
import { parseKeywords } from './post-draft.ts'
import { TextWithPreview } from './TextWithPreview.tsx'

export const emptySection = (): BodySection => ({ headline: '', content: '', keywords: [], hyperlinks: [], subsections: [] })

function KeywordsInput({ value, onChange }: { value: string[]; onChange: (v: string[]) => void }) {
  const [text, setText] = useState(value.join(', '))
  // the list changed from outside (a reorder, AI output): show it, dropping the half-typed text
  if (parseKeywords(text).join('\n') !== value.join('\n')) setText(value.join(', '))
  return (
    <label>
      Keywords (comma-separated)
      <input
        value={text}
        onChange={(e) => {
          setText(e.target.value)
          onChange(parseKeywords(e.target.value))
        }}
      />
    </label>
  )
}

export function move<T>(list: T[], from: number, to: number): T[] {
  if (to < 0 || to >= list.length) return list
  const next = [...list]
  const [item] = next.splice(from, 1)
  next.splice(to, 0, item)
  return next
}

/**
 * Whether a hyperlink's text occurs in the section's words (case-insensitive), as the page links it
 * (server/content/article-body.ts): a link whose text is missing would not show, so the form says so before saving.
 */
export const linkTextFound = (content: string, text: string) => !text.trim() || markdownPlain(content).toLowerCase().includes(text.trim().toLowerCase())

export function SectionEditor({ section, index, count, onChange, onMove, onRemove }: {
  section: BodySection
  index: number
  count: number
  onChange: (s: BodySection) => void
  onMove: (to: number) => void
  onRemove: () => void
}) {
  const set = (patch: Partial<BodySection>) => onChange({ ...section, ...patch })
  return (
    <fieldset className="section-editor" data-testid="section-editor">
      <legend>Section {index + 1}</legend>
      <label>
        Headline
        <input value={section.headline} onChange={(e) => set({ headline: e.target.value })} />
      </label>
      <TextWithPreview label="Content" value={section.content} hyperlinks={section.hyperlinks} onChange={(content) => set({ content })} />
      <KeywordsInput value={section.keywords} onChange={(keywords) => set({ keywords })} />
      <div className="rows">
        <strong className="small">Hyperlinks</strong>
        <p className="field-hint">Each link’s text becomes a link where it appears in this section’s content (once).</p>
        {section.hyperlinks.map((h, i) => {
          const found = linkTextFound(section.content, h.text)
          return (
            <div key={i} className="row stack-on-phone" data-testid="hyperlink-row">
              <input aria-label="Link text" placeholder="Link text" value={h.text} aria-invalid={found ? undefined : true} onChange={(e) => set({ hyperlinks: section.hyperlinks.map((x, k) => (k === i ? { ...x, text: e.target.value } : x)) })} />
              <input aria-label="Link URL" placeholder="https://… or /article/id" value={h.url} onChange={(e) => set({ hyperlinks: section.hyperlinks.map((x, k) => (k === i ? { ...x, url: e.target.value } : x)) })} />
              <button type="button" className="btn" onClick={() => set({ hyperlinks: section.hyperlinks.filter((_, k) => k !== i) })}>
                Remove
              </button>
              {!found && (
                <p className="form-warning" role="status">
                  “{h.text.trim()}” does not occur in this section’s content, so this link will not show. Use words from the content, or add them to it.
                </p>
              )}
            </div>
          )
        })}
        <button type="button" className="btn" onClick={() => set({ hyperlinks: [...section.hyperlinks, { text: '', url: '' }] })}>
          + Add hyperlink
        </button>
      </div>
      <div className="rows">
        <strong className="small">Subsections</strong>
        {section.subsections.map((s, i) => (
          <div key={i} className="subsection-row" data-testid="subsection-row">
            <label>
              Subheading
              <input value={s.subheading} onChange={(e) => set({ subsections: section.subsections.map((x, k) => (k === i ? { ...x, subheading: e.target.value } : x)) })} />
            </label>
            <TextWithPreview label="Subsection content" rows={3} value={s.content} onChange={(content) => set({ subsections: section.subsections.map((x, k) => (k === i ? { ...x, content } : x)) })} />
            <button type="button" className="btn" aria-label={`Remove subsection ${i + 1}`} onClick={() => set({ subsections: section.subsections.filter((_, k) => k !== i) })}>
              Remove subsection
            </button>
          </div>
        ))}
        <button type="button" className="btn" onClick={() => set({ subsections: [...section.subsections, { subheading: '', content: '' }] })}>
          + Add subsection
        </button>
      </div>
      <div className="actions">
        <button type="button" className="btn" disabled={index === 0} onClick={() => onMove(index - 1)}>
          ↑ Up
        </button>
        <button type="button" className="btn" disabled={index === count - 1} onClick={() => onMove(index + 1)}>
          ↓ Down
        </button>
        <button type="button" className="btn" onClick={onRemove}>
          Remove section
        </button>
      </div>
    </fieldset>
  )
}
