import { sectionTypes, type Section } from '../../lib/schemas.ts'
import { emptySection } from './draft.ts'
import { LinesEditor, PromoTableEditor, RowsEditor } from './editors.tsx'
import { Options } from '../admin/Options.tsx'

/** One section of a brand page (spec §3: text, list, faq, terms or table), its editor by type. */
export function BrandSectionEditor({ section, onChange, onRemove }: { section: Section; onChange: (s: Section) => void; onRemove: () => void }) {
  return (
    <fieldset className="section-editor" data-testid="brand-section">
      <legend>Section</legend>
      <div className="grid-2">
        <label>
          Section type
          <select value={section.type} onChange={(e) => onChange({ ...emptySection(e.target.value as Section['type']), title: section.title })}>
            <Options values={sectionTypes} />
          </select>
        </label>
        <label>
          Section title
          <input value={section.title ?? ''} onChange={(e) => onChange({ ...section, title: e.target.value } as Section)} />
        </label>
      </div>
      {section.type === 'text' && (
        <label>
          Text
          <textarea rows={4} value={section.content} onChange={(e) => onChange({ ...section, content: e.target.value })} />
        </label>
      )}
      {section.type === 'terms' && <LinesEditor label="Terms" value={section.content} onChange={(content) => onChange({ ...section, content })} />}
      {section.type === 'faq' && (
        <RowsEditor
          legend="Questions"
          fields={[
            { key: 'q', label: 'Question' },
            { key: 'a', label: 'Answer' },
          ]}
          rows={section.content}
          addLabel="+ Add question"
          onChange={(content) => onChange({ ...section, content })}
        />
      )}
      {section.type === 'list' &&
        section.content.map((group, i) => (
          <div key={i} className="rows">
            <input
              aria-label="Subheading"
              placeholder="Subheading"
              value={group.subheading}
              onChange={(e) => onChange({ ...section, content: section.content.map((g, k) => (k === i ? { ...g, subheading: e.target.value } : g)) })}
            />
            <LinesEditor label="Bullets" value={group.bullets} onChange={(bullets) => onChange({ ...section, content: section.content.map((g, k) => (k === i ? { ...g, bullets } : g)) })} />
          </div>
        ))}
      {section.type === 'list' && (
        <button type="button" className="btn" onClick={() => onChange({ ...section, content: [...section.content, { subheading: '', bullets: [] }] })}>
          + Add subheading
        </button>
      )}
      {section.type === 'table' && <PromoTableEditor legend="Table" table={section.content} onChange={(content) => onChange({ ...section, content })} />}
      <button type="button" className="btn" onClick={onRemove}>
        Remove section
      </button>
    </fieldset>
  )
}
