import { type KeyboardEvent, useState } from 'react'
import { addTag, removeColumn } from '../../lib/brand-form.ts'
import type { PromoTable } from '../../lib/schemas.ts'

/** Tags added on Enter, comma, Tab or blur; trimmed; empty values and duplicates ignored (spec §5). */
export function TagInput({ label, value, placeholder, onChange, hideChips = false }: { label: string; value: string[]; placeholder: string; onChange: (v: string[]) => void; hideChips?: boolean }) {
  const [text, setText] = useState('')
  const commit = () => {
    if (text.trim()) onChange(addTag(value, text))
    setText('')
  }
  const onKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter' || e.key === ',') {
      e.preventDefault()
      commit()
    } else if (e.key === 'Tab') commit() // focus still moves on
  }
  return (
    <div className="tag-input">
      <label>
        {label}
        <input
          value={text}
          placeholder={placeholder}
          onChange={(e) => {
            const v = e.target.value
            if (v.includes(',')) {
              // typed or pasted commas: everything before the last comma becomes tags
              const cut = v.lastIndexOf(',')
              onChange(addTag(value, v.slice(0, cut)))
              setText(v.slice(cut + 1))
            } else setText(v)
          }}
          onKeyDown={onKey}
          onBlur={commit}
        />
      </label>
      {!hideChips && <ul className="chips" aria-label={label}>
        {value.map((tag) => (
          <li key={tag} className="chip">
            {tag}{' '}
            <button type="button" className="link-button" aria-label={`Remove ${tag}`} onClick={() => onChange(value.filter((t) => t !== tag))}>
              ×
            </button>
          </li>
        ))}
      </ul>}
    </div>
  )
}

/**
 * Type or position tags as a pick list (issue 25): the values in use (and the spec's examples) as
 * checkboxes, so a typo no longer makes a tag nothing uses; a new value is an explicit act, typed into
 * its own field (which adds on Enter, comma, Tab or blur, spec §5) and marked new until saved.
 */
export function PickTags({ legend, addLabel, known, value, placeholder, describe, onChange }: {
  legend: string
  addLabel: string
  known: string[]
  value: string[]
  placeholder: string
  /** how a value reads ("Popular" for typePopular) */
  describe: (v: string) => string
  onChange: (v: string[]) => void
}) {
  const knownSet = new Set(known)
  const all = [...new Set([...known, ...value])]
  return (
    <fieldset className="pick-tags">
      <legend>{legend}</legend>
      {all.length > 0 && (
        <ul className="pick-list">
          {all.map((v) => (
            <li key={v}>
              <label className="check">
                <input type="checkbox" checked={value.includes(v)} onChange={(e) => onChange(e.target.checked ? [...value, v] : value.filter((x) => x !== v))} />
                {describe(v)} <code className="muted small">{v}</code>
                {!knownSet.has(v) && <span className="status-badge">new</span>}
              </label>
            </li>
          ))}
        </ul>
      )}
      <TagInput label={addLabel} placeholder={placeholder} value={value} onChange={onChange} hideChips />
    </fieldset>
  )
}

/** Rows of named text fields with add and remove (timelines, highlights, custom parameters, …). */
export function RowsEditor<K extends string>({
  legend,
  fields,
  rows,
  addLabel,
  onChange,
}: {
  legend: string
  fields: { key: K; label: string }[]
  rows: Record<K, string>[]
  addLabel: string
  onChange: (rows: Record<K, string>[]) => void
}) {
  const blank = () => Object.fromEntries(fields.map((f) => [f.key, ''])) as Record<K, string>
  return (
    <fieldset>
      <legend>{legend}</legend>
      {rows.map((row, i) => (
        <div key={i} className="row" data-testid={`${legend}-row`}>
          {fields.map((f) => (
            <input key={f.key} aria-label={f.label} placeholder={f.label} value={row[f.key] ?? ''} onChange={(e) => onChange(rows.map((r, k) => (k === i ? { ...r, [f.key]: e.target.value } : r)))} />
          ))}
          <button type="button" className="btn" onClick={() => onChange(rows.filter((_, k) => k !== i))}>
            Remove
          </button>
        </div>
      ))}
      <button type="button" className="btn" onClick={() => onChange([...rows, blank()])}>
        {addLabel}
      </button>
    </fieldset>
  )
}

/** Lines of text as a list (terms, bullets). */
export function LinesEditor({ label, value, onChange }: { label: string; value: string[]; onChange: (v: string[]) => void }) {
  const [text, setText] = useState(value.join('\n'))
  if (text.split('\n').map((l) => l.trim()).filter(Boolean).join('\n') !== value.join('\n')) setText(value.join('\n'))
  return (
    <label>
      {label} (one per line)
      <textarea
        rows={4}
        value={text}
        onChange={(e) => {
          setText(e.target.value)
          onChange(e.target.value.split('\n').map((l) => l.trim()).filter(Boolean))
        }}
      />
    </label>
  )
}

export const emptyTable = (): PromoTable => ({ heading: '', columns: [], rows: [] })

/** Heading, columns and rows keyed col1, col2, …; Add Row needs a column; removing a column removes its cells. */
export function PromoTableEditor({ legend, table, onChange }: { legend: string; table: PromoTable; onChange: (t: PromoTable) => void }) {
  const [column, setColumn] = useState('')
  return (
    <fieldset className="promo-editor" data-testid="promo-editor">
      <legend>{legend}</legend>
      <label>
        Heading
        <input value={table.heading} onChange={(e) => onChange({ ...table, heading: e.target.value })} />
      </label>
      <div className="row">
        <input aria-label="New column" placeholder="Column name" value={column} onChange={(e) => setColumn(e.target.value)} />
        <button
          type="button"
          className="btn"
          disabled={!column.trim()}
          onClick={() => {
            onChange({ ...table, columns: [...table.columns, column.trim()] })
            setColumn('')
          }}
        >
          Add Column
        </button>
      </div>
      {table.columns.length > 0 && (
        <div className="table-scroll">
          <table className="promo-edit-table">
            <thead>
              <tr>
                {table.columns.map((c, i) => (
                  <th key={i}>
                    {c}{' '}
                    <button type="button" className="link-button" aria-label={`Remove column ${c}`} onClick={() => onChange(removeColumn(table, i))}>
                      ×
                    </button>
                  </th>
                ))}
                <th />
              </tr>
            </thead>
            <tbody>
              {table.rows.map((row, r) => (
                <tr key={r} data-testid="promo-row">
                  {table.columns.map((c, i) => (
                    <td key={i}>
                      <input
                        aria-label={`${c} row ${r + 1}`}
                        value={row[`col${i + 1}`] ?? ''}
                        onChange={(e) => onChange({ ...table, rows: table.rows.map((x, k) => (k === r ? { ...x, [`col${i + 1}`]: e.target.value } : x)) })}
                      />
                    </td>
                  ))}
                  <td>
                    <button type="button" className="btn" onClick={() => onChange({ ...table, rows: table.rows.filter((_, k) => k !== r) })}>
                      Remove
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <button type="button" className="btn" disabled={table.columns.length === 0} onClick={() => onChange({ ...table, rows: [...table.rows, {}] })}>
        Add Row
      </button>
    </fieldset>
  )
}
