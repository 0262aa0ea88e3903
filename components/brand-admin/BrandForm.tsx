import { type FormEvent, useEffect, useState } from 'react'
import { campaignKinds, customEventCodes, goalsByKind, kindLabel, standardEventCodes } from '../../lib/event-codes.ts'
import { sectionTypes, type PromoTable, type Section } from '../../lib/schemas.ts'
import { brandApi } from './api.ts'
import { type BrandDraft, emptySection, type ImageDraft, previewOf, toFormData } from './draft.ts'
import { emptyTable, LinesEditor, PromoTableEditor, RowsEditor, TagInput } from './editors.tsx'
import { GeoEditor } from './GeoEditor.tsx'
import { TermsFields } from './TermsFields.tsx'

function ImageField({ label, value, onChange }: { label: string; value: ImageDraft; onChange: (v: ImageDraft) => void }) {
  const [objectUrl, setObjectUrl] = useState<string>()
  useEffect(() => {
    if (!value.file) return setObjectUrl(undefined)
    const url = URL.createObjectURL(value.file)
    setObjectUrl(url)
    return () => URL.revokeObjectURL(url)
  }, [value.file])
  const preview = previewOf(value, objectUrl)
  return (
    <fieldset className="image-field">
      <legend>{label}</legend>
      <label>
        {label} file
        <input
          type="file"
          accept="image/*"
          onChange={(e) => {
            const file = e.target.files?.[0] ?? null
            if (file && !file.type.startsWith('image/')) return
            onChange({ ...value, file })
          }}
        />
      </label>
      <label>
        {label} CDN link
        {/* URL-typed for outside links; our own demo paths (/demo/…) are allowed too, so not type=url */}
        <input inputMode="url" pattern="(https?://|/)\S*" title="An http(s) URL or a path on this site" value={value.link} onChange={(e) => onChange({ ...value, link: e.target.value })} />
      </label>
      {preview && <img className="image-preview" src={preview} alt={`${label} preview`} />}
      {preview && (
        <button type="button" className="btn" onClick={() => onChange({ ...value, file: null, link: '', removed: true })}>
          Remove {label.toLowerCase()}
        </button>
      )}
    </fieldset>
  )
}

