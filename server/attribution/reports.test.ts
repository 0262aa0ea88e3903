import { describe, expect, it } from 'vitest'
import type { BrandsRepository } from '../../db/repositories/brands.ts'
import { AppError } from '../errors.ts'
import type { CurrencyService } from './currency.ts'
import type { FiguresSource } from './figures.ts'
import type { Labels } from './labels.ts'
import { createReports } from './reports.ts'

const reports = createReports({ figures: {} as FiguresSource, currency: {} as CurrencyService, labels: {} as Labels, brands: {} as BrandsRepository, now: () => new Date('2026-06-11T12:00:00Z') })

describe('report ranges', () => {
  it('defaults to the 30 days up to today, or up to `to`', () => {
    expect(reports.range()).toEqual({ from: '2026-05-13', to: '2026-06-11' })
    expect(reports.range(undefined, '2026-03-01')).toEqual({ from: '2026-01-31', to: '2026-03-01' })
  })

  // found by the route fuzz (server/fuzz.test.ts): `?to=0` alone was a 500 (the default `from` was computed from an invalid day)
  it.each(['0', 'today', '2026-02-30', '2026-13-01', ''])('a bad `to` without `from` (%j) is a 400 naming `to`', (to) => {
    const err = (() => {
      try {
        reports.range(undefined, to)
      } catch (e) {
        return e
      }
    })()
    expect(err).toBeInstanceOf(AppError)
    expect(err).toMatchObject({ code: 'bad_request', message: 'Invalid to: use YYYY-MM-DD' })
  })

  it('an impossible day is refused, never rolled over (2026-02-30 is not 2 March)', () => {
    expect(() => reports.range('2026-02-30', '2026-03-05')).toThrow('Invalid from: use YYYY-MM-DD')
  })
})
