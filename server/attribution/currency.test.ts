import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { ExchangeRatesRepository } from '../../db/repositories/exchange-rates.ts'
import { createCurrencyService } from './currency.ts'

/** Rates as the repository hands them out: per currency, by day, per euro. */
function ratesOf(perEur: Record<string, number>) {
  return {
    between: async (currencies: readonly string[]) => new Map(currencies.map((c) => [c, perEur[c] === undefined ? [] : [{ day: '2026-01-01', perEur: perEur[c]! }]])),
  } as unknown as ExchangeRatesRepository
}
const service = (perEur: Record<string, number>, reportCurrency = 'GBP') =>
  createCurrencyService({ rates: ratesOf(perEur), reportCurrency, audit: { record: async () => {} } as never, now: () => new Date('2026-01-02T00:00:00Z') })

const cents = fc.integer({ min: -500_000, max: 5_000_000 }).map((c) => c / 100)
const rate = fc.integer({ min: 5_000, max: 2_000_000 }).map((r) => r / 10_000)

describe('the currency converter', () => {
  it('converts through the euro at the day’s rates, and knows when a rate is missing', async () => {
    const convert = await service({ GBP: 0.85, USD: 1.1 }).converter(['USD', 'EUR', 'GBP', 'SEK'], '2026-01-01', '2026-01-03')
    expect(convert(110, 'USD', '2026-01-02')).toBeCloseTo(85, 10)
    expect(convert(100, 'EUR', '2026-01-02')).toBeCloseTo(85, 10)
    expect(convert(12.34, 'GBP', '2026-01-02')).toBe(12.34)
    expect(convert(10, 'SEK', '2026-01-02')).toBeNull()
  })

  // A report's rows group the same conversions differently (by page, by day, by slot), and every report's
  // total must be the same to the cent: converting two amounts apart and together must agree. Rounded to
  // 4 places per amount, 1.2493 + 4.4257 (5.6750) against the day's 5.6749 put the pages report a cent
  // off the daily chart (found by server/attribution/reconciliation.test.ts).
  it('adds up: two amounts converted apart are the two converted together', async () => {
    await fc.assert(
      fc.asyncProperty(cents, cents, rate, rate, async (a, b, usd, gbp) => {
        const convert = await service({ GBP: gbp, USD: usd }).converter(['USD'], '2026-01-01', '2026-01-03')
        const apart = convert(a, 'USD', '2026-01-02')! + convert(b, 'USD', '2026-01-02')!
        const together = convert(a + b, 'USD', '2026-01-02')!
        expect(Math.abs(apart - together)).toBeLessThan(1e-6)
      }),
      { numRuns: 500 },
    )
  })
})
