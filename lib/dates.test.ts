import { describe, expect, it } from 'vitest'
import { formatDay, isoDay } from './dates.ts'

describe('public dates', () => {
  it('shows an ISO day or time in one format', () => {
    expect(formatDay('2026-11-03')).toBe('3 November 2026')
    expect(formatDay('2026-11-03T23:30:00.000Z')).toBe('3 November 2026')
    expect(isoDay('2026-11-03T23:30:00.000Z')).toBe('2026-11-03')
  })
  it('answers null for text that is not a date (an older free-text byline date is shown as typed)', () => {
    expect(formatDay('March 2026')).toBeNull()
    expect(formatDay('2026-13-45')).toBeNull()
    expect(formatDay('')).toBeNull()
  })
})