function SectionEditor({ section, onChange, onRemove }: { section: Section; onChange: (s: Section) => void; onRemove: () => void }) {
  return (
    <fieldset className="section-editor" data-testid="brand-section">
      <legend>Section</legend>
      <div className="grid-2">
        <label>
          Section type
          <select value={section.type} onChange={(e) => onChange({ ...emptySection(e.target.value as Section['type']), title: section.title })}>
            {sectionTypes.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
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
            <input aria-label="Subheading" placeholder="Subheading" value={group.subheading} onChange={(e) => onChange({ ...section, content: section.content.map((g, k) => (k === i ? { ...g, subheading: e.target.value } : g)) })} />
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

export function BrandForm({ initial, onDone, onCancel }: { initial: BrandDraft; onDone: () => void; onCancel: () => void }) {
  const [d, setD] = useState<BrandDraft>(initial)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const editing = Boolean(d._id)
  const set = (patch: Partial<BrandDraft>) => setD((x) => ({ ...x, ...patch }))

  async function submit(e: FormEvent) {
    e.preventDefault()
    setBusy(true)
    setError(null)
    try {
      await brandApi.save(d._id, toFormData(d))
      onDone()
    } catch {
      setError('Failed to save page')
    } finally {
      setBusy(false)
    }
  }

  return (
    <form className="post-form card brand-form" onSubmit={submit} aria-label={editing ? 'Edit Brand Page' : 'Add New Brand Page'}>
      <h2>{editing ? 'Edit Brand Page' : 'Add New Brand Page'}</h2>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <div className="grid-2">
        <label>
          Brand Name
          <input required value={d.brandName} onChange={(e) => set({ brandName: e.target.value })} />
        </label>
        <label>
          Rating
          <input type="number" min={0} max={5} step={0.1} value={d.rating} onChange={(e) => set({ rating: e.target.value })} />
        </label>
      </div>
      <div className="grid-2">
        <TagInput label="Type tags" placeholder="e.g. typePopular, typeNew" value={d.type} onChange={(type) => set({ type })} />
        <TagInput label="Position tags" placeholder="e.g. PositionPopular, PositionTopCarousel" value={d.position} onChange={(position) => set({ position })} />
      </div>
      <GeoEditor value={d.geo} onChange={(geo) => set({ geo })} />
      <label>
        Tagline
        <textarea rows={3} value={d.tagline} onChange={(e) => set({ tagline: e.target.value })} />
      </label>
      <div className="grid-2">
        <label>
          Offer Highlight
          <input value={d.offerHighlight} onChange={(e) => set({ offerHighlight: e.target.value })} />
        </label>
        <label>
          Bonus Offer
          <input value={d.bonusOffer} onChange={(e) => set({ bonusOffer: e.target.value })} />
        </label>
      </div>
      <label>
        Bonus Condition
        <input value={d.bonusCondition} onChange={(e) => set({ bonusCondition: e.target.value })} />
      </label>
      <TermsFields draft={d} onChange={set} />

      <fieldset>
        <legend>Enable/Disable Parameters</legend>
        {(
          [
            ['enableClickId', 'Enable Click ID'],
            ['enableGaid', 'Enable GAID'],
            ['enableUserAgent', 'Enable User Agent'],
            ['enableCustomParams', 'Enable Custom Parameters'],
          ] as const
        ).map(([key, label]) => (
          <label key={key} className="check">
            <input type="checkbox" checked={d[key]} onChange={(e) => set({ [key]: e.target.checked })} /> {label}
          </label>
        ))}
      </fieldset>
      <RowsEditor
        legend="Custom Parameters"
        fields={[
          { key: 'key', label: 'Key' },
          { key: 'value', label: 'Value' },
        ]}
        rows={d.customParams}
        addLabel="+ Add Custom Parameter"
        onChange={(customParams) => set({ customParams })}
      />

      <div className="grid-2">
        <ImageField label="Logo" value={d.logo} onChange={(logo) => set({ logo })} />
        <div>
          <ImageField label="Banner" value={d.bannerImage} onChange={(bannerImage) => set({ bannerImage })} />
          <label>
            Banner alt text
            <input maxLength={300} value={d.bannerImageAlt} placeholder="What the banner shows (empty: the brand name)" onChange={(e) => set({ bannerImageAlt: e.target.value })} />
          </label>
        </div>
      </div>

      <div className="grid-2">
        <label>
          Campaign Type
          <select required value={d.kind} onChange={(e) => set({ kind: e.target.value as BrandDraft['kind'], goal: '' })}>
            <option value="">Choose…</option>
            {campaignKinds.map((k) => (
              <option key={k} value={k}>
                {kindLabel[k]}
              </option>
            ))}
          </select>
        </label>
        {d.kind && (
          <label>
            Goal
            <select required value={d.goal} onChange={(e) => set({ goal: e.target.value })}>
              <option value="">Choose…</option>
              {goalsByKind[d.kind].map((g) => (
                <option key={g} value={g}>
                  {`${kindLabel[d.kind as 'app' | 'web']} - ${g}`}
                </option>
              ))}
            </select>
          </label>
        )}
      </div>
      <details className="entities">
        <summary>Entities: reference event codes</summary>
        <div className="grid-2">
          <ul>
            {standardEventCodes.map((e) => (
              <li key={e.code}>
                <code>{e.code}</code> {e.name}
              </li>
            ))}
          </ul>
          <ul>
            {customEventCodes.map((e) => (
              <li key={e.code}>
                <code>{e.code}</code> {e.name}
              </li>
            ))}
          </ul>
        </div>
      </details>

      <fieldset className="grid-2">
        <legend>Deal Box</legend>
        {(
          [
            ['countdownText', 'Countdown text'],
            ['mainText', 'Main text'],
            ['subText', 'Sub text'],
            ['linkText', 'Link text'],
            ['linkUrl', 'Link URL'],
            ['ctaLabel', 'Button label'],
            ['ctaUrl', 'Button URL'],
          ] as const
        ).map(([key, label]) => (
          <label key={key}>
            {label}
            <input value={d.dealBox[key]} onChange={(e) => set({ dealBox: { ...d.dealBox, [key]: e.target.value } })} />
          </label>
        ))}
      </fieldset>

      <PromoTableEditor legend="Promo Table" table={d.promoTable} onChange={(promoTable) => set({ promoTable })} />
      {d.promoTables.map((t, i) => (
        <div key={i} className="rows">
          <PromoTableEditor legend={`Extra promo table ${i + 1}`} table={t} onChange={(next: PromoTable) => set({ promoTables: d.promoTables.map((x, k) => (k === i ? next : x)) })} />
          <button type="button" className="btn" onClick={() => set({ promoTables: d.promoTables.filter((_, k) => k !== i) })}>
            Remove extra table
          </button>
        </div>
      ))}
      <button type="button" className="btn" onClick={() => set({ promoTables: [...d.promoTables, emptyTable()] })}>
        + Add extra promo table
      </button>

      <RowsEditor
        legend="Timelines"
        fields={[
          { key: 'label', label: 'Label' },
          { key: 'value', label: 'Value' },
          { key: 'unit', label: 'Unit' },
        ]}
        rows={d.timelines}
        addLabel="+ Add timeline"
        onChange={(timelines) => set({ timelines })}
      />
      <RowsEditor
        legend="Highlights"
        fields={[
          { key: 'title', label: 'Title' },
          { key: 'value', label: 'Value' },
        ]}
        rows={d.highlights}
        addLabel="+ Add highlight"
        onChange={(highlights) => set({ highlights })}
      />

      <fieldset>
        <legend>Sections</legend>
        {d.sections.map((s, i) => (
          <SectionEditor key={i} section={s} onChange={(next) => set({ sections: d.sections.map((x, k) => (k === i ? next : x)) })} onRemove={() => set({ sections: d.sections.filter((_, k) => k !== i) })} />
        ))}
        <button type="button" className="btn" onClick={() => set({ sections: [...d.sections, emptySection('text')] })}>
          + Add section
        </button>
      </fieldset>

      <div className="actions">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {editing ? 'Update' : 'Add'}
        </button>
        {editing && (
          <button type="button" className="btn" onClick={onCancel}>
            Cancel
          </button>
        )}
      </div>
    </form>
  )
}
