import { describe, expect, it } from 'vitest'
import { addDays, adminTime, daysBetween, formatAmounts, formatDay, formatMoney, formatNumber, formatPercent, isCalendarDay, isoDay, utcDay } from './format.ts'

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

describe('UTC days', () => {
  it('reads a time as its UTC day, whatever the time zone', () => {
    expect(utcDay(new Date('2026-11-03T23:30:00.000-05:00'))).toBe('2026-11-04')
    expect(utcDay(new Date('2026-11-03T00:00:00.000Z'))).toBe('2026-11-03')
  })
  it('counts days across months, years and leap days', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01')
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29')
    expect(addDays('2026-11-03', 0)).toBe('2026-11-03')
    expect(daysBetween('2026-11-01', '2026-11-30')).toBe(29)
    expect(daysBetween('2026-11-30', '2026-11-01')).toBe(-29)
  })
  it('knows a day of the calendar from one Date would roll over', () => {
    expect(isCalendarDay('2024-02-29')).toBe(true)
    expect(isCalendarDay('2025-02-29')).toBe(false)
    expect(isCalendarDay('2026-1-1')).toBe(false)
    expect(isCalendarDay('2026-11-03T00:00:00Z')).toBe(false)
  })
})

describe('money', () => {
  it('on pages: a narrow symbol, whole amounts without decimals', () => {
    expect(formatMoney(10, 'GBP')).toBe('£10')
    expect(formatMoney(5.5, 'USD')).toBe('$5.50')
    expect(formatMoney(1234, 'EUR')).toBe('€1,234')
  })
  it('in reports: Intl’s standard, two decimals and a symbol that tells dollars apart', () => {
    expect(formatMoney(10, 'GBP', { style: 'report' })).toBe('£10.00')
    expect(formatMoney(1234.5, 'USD', { style: 'report' })).toBe('US$1,234.50')
  })
  it('per currency side by side: the ISO code and two decimals, "-" for none', () => {
    expect(formatMoney(12.5, 'EUR', { style: 'code' })).toBe('EUR 12.50')
    expect(formatAmounts({ EUR: 12.5, USD: 3 })).toBe('EUR 12.50, USD 3.00')
    expect(formatAmounts({ EUR: 1234.5, USD: 3 }, ' ')).toBe('EUR 1234.50 USD 3.00')
    expect(formatAmounts({})).toBe('-')
  })
})

describe('numbers and times', () => {
  it('groups thousands and keeps the decimals asked for', () => {
    expect(formatNumber(1234567)).toBe('1,234,567')
    expect(formatNumber(47.25, { maximumFractionDigits: 1 })).toBe('47.3')
  })
  it('writes fractions as percentages, and changes with their sign', () => {
    expect(formatPercent(0.125)).toBe('12.5%')
    expect(formatPercent(0.125, { signed: true })).toBe('+12.5%')
    expect(formatPercent(0, { signed: true })).toBe('0%')
  })
  it('shows the admin one format, in the editor\'s time zone, with seconds when asked', () => {
    expect(adminTime('2026-11-28T11:23:05Z', { seconds: true, timeZone: 'Europe/Berlin' })).toBe('28 Nov 2026, 12:23:05')
    expect(adminTime('2026-11-28T11:23:05Z', { timeZone: 'America/New_York' })).toBe('28 Nov 2026, 06:23')
    // without a zone named, the editor's own (the browser's), the one the admin states
    const own = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'medium', timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone }).format(new Date('2026-11-28T11:23:05Z'))
    expect(adminTime('2026-11-28T11:23:05Z', { seconds: true })).toBe(own)
  })
  it('answers an empty string for no time or a bad one in the admin', () => {
    expect(adminTime(null)).toBe('')
    expect(adminTime('not a time')).toBe('')
  })
})
