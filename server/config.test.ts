import { describe, expect, it } from 'vitest'
import { loadConfig } from './config.ts'

describe('GA_MEASUREMENT_ID', () => {
  it('is optional, and a GA4 measurement id when set', () => {
    expect(loadConfig({}).gaMeasurementId).toBeUndefined()
    expect(loadConfig({ GA_MEASUREMENT_ID: '' }).gaMeasurementId).toBeUndefined()
    expect(loadConfig({ GA_MEASUREMENT_ID: 'G-ABC123XYZ9' }).gaMeasurementId).toBe('G-ABC123XYZ9')
  })

  it('refuses anything else, naming the variable (a Universal Analytics id, a stray quote, markup)', () => {
    for (const bad of ['UA-12345-1', 'G-abc', "G-ABC123'", 'G-ABC"><script>', 'GTM-ABC123']) {
      expect(() => loadConfig({ GA_MEASUREMENT_ID: bad })).toThrow(/GA_MEASUREMENT_ID: must be a GA4 measurement id/)
    }
  })
})
