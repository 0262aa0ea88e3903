import { useState } from 'react'
import type { BodySection } from '../../lib/schemas.ts'
import { parseKeywords } from './post-draft.ts'

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
      <label>
        Content
        <textarea rows={4} value={section.content} onChange={(e) => set({ content: e.target.value })} />
      </label>
      <KeywordsInput value={section.keywords} onChange={(keywords) => set({ keywords })} />
      <div className="rows">
        <strong className="small">Hyperlinks</strong>
        {section.hyperlinks.map((h, i) => (
          <div key={i} className="row">
            <input aria-label="Link text" placeholder="Link text" value={h.text} onChange={(e) => set({ hyperlinks: section.hyperlinks.map((x, k) => (k === i ? { ...x, text: e.target.value } : x)) })} />
            <input aria-label="Link URL" placeholder="https://… or /article/id" value={h.url} onChange={(e) => set({ hyperlinks: section.hyperlinks.map((x, k) => (k === i ? { ...x, url: e.target.value } : x)) })} />
            <button type="button" className="btn" onClick={() => set({ hyperlinks: section.hyperlinks.filter((_, k) => k !== i) })}>
              Remove
            </button>
          </div>
        ))}
        <button type="button" className="btn" onClick={() => set({ hyperlinks: [...section.hyperlinks, { text: '', url: '' }] })}>
          + Add hyperlink
        </button>
      </div>
      <div className="rows">
        <strong className="small">Subsections</strong>
        {section.subsections.map((s, i) => (
          <div key={i} className="row">
            <input aria-label="Subheading" placeholder="Subheading" value={s.subheading} onChange={(e) => set({ subsections: section.subsections.map((x, k) => (k === i ? { ...x, subheading: e.target.value } : x)) })} />
            <textarea aria-label="Subsection content" rows={2} value={s.content} onChange={(e) => set({ subsections: section.subsections.map((x, k) => (k === i ? { ...x, content: e.target.value } : x)) })} />
            <button type="button" className="btn" onClick={() => set({ subsections: section.subsections.filter((_, k) => k !== i) })}>
              Remove
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
