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

describe('CLICK_VELOCITY_LIMIT and VIEW_VELOCITY_LIMIT (issue 24)', () => {
  it('default to 10 clicks per network per brand per hour and 120 counted views per network per hour', () => {
    expect(loadConfig({}).raw).toMatchObject({ CLICK_VELOCITY_LIMIT: 10, VIEW_VELOCITY_LIMIT: 120 })
    expect(loadConfig({ CLICK_VELOCITY_LIMIT: '25', VIEW_VELOCITY_LIMIT: '' }).raw).toMatchObject({ CLICK_VELOCITY_LIMIT: 25, VIEW_VELOCITY_LIMIT: 120 })
  })

  it('refuses anything but a positive whole number, naming the variable', () => {
    for (const bad of ['0', '-1', '2.5', 'ten']) expect(() => loadConfig({ CLICK_VELOCITY_LIMIT: bad }), bad).toThrow(/CLICK_VELOCITY_LIMIT/)
    expect(() => loadConfig({ VIEW_VELOCITY_LIMIT: '0' })).toThrow(/VIEW_VELOCITY_LIMIT/)
  })
})
