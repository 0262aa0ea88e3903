import { describe, expect, it } from 'vitest'
import { data as isoListOne } from 'currency-codes'
import { AMENDMENTS, CURRENCY_CODES, ISO_LIST_DATE, isCurrencyCode, NOT_MONEY } from './currencies.ts'

describe('CURRENCY_CODES (ISO 4217 currencies a payout may be in)', () => {
  it('holds sorted, unique, upper-case three-letter codes', () => {
    expect(CURRENCY_CODES.every((c) => /^[A-Z]{3}$/.test(c))).toBe(true)
    expect([...CURRENCY_CODES]).toEqual([...new Set(CURRENCY_CODES)].sort())
  })

  it('has no code the runtime has never heard of (a typo guard: under Bun, Intl knows every ISO code and many more)', () => {
    const known = new Set(Intl.supportedValuesOf('currency'))
    expect(CURRENCY_CODES.filter((c) => !known.has(c))).toEqual([])
  })

  it.each(['USD', 'EUR', 'GBP', 'JPY', 'INR', 'XCG', 'ZWG', 'VED', 'XOF'])('accepts %s', (c) => expect(isCurrencyCode(c)).toBe(true))
  it.each(['ZZZ', 'NAN', 'XXX', 'XTS', 'XAU', 'DEM', 'FRF', 'ESP', 'CNH', 'HRK', 'BGN', 'ANG', 'CUC', 'usd', 'US', ''])('refuses %s', (c) => expect(isCurrencyCode(c)).toBe(false))

  it("is the package's List One less what is no money, with ISO's later amendments", () => {
    const listed = new Set(isoListOne.map((c) => c.code))
    expect(CURRENCY_CODES.length).toBeGreaterThan(150)
    for (const code of NOT_MONEY) expect(listed.has(code), `${code} is in List One`).toBe(true) // each exclusion names a real entry
    expect(CURRENCY_CODES.filter((c) => !listed.has(c))).toEqual(Object.keys(AMENDMENTS.added))
  })

  it(`holds only amendments the package (List One of ${ISO_LIST_DATE}) lacks: drop one once an upgrade carries it`, () => {
    const listed = new Set(isoListOne.map((c) => c.code))
    for (const [code, since] of Object.entries(AMENDMENTS.added)) {
      expect(listed.has(code), `${code} is in the package now`).toBe(false)
      expect(since > ISO_LIST_DATE).toBe(true)
    }
    for (const code of Object.keys(AMENDMENTS.withdrawn)) expect(listed.has(code), `${code} left the package`).toBe(true)
  })
})
