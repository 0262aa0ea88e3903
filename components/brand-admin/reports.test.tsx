// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Figures } from '../../lib/reports.ts'
import { login, resetSessionForTests } from '../account/session.ts'
import { Reports } from './Reports.tsx'

/** The brand report of /adminmarket against a fake API answering as GET /api/reports/brands does. */
const token = `x.${btoa(JSON.stringify({ username: 'ed', role: 'editor' })).replace(/=+$/, '')}.sig`
const figures = (over: Partial<Figures>): Figures => ({
  views: 0,
  clicks: 0,
  uniqueClicks: 0,
  botClicks: 0,
  blockedClicks: 0,
  suspectClicks: 0,
  codeCopies: 0,
  botShare: 0,
  conversions: 0,
  suspectConversions: 0,
  conversionsByGoal: {},
  approvedRevenue: {},
  cr: 0,
  epc: {},
  ...over,
})

beforeEach(async () => {
  resetSessionForTests()
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://localhost')
    if (url.pathname === '/api/auth/login') return Response.json({ accessToken: token, refreshToken: 'r' })
    const row = { brandId: 'nova-spins', brandName: 'Nova Spins', ...figures({ clicks: 40, uniqueClicks: 3, botClicks: 5, blockedClicks: 2, suspectClicks: 27, conversions: 4, suspectConversions: 1, codeCopies: 6, botShare: 0.1111 }) }
    return Response.json({ brands: [row], totals: row, byCountry: {} })
  })
  await login('ed', 'pw')
})
afterEach(() => cleanup())

describe('brand report (issue 24)', () => {
  it('shows suspect clicks beside bot share and blocked clicks, and conversions on suspect clicks beside conversions', async () => {
    render(<Reports />)
    const table = await screen.findByTestId('report-table')
    const headers = within(table).getAllByRole('columnheader').map((h) => h.textContent)
    const [row] = within(table).getAllByTestId('report-row')
    const cell = (header: string) => within(row).getAllByRole('cell')[headers.indexOf(header)].textContent
    expect(headers.slice(0, 9)).toEqual(['Brand', 'Views', 'Clicks', 'Unique', 'Bot share', 'Blocked', 'Suspect', 'Conversions', 'On suspect clicks'])
    expect([cell('Clicks'), cell('Unique'), cell('Bot share'), cell('Blocked'), cell('Suspect')]).toEqual(['40', '3', '11.1%', '2', '27'])
    expect([cell('Conversions'), cell('On suspect clicks')]).toEqual(['4', '1'])
    // issue 22: people who copied the brand's bonus code
    expect(cell('Code copies')).toBe('6')
  })
})
