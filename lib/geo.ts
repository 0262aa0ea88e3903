import * as z from 'zod'
import { COUNTRIES, countryName, isCountryCode } from './countries.ts'

// Browsers skip zod's eval probe, which the site's CSP reports (see lib/schemas.ts): this module is
// evaluated before lib/schemas.ts's own switch, and builds an object schema.
if (typeof document !== 'undefined') z.config({ jitless: true })

/**
 * Where a brand may be shown (compliance: an operator only where it holds a licence). Shared by the
 * API, the CLI import, the server's filters and the admin's editor.
 *
 * - `{ allow: ['GB'] }`: only there;
 * - `{ deny: ['US', 'FR'] }`: everywhere except there;
 * - absent: everywhere (every brand saved before this existed).
 */
export type GeoRule = { allow?: string[]; deny?: string[] }

/** A visitor's country: an assigned ISO 3166-1 alpha-2 code, or null when it is not known. */
export type VisitorCountry = string | null

export const countryCodeSchema = z
  .string()
  .trim()
  .transform((v) => v.toUpperCase())
  .refine(isCountryCode, { message: 'must be an ISO 3166-1 alpha-2 country code (such as GB or US)' })

// sorted and without repeats, so the same rule always stores (and exports) the same way
const countryList = z
  .array(countryCodeSchema)
  .max(249)
  .transform((codes) => [...new Set(codes)].sort())

export const geoRuleSchema = z
  .strictObject({ allow: countryList.optional(), deny: countryList.optional() })
  .refine((g) => !(g.allow && g.deny), { message: 'use either allow or deny, not both' })
  // an empty allow list would hide the brand everywhere: refused rather than read as "everywhere"
  .refine((g) => !g.allow || g.allow.length > 0, { message: 'list at least one country, or leave allow out to show the brand everywhere', path: ['allow'] })
  .transform((g): GeoRule => (g.allow ? { allow: g.allow } : g.deny?.length ? { deny: g.deny } : {}))

/** No list at all: shown everywhere, also to visitors whose country is unknown. */
export const isEverywhere = (geo: GeoRule | null | undefined): boolean => !geo?.allow && !geo?.deny?.length

/**
 * May this brand be shown to a visitor from `country`? An unknown country sees only brands available
 * everywhere: a licence cannot be checked for a place we do not know.
 */
export function isAvailableIn(geo: GeoRule | null | undefined, country: VisitorCountry): boolean {
  if (isEverywhere(geo)) return true
  if (!country) return false
  if (geo!.allow) return geo!.allow.includes(country)
  return !geo!.deny!.includes(country)
}


const names = (codes: string[]) => codes.map((c) => `${countryName(c)} (${c})`).join(', ')

/** One line for editors: "Everywhere", "Only in United Kingdom (GB)", "Everywhere except United States (US), France (FR)". */
export function geoSummary(geo: GeoRule | null | undefined): string {
  if (geo?.allow) return `Only in ${names(geo.allow)}`
  if (geo?.deny?.length) return `Everywhere except ${names(geo.deny)}`
  return 'Everywhere'
}

// ---------- the admin's editor (components/brand-admin/GeoEditor.tsx) ----------

export type GeoMode = 'everywhere' | 'allow' | 'deny'
/** The editor's state: the mode and its country codes (kept when switching between allow and deny). */
export type GeoDraft = { mode: GeoMode; countries: string[] }

export function geoDraftOf(geo: GeoRule | null | undefined): GeoDraft {
  if (geo?.allow) return { mode: 'allow', countries: [...geo.allow] }
  if (geo?.deny?.length) return { mode: 'deny', countries: [...geo.deny] }
  return { mode: 'everywhere', countries: [] }
}

/** What the form sends as `geo`: `{}` for everywhere (clears a stored rule), else the one list. */
export function geoRuleOf(d: GeoDraft): GeoRule {
  if (d.mode === 'allow') return { allow: d.countries }
  if (d.mode === 'deny' && d.countries.length) return { deny: d.countries }
  return {}
}

/**
 * Typed country input → codes: "gb, ie", "GB IE" or "United Kingdom" (a name as listed); anything else
 * is answered back as unknown, never guessed.
 */
/**
 * Codes people use that ISO 3166-1 does not (issue 25: "UK" was refused with no hint that GB is meant):
 * read as the ISO code, and said so.
 */
export const COUNTRY_ALIASES: Readonly<Record<string, string>> = { UK: 'GB', EL: 'GR', EN: 'GB' }

export function parseCountryInput(text: string): { codes: string[]; unknown: string[]; aliased: { from: string; to: string }[] } {
  const byName = new Map(Object.entries(COUNTRIES).map(([code, name]) => [name.toLowerCase(), code]))
  const codes: string[] = []
  const unknown: string[] = []
  const aliased: { from: string; to: string }[] = []
  for (const part of text.split(/[,;\n]/).map((p) => p.trim()).filter(Boolean)) {
    const named = byName.get(part.toLowerCase())
    // a name with spaces is one country; otherwise spaces separate codes ("GB IE")
    const tokens = named ? [named] : part.split(/\s+/)
    for (const token of tokens) {
      let code = token.toUpperCase()
      if (!isCountryCode(code) && COUNTRY_ALIASES[code]) {
        aliased.push({ from: token, to: COUNTRY_ALIASES[code]! })
        code = COUNTRY_ALIASES[code]!
      }
      if (isCountryCode(code)) {
        if (!codes.includes(code)) codes.push(code)
      } else unknown.push(token)
    }
  }
  return { codes, unknown, aliased }
}
