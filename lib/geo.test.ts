import { describe, expect, it } from 'vitest'
import { SqliteStore } from '../db/sqlite/index.ts'
import { COUNTRY_CODES, countryName, isCountryCode } from './countries.ts'
import { type GeoRule, geoDraftOf, geoRuleOf, geoRuleSchema, geoSummary, isAvailableIn, parseCountryInput } from './geo.ts'
import { availabilityFilter } from '../db/repositories/brand-query.ts'

describe('ISO 3166-1 alpha-2 list', () => {
  it('holds the 249 assigned codes, upper-case, and no user-assigned or withdrawn ones', () => {
    expect(COUNTRY_CODES).toHaveLength(249)
    expect(COUNTRY_CODES.every((c) => /^[A-Z]{2}$/.test(c))).toBe(true)
    for (const c of ['GB', 'US', 'FR', 'IE', 'AX', 'SS', 'BQ']) expect(isCountryCode(c), c).toBe(true)
    // UK is reserved (the code is GB), XK and XX are user-assigned, AN withdrawn, T1 is Cloudflare's Tor marker
    for (const c of ['UK', 'XK', 'XX', 'AN', 'EU', 'T1', 'gb', 'GBR', '', '__proto__', 'constructor']) expect(isCountryCode(c), c).toBe(false)
    expect(countryName('GB')).toBe('United Kingdom')
    expect(countryName('ZZ')).toBe('ZZ')
  })
})

describe('geoRuleSchema', () => {
  it('upper-cases, sorts and drops repeats', () => {
    expect(geoRuleSchema.parse({ allow: ['gb', ' ie ', 'GB'] })).toEqual({ allow: ['GB', 'IE'] })
    expect(geoRuleSchema.parse({ deny: ['us', 'FR'] })).toEqual({ deny: ['FR', 'US'] })
  })

  it('reads no list, or an empty deny list, as everywhere', () => {
    expect(geoRuleSchema.parse({})).toEqual({})
    expect(geoRuleSchema.parse({ deny: [] })).toEqual({})
  })

  it.each([
    ['an unknown code', { allow: ['GB', 'XX'] }, 'allow.1', /ISO 3166-1 alpha-2/],
    ['a three-letter code', { deny: ['GBR'] }, 'deny.0', /ISO 3166-1 alpha-2/],
    ['UK for GB', { allow: ['UK'] }, 'allow.0', /ISO 3166-1 alpha-2/],
    ['both lists at once', { allow: ['GB'], deny: ['US'] }, '', /either allow or deny/],
    ['an empty allow list (shown nowhere)', { allow: [] }, 'allow', /at least one country/],
    ['an unknown key', { only: ['GB'] }, '', /.+/],
    ['a list that is not a list', { allow: 'GB' }, 'allow', /.+/],
  ])('refuses %s, naming the field', (_, input, path, message) => {
    const r = geoRuleSchema.safeParse(input)
    expect(r.success).toBe(false)
    expect(r.error!.issues[0].path.join('.')).toBe(path)
    expect(r.error!.issues[0].message).toMatch(message)
  })
})

describe('isAvailableIn', () => {
  const cases: [GeoRule | undefined, string | null, boolean][] = [
    [undefined, 'GB', true],
    [undefined, null, true],
    [{}, null, true],
    [{ allow: ['GB'] }, 'GB', true],
    [{ allow: ['GB'] }, 'US', false],
    [{ allow: ['GB'] }, null, false], // unknown sees only brands available everywhere
    [{ deny: ['US', 'FR'] }, 'GB', true],
    [{ deny: ['US', 'FR'] }, 'FR', false],
    [{ deny: ['US', 'FR'] }, null, false],
    [{ deny: [] }, null, true],
  ]
  it.each(cases)('%j in %s → %s', (geo, country, expected) => expect(isAvailableIn(geo, country)).toBe(expected))
})

describe('availabilityFilter: the same rule where lists are read (SQLite store, mingo)', () => {
  it('selects exactly the brands isAvailableIn allows, for every country and for unknown', async () => {
    const store = new SqliteStore(':memory:')
    const rules: (GeoRule | undefined)[] = [undefined, {}, { deny: [] }, { allow: ['GB'] }, { allow: ['GB', 'IE'] }, { allow: ['US'] }, { deny: ['US', 'FR'] }, { deny: ['GB'] }]
    const brands = store.collection('brands')
    for (const [i, geo] of rules.entries()) await brands.insertOne({ _id: `b${i}`, ...(geo ? { geo } : {}) })
    for (const country of [...COUNTRY_CODES, null]) {
      const expected = rules.flatMap((geo, i) => (isAvailableIn(geo, country) ? [`b${i}`] : []))
      const got = (await brands.find(availabilityFilter(country), { sort: { _id: 1 } })).map((d) => d._id)
      expect(got, String(country)).toEqual(expected)
    }
    await store.close()
  })
})

describe('the admin editor helpers', () => {
  it('round-trips a rule through the draft', () => {
    for (const geo of [{ allow: ['GB', 'IE'] }, { deny: ['FR', 'US'] }, {}]) expect(geoRuleOf(geoDraftOf(geo))).toEqual(geo)
    expect(geoDraftOf(undefined)).toEqual({ mode: 'everywhere', countries: [] })
    // switching to everywhere sends {} (clears a stored rule); deny with no country is everywhere too
    expect(geoRuleOf({ mode: 'everywhere', countries: ['GB'] })).toEqual({})
    expect(geoRuleOf({ mode: 'deny', countries: [] })).toEqual({})
  })

  it('reads codes and names, and answers back what it does not know', () => {
    expect(parseCountryInput('gb, ie')).toEqual({ codes: ['GB', 'IE'], unknown: [], aliased: [] })
    expect(parseCountryInput('GB US  fr')).toEqual({ codes: ['GB', 'US', 'FR'], unknown: [], aliased: [] })
    expect(parseCountryInput('United Kingdom; united states')).toEqual({ codes: ['GB', 'US'], unknown: [], aliased: [] })
    // issue 25: "UK" is what people write for GB; it is read as GB, and said so
    expect(parseCountryInput('UK, XX, GB')).toEqual({ codes: ['GB'], unknown: ['XX'], aliased: [{ from: 'UK', to: 'GB' }] })
  })

  it('summarises a rule in one line', () => {
    expect(geoSummary(undefined)).toBe('Everywhere')
    expect(geoSummary({ allow: ['GB'] })).toBe('Only in United Kingdom (GB)')
    expect(geoSummary({ deny: ['FR', 'US'] })).toBe('Everywhere except France (FR), United States (US)')
  })
})
