import { countryName } from './countries.ts'

/** People's clicks from one country (compliance reports): sent on, unique, and blocked (not available there). */
export type CountryFigures = { clicks: number; uniqueClicks: number; blockedClicks: number }
/** Keyed by ISO 3166-1 alpha-2 code, or `unknown` for visitors whose country could not be told. */
export type ByCountry = Record<string, CountryFigures>

export type CountryRow = CountryFigures & { country: string; label: string }

/** Rows for a table: most clicks (sent on plus blocked) first, `unknown` last. */
export function countryRows(byCountry: ByCountry): CountryRow[] {
  return Object.entries(byCountry)
    .map(([country, f]) => ({ country, label: country === 'unknown' ? 'Unknown' : `${countryName(country)} (${country})`, ...f }))
    .sort((a, b) => Number(a.country === 'unknown') - Number(b.country === 'unknown') || b.clicks + b.blockedClicks - (a.clicks + a.blockedClicks) || a.country.localeCompare(b.country))
}
