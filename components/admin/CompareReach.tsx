import { type BrandReach, hiddenNote } from '../../lib/compare-reach.ts'
import { COUNTRIES } from '../../lib/countries.ts'

/** The preview's country: '' the editor's own, 'unknown' a visitor whose country is not known, else a code. */
export type PreviewCountry = string

const BY_NAME = Object.entries(COUNTRIES).sort((a, b) => a[1].localeCompare(b[1], 'en'))

/** What the preview asks the server for: nothing (own country), null (unknown) or the code. */
export const countryParam = (c: PreviewCountry): { country?: string | null } => (c === '' ? {} : { country: c === 'unknown' ? null : c })

/** "Preview as a visitor from …": the tables as another country's visitors see them (issue 32). */
export function CountryPicker({ value, onChange, own, first }: { value: PreviewCountry; onChange: (c: PreviewCountry) => void; own?: string | null; first?: string }) {
  return (
    <label className="preview-country">
      Show the tables to a visitor from
      <select value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">{first ?? (own === undefined ? 'your country' : own ? `your country (${own})` : 'your country (not known)')}</option>
        <option value="unknown">a country that is not known</option>
        {BY_NAME.map(([code, name]) => (
          <option key={code} value={code}>{`${name} (${code})`}</option>
        ))}
      </select>
    </label>
  )
}

/** Under a table's preview: which of its chosen brands some visitors do not see, and where. */
export function ReachNotes({ reach }: { reach: readonly BrandReach[] }) {
  const notes = reach.flatMap((r) => hiddenNote(r) ?? [])
  if (!notes.length) return null
  return (
    <ul className="form-warning reach-notes" data-testid="reach-notes">
      {notes.map((n) => (
        <li key={n}>{n}</li>
      ))}
    </ul>
  )
}
