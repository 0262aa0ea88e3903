import { useEffect, useId, useState } from 'react'
import { COMPARE_COLUMN_NAMES, COMPARE_COLUMNS, COMPARE_LIMIT, type CompareColumn, DEFAULT_COMPARE_COLUMNS, formatCompareDirective } from '../../lib/comparison.ts'
import { reachOf, reaches } from '../../lib/compare-reach.ts'
import type { BrandPage } from '../../lib/schemas.ts'
import { apiCall } from '../api-client.ts'
import { ErrorLine } from '../Messages.tsx'
import { CountryPicker, type PreviewCountry, ReachNotes } from './CompareReach.tsx'
import { useMarkets } from './markets-api.ts'
import { Options } from './Options.tsx'

type BrandChoice = Pick<BrandPage, '_id' | 'brandName' | 'type' | 'status' | 'validFrom' | 'validUntil' | 'geo' | 'facts' | 'termsSummary'>

/** Where the directive goes in the text: at the cursor, on a line of its own, with a blank line either side. */
export function insertDirective(text: string, at: number, directive: string): { text: string; cursor: number } {
  const before = text.slice(0, at)
  const after = text.slice(at)
  const lead = !before ? '' : before.endsWith('\n\n') ? '' : before.endsWith('\n') ? '\n' : '\n\n'
  const trail = !after ? '\n' : after.startsWith('\n\n') ? '' : after.startsWith('\n') ? '\n' : '\n\n'
  const inserted = `${lead}${directive}${trail}`
  return { text: before + inserted + after, cursor: before.length + lead.length + directive.length }
}

/**
 * The "Insert comparison table" helper beside a section's text (issue 22): the editor picks brands (in the
 * order ticked) or a type rule, the columns and a title, and the directive is written into the text at
 * the cursor; the preview shows the table as a visitor in the editor's country sees it.
 */
export function CompareInsert({ onInsert, onClose }: { onInsert: (directive: string) => void; onClose: () => void }) {
  const [brands, setBrands] = useState<BrandChoice[] | 'failed' | null>(null)
  const [mode, setMode] = useState<'brands' | 'type'>('brands')
  const [chosen, setChosen] = useState<string[]>([])
  const [type, setType] = useState('')
  const [limit, setLimit] = useState(COMPARE_LIMIT.default)
  const [columns, setColumns] = useState<CompareColumn[]>(DEFAULT_COMPARE_COLUMNS)
  const [title, setTitle] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [country, setCountry] = useState<PreviewCountry>('')
  const markets = useMarkets()
  const id = useId()

  useEffect(() => {
    apiCall<{ pages: BrandChoice[] }>('/api/brands/static-offers-admin')
      .then((r) => setBrands(r.pages))
      .catch(() => setBrands('failed'))
  }, [])

  // who each chosen brand reaches, said as they are ticked (issue 32): the table leaves a brand out wherever it is hidden
  const now = new Date()
  const reach = Array.isArray(brands) ? chosen.flatMap((c) => brands.find((b) => b._id === c) ?? []).map((b) => reachOf(b, markets, now)) : []
  const seenFrom = country === '' ? null : reach.filter((r) => reaches(r, country === 'unknown' ? null : country))
  const types = Array.isArray(brands) ? [...new Set(brands.flatMap((b) => b.type))].sort() : []
  const toggle = (list: string[], v: string) => (list.includes(v) ? list.filter((x) => x !== v) : [...list, v])

  function insert() {
    if (mode === 'brands' && !chosen.length) return setError('Choose at least one brand.')
    if (mode === 'type' && !type) return setError('Choose a type.')
    if (!columns.length) return setError('Choose at least one column.')
    setError(null)
    // columns in the table's reading order, whatever order they were ticked in
    const cols = COMPARE_COLUMN_NAMES.filter((c) => columns.includes(c))
    onInsert(formatCompareDirective(mode === 'brands' ? { brands: chosen, columns: cols, title: title.trim() || undefined } : { type, limit, columns: cols, title: title.trim() || undefined }))
  }

  return (
    <fieldset className="compare-insert card" data-testid="compare-insert">
      <legend>Insert a comparison table</legend>
      <div className="row" role="radiogroup" aria-label="Which brands">
        <label className="check">
          <input type="radio" name={`${id}-mode`} checked={mode === 'brands'} onChange={() => setMode('brands')} /> Brands I choose
        </label>
        <label className="check">
          <input type="radio" name={`${id}-mode`} checked={mode === 'type'} onChange={() => setMode('type')} /> All brands of a type
        </label>
      </div>
      {brands === null && <p className="muted small">Loading brands…</p>}
      {brands === 'failed' && <p className="form-error">The brands could not be loaded. Close this and try again.</p>}
      {Array.isArray(brands) && mode === 'brands' && (
        <div className="check-grid" role="group" aria-label="Brands, in the order you tick them">
          {brands.map((b) => (
            <label key={b._id} className="check">
              <input type="checkbox" checked={chosen.includes(b._id)} onChange={() => setChosen(toggle(chosen, b._id) as string[])} /> {b.brandName}
              {chosen.includes(b._id) && <span className="muted small"> ({chosen.indexOf(b._id) + 1})</span>}
            </label>
          ))}
        </div>
      )}
      {mode === 'brands' && reach.length > 0 && (
        <div className="compare-reach" data-testid="compare-reach">
          <ReachNotes reach={reach} />
          <CountryPicker value={country} first="choose a country…" onChange={setCountry} />
          {seenFrom && (
            <p className="small" role="status">
              {seenFrom.length ? `That visitor sees ${seenFrom.map((r) => r.brandName).join(', ')}` : 'That visitor sees none of the chosen brands'}
              {seenFrom.length < reach.length ? `, not ${reach.filter((r) => !seenFrom.includes(r)).map((r) => r.brandName).join(', ')}.` : '.'}
            </p>
          )}
        </div>
      )}
      {Array.isArray(brands) && mode === 'type' && (
        <div className="row">
          <label>
            Type
            <select value={type} onChange={(e) => setType(e.target.value)}>
              <option value="">Choose…</option>
              <Options values={types} />
            </select>
          </label>
          <label>
            At most
            <input type="number" min={1} max={COMPARE_LIMIT.max} value={limit} onChange={(e) => setLimit(Math.min(COMPARE_LIMIT.max, Math.max(1, Number(e.target.value) || 1)))} />
          </label>
        </div>
      )}
      <div className="check-grid" role="group" aria-label="Columns">
        {COMPARE_COLUMN_NAMES.map((c) => (
          <label key={c} className="check">
            <input type="checkbox" checked={columns.includes(c)} onChange={() => setColumns(toggle(columns, c) as CompareColumn[])} /> {COMPARE_COLUMNS[c]}
          </label>
        ))}
      </div>
      <label>
        Title (optional)
        <input value={title} maxLength={120} onChange={(e) => setTitle(e.target.value)} placeholder="Compare offers" />
      </label>
      <ErrorLine text={error} />
      <div className="row">
        <button type="button" className="btn btn-primary btn-small" onClick={insert} disabled={!Array.isArray(brands)}>
          Insert table
        </button>
        <button type="button" className="btn btn-small" onClick={onClose}>
          Cancel
        </button>
      </div>
    </fieldset>
  )
}
