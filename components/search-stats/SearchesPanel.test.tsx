// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { login, resetSessionForTests } from '../account/session.ts'
import { type QueryReport, SearchesPanel } from './SearchesPanel.tsx'

/** Issue 26: what readers search for, for editors, against a fake API answering as GET /api/search/queries does. */
let asked: string[]
const token = `x.${btoa(JSON.stringify({ username: 'ed', role: 'editor' })).replace(/=+$/, '')}.sig`
const report = (noResults: boolean, days: number, queries: QueryReport['queries']): QueryReport => ({ from: '2026-11-01', to: '2026-11-20', days, noResults, queries })

beforeEach(async () => {
  resetSessionForTests()
  asked = []
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://site.test')
    if (url.pathname === '/api/auth/login') return Response.json({ accessToken: token, refreshToken: 'r' })
    asked.push(url.pathname + url.search)
    const days = Number(url.searchParams.get('days'))
    if (url.searchParams.get('noResults') === '1') return Response.json(report(true, days, [{ query: 'blorptastic casino', searches: 4, visitors: 3, noResults: 4 }]))
    return Response.json(report(false, days, [{ query: 'nova spins', searches: 1_234, visitors: 1_001, noResults: 0 }, { query: 'blorptastic casino', searches: 4, visitors: 3, noResults: 4 }]))
  })
  await login('ed', 'pw')
})
afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

describe('SearchesPanel', () => {
  it('lists the queries that found nothing and the most searched of the last 30 days, each with "Write about this" opening a new article titled with it', async () => {
    render(<SearchesPanel />)
    const none = await screen.findByRole('table', { name: 'Queries that found nothing' })
    expect(asked.sort()).toEqual(['/api/search/queries?days=30', '/api/search/queries?days=30&noResults=1'])
    const row = within(none).getAllByRole('row')[1]!
    expect(within(row).getAllByRole('cell').map((c) => c.textContent)).toEqual(['blorptastic casino', '3', '4', '4', 'Write about this'])
    expect(within(row).getByRole('link', { name: 'Write about this: “blorptastic casino”' }).getAttribute('href')).toBe('/admin?tab=articles&title=blorptastic+casino')
    const top = screen.getByRole('table', { name: 'Most searched queries' })
    expect(within(top).getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell')[0]!.textContent)).toEqual(['nova spins', 'blorptastic casino'])
    expect(within(top).getByText('1,234')).toBeTruthy()
  })

  it('asks again for another period', async () => {
    render(<SearchesPanel />)
    await screen.findByRole('table', { name: 'Most searched queries' })
    fireEvent.click(screen.getByRole('button', { name: 'Last 7 days' }))
    await waitFor(() => expect(asked).toContain('/api/search/queries?days=7&noResults=1'))
    expect(screen.getByRole('button', { name: 'Last 7 days' }).getAttribute('aria-pressed')).toBe('true')
  })
})
