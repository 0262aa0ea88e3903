import { type KeyboardEvent, useState } from 'react'
import { COUNTRIES, countryName } from '../../lib/countries.ts'
import { type GeoDraft, type GeoMode, geoRuleOf, geoSummary, parseCountryInput } from '../../lib/geo.ts'
import '../geo.css'

const MODES: [GeoMode, string][] = [
  ['everywhere', 'Everywhere'],
  ['allow', 'Only in …'],
  ['deny', 'Everywhere except …'],
]

/**
 * "Where it may be shown" (compliance: an operator only where it holds a licence): everywhere, only in
 * some countries, or everywhere except some, with the countries as tags and a one-line summary.
 */
export function GeoEditor({ value, onChange }: { value: GeoDraft; onChange: (v: GeoDraft) => void }) {
  const [text, setText] = useState('')
  const [unknown, setUnknown] = useState<string[]>([])
  const [aliased, setAliased] = useState<{ from: string; to: string }[]>([])
  const commit = () => {
    const { codes, unknown: bad, aliased: read } = parseCountryInput(text)
    if (codes.length) onChange({ ...value, countries: [...new Set([...value.countries, ...codes])].sort() })
    setUnknown(bad)
    setAliased(read)
    setText(bad.join(', ')) // what was not understood stays, to be fixed
  }
  const onKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter' || e.key === ',') {
      e.preventDefault()
      commit()
    }
  }
  const listed = value.mode !== 'everywhere'
  const empty = value.mode === 'allow' && value.countries.length === 0
  return (
    <fieldset className="geo-editor" data-testid="geo-editor">
      <legend>Where it may be shown</legend>
      <div className="geo-modes" role="radiogroup" aria-label="Where it may be shown">
        {MODES.map(([mode, label]) => (
          <label key={mode} className="check">
            <input type="radio" name="geo-mode" value={mode} checked={value.mode === mode} onChange={() => onChange({ ...value, mode })} /> {label}
          </label>
        ))}
      </div>
      {listed && (
        <>
          <label>
            Countries (ISO codes such as GB, US, or names)
            <input list="geo-countries" value={text} placeholder="e.g. GB, IE" onChange={(e) => setText(e.target.value)} onKeyDown={onKey} onBlur={commit} />
          </label>
          <datalist id="geo-countries">
            {Object.entries(COUNTRIES).map(([code, name]) => (
              <option key={code} value={code}>
                {name}
              </option>
            ))}
          </datalist>
          {aliased.length > 0 && (
            <p className="muted small" role="status">
              {aliased.map((a) => `“${a.from}” read as ${a.to} (${countryName(a.to)}), its ISO code.`).join(' ')}
            </p>
          )}
          {unknown.length > 0 && (
            <p className="form-error" role="alert">
              {`Not a country code: ${unknown.join(', ')}. Use two-letter ISO codes (GB, IE, DE) or country names.`}
            </p>
          )}
          <ul className="chips" aria-label="Countries">
            {value.countries.map((code) => (
              <li key={code} className="chip" title={countryName(code)}>
                {code}{' '}
                <button type="button" className="link-button" aria-label={`Remove ${code}`} onClick={() => onChange({ ...value, countries: value.countries.filter((c) => c !== code) })}>
                  ×
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
      <p className={empty ? 'form-error' : 'geo-summary muted'} data-testid="geo-summary">
        {empty ? 'Add at least one country, or choose Everywhere.' : `Shown: ${geoSummary(geoRuleOf(value))}`}
      </p>
    </fieldset>
  )
}
