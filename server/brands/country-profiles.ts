import { createHash } from 'node:crypto'
import type { BrandsRepository } from '../../db/repositories/brands.ts'
import type { GeoRule, VisitorCountry } from '../../lib/geo.ts'
import { DEFAULT_MARKET } from '../../lib/markets.ts'
import { visibleTo } from './visibility.ts'
import { helpFor } from '../../lib/responsible-gambling.ts'

/**
 * What a visitor's country changes on a page, as a short key for the render cache: the set of brands
 * available there, and which gambling-help set its pages show (lib/responsible-gambling.ts). Countries
 * that see the same brands and the same help share one cached entry, so a URL has at most as many
 * entries as there are distinct profiles (a handful), never one per country.
 *
 * Anything else a page renders from the country must become part of this key (add its identity to
 * `parts` below), or the cached page would show one country's version to every country sharing the key.
 *
 * Rules are read once per render-cache generation: every brand write clears the cache (here and, through
 * the content version, in every other process) and moves the generation, so keys follow the brands.
 */
const EPOCH = new Date(0)

export function createCountryProfiles(deps: { brands: BrandsRepository; generation: () => number }) {
  type Snapshot = { generation: number; rules: Promise<{ _id: string; geo?: GeoRule }[]>; keys: Map<string, string> }
  let snapshot: Snapshot | null = null

  function current(): Snapshot {
    const generation = deps.generation()
    if (snapshot?.generation !== generation) {
      const rules = deps.brands.list().then((docs) => docs.map((d) => ({ _id: d._id, geo: d.geo })))
      const s: Snapshot = { generation, rules, keys: new Map() }
      rules.catch(() => {
        if (snapshot === s) snapshot = null // a failed read is retried by the next request
      })
      snapshot = s
    }
    return snapshot
  }

  return {
    /** The brands `country` may be shown, sorted by id. */
    async visibleIds(country: VisitorCountry): Promise<string[]> {
      return (await current().rules)
        // only the country's part of the decision: status, dates and market rules are the same for every country
        .filter((b) => visibleTo(b, { country, market: DEFAULT_MARKET, now: EPOCH }).available)
        .map((b) => b._id)
        .sort()
    },

    /** The country's key when this generation already worked it out, else undefined (no waiting: the cache-hit path). */
    knownKey(country: VisitorCountry): string | undefined {
      return snapshot?.generation === deps.generation() ? snapshot.keys.get(country ?? '') : undefined
    },

    /** A short key for the country's profile: equal for countries that see the same page. */
    async keyFor(country: VisitorCountry): Promise<string> {
      const s = current()
      const memo = country ?? ''
      const known = s.keys.get(memo)
      if (known) return known
      const parts = [`brands:${(await this.visibleIds(country)).join(',')}`, `help:${helpFor(country).country ?? 'international'}`]
      const key = createHash('sha256').update(parts.join('\n')).digest('base64url').slice(0, 12)
      s.keys.set(memo, key) // at most one per country (250) per generation
      return key
    },
  }
}
export type CountryProfiles = ReturnType<typeof createCountryProfiles>
