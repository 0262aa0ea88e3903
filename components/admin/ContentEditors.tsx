import type { BodySection, PostContent } from '../../lib/schemas.ts'
import { emptySection, move, SectionEditor } from './SectionEditor.tsx'

/** A post's summary points (spec §5): title and text per point. */
export function SummaryEditor({ value, onChange }: { value: PostContent['summary']; onChange: (v: PostContent['summary']) => void }) {
  return (
    <fieldset>
      <legend>Summary points</legend>
      {value.map((p, i) => (
        <div key={i} className="row" data-testid="summary-row">
          <input aria-label="Point title" placeholder="Title" value={p.title} onChange={(e) => onChange(value.map((x, k) => (k === i ? { ...x, title: e.target.value } : x)))} />
          <input aria-label="Point text" placeholder="Text" value={p.text} onChange={(e) => onChange(value.map((x, k) => (k === i ? { ...x, text: e.target.value } : x)))} />
          <button type="button" className="btn" onClick={() => onChange(value.filter((_, k) => k !== i))}>
            Remove
          </button>
        </div>
      ))}
      <button type="button" className="btn" onClick={() => onChange([...value, { title: '', text: '' }])}>
        + Add summary point
      </button>
    </fieldset>
  )
}

/** A post's body sections, in order (spec §5). */
export function BodyEditor({ value, onChange }: { value: BodySection[]; onChange: (v: BodySection[]) => void }) {
  return (
    <fieldset>
      <legend>Body sections</legend>
      {value.map((s, i) => (
        <SectionEditor
          key={i}
          section={s}
          index={i}
          count={value.length}
          onChange={(next) => onChange(value.map((x, k) => (k === i ? next : x)))}
          onMove={(to) => onChange(move(value, i, to))}
          onRemove={() => onChange(value.filter((_, k) => k !== i))}
        />
      ))}
      <button type="button" className="btn" onClick={() => onChange([...value, emptySection()])}>
        + Add section
      </button>
    </fieldset>
  )
}
