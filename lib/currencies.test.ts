import { describe, expect, it } from 'vitest'
import { CURRENCY_CODES, isCurrencyCode } from './currencies.ts'

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
  it.each(['ZZZ', 'NAN', 'XXX', 'XTS', 'XAU', 'DEM', 'FRF', 'CNH', 'HRK', 'usd', 'US', ''])('refuses %s', (c) => expect(isCurrencyCode(c)).toBe(false))
})
