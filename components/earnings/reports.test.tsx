import '../../test/happy-dom-server.ts'
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { makeTestApp } from '../../test/make-app.ts'
import { login, resetSessionForTests } from '../account/session.ts'
import { Reports } from '../brand-admin/Reports.tsx'
import { EarningsPanel } from './EarningsPanel.tsx'

/**
 * The report screens against the real server (issue 35): the page's fetch answered by the app itself, so
 * what the screens show is what the reports answer. A visitor reads an article, clicks its offer from the
 * offers box, and the programme reports a £150 first deposit; no exchange rate is known yet.
 */
const SECRET = 'reports-screen-secret'
const PERSON = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 person'
let t: Awaited<ReturnType<typeof makeTestApp>>

beforeAll(async () => {
  t = await makeTestApp({ env: { POSTBACK_SECRET: SECRET, REPORT_CURRENCY: 'EUR' } })
  const req = (path: string, init: RequestInit = {}) => t.app.request(path, { ...init, headers: { 'user-agent': PERSON, ...(init.headers ?? {}) } })
  await req('/api/track/view', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ page: 'article:rtp-explained', slots: ['article-offers'] }) })
  expect((await req('/go/nova-spins?from=article:rtp-explained&slot=article-offers&pos=1', { headers: { 'sec-fetch-dest': 'document', 'sec-fetch-mode': 'navigate' } })).status).toBe(302)
  await t.ctx.services.tracker.flush()
  const [click] = await t.ctx.store.collection<{ _id: string; clickid: string }>('clicks').find({})
  expect((await req(`/api/postback?${new URLSearchParams({ key: SECRET, click_id: click!.clickid, goal: 'FTD', payout: '150', currency: 'GBP', txn_id: 'ftd-1' })}`)).status).toBe(201)
  await t.ctx.services.users.createUser('screen_admin', 'correct horse battery', 'admin')
})

beforeEach(async () => {
  resetSessionForTests()
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => t.app.request(String(input), init as RequestInit))
  await login('screen_admin', 'correct horse battery')
})
afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

const table = (testId: string) => screen.findByTestId(testId)
const cell = (row: HTMLElement, label: string) => row.querySelector(`td[data-label="${label}"]`)?.textContent ?? null

describe('the Earnings screen', () => {
  it('shows revenue no rate converts apart, with the action that fixes it, never as €0.00 only', async () => {
    render(<EarningsPanel />)
    const pages = await table('report-pages')
    const row = (await within(pages).findAllByTestId('earnings-row')).find((r) => r.textContent!.includes('RTP Explained'))!
    expect(cell(row, 'Revenue')).toBe('€0.00 + £150.00 unconverted')
    expect(cell(row, 'First deposits')).toBe('1')
    expect(cell(row, 'Clicks')).toBe('1')
    expect(cell(row, 'CTR')).toBe('100%')
    // said once above each table and the headline, with the link to the rates import
    const notes = await screen.findAllByTestId('unconverted')
    expect(notes.length).toBeGreaterThanOrEqual(2)
    expect(notes[0]!.textContent).toContain('£150.00')
    expect(within(notes[0]!).getByRole('link', { name: 'Import rates' }).getAttribute('href')).toBe('/admin/earnings#rates')
  })

  it('every table ends with the totals of all its rows, the same as the headline', async () => {
    render(<EarningsPanel />)
    const headline = await screen.findByTestId('headline-figures')
    await waitFor(() => expect(within(headline).getByText('First deposits').nextElementSibling!.textContent).toMatch(/^1/))
    for (const id of ['report-pages', 'report-placements', 'report-breakdown']) {
      const total = await within(await table(id)).findByTestId('earnings-total')
      expect(cell(total, 'First deposits'), id).toBe('1')
      expect(cell(total, 'Revenue'), id).toBe('€0.00 + £150.00 unconverted')
    }
  })

  it('crosses page and placement, and breaks down by device', async () => {
    render(<EarningsPanel />)
    const placements = await table('report-placements')
    fireEvent.click(within(placements).getByRole('button', { name: 'Page × slot' }))
    await waitFor(() => expect(within(placements).getAllByTestId('earnings-row').map((r) => r.getAttribute('data-key'))).toContain('article:rtp-explained|article-offers'))
    const breakdown = await table('report-breakdown')
    fireEvent.click(within(breakdown).getByRole('button', { name: 'Device' }))
    await waitFor(() => expect(within(breakdown).getAllByTestId('earnings-row').map((r) => r.getAttribute('data-key'))).toEqual(['mobile']))
  })
})

describe('the brand admin report', () => {
  it('is in the report currency like Earnings, with the same totals, and one brand’s countries on demand', async () => {
    render(<Reports />)
    const brands = await table('report-brands')
    const row = (await within(brands).findAllByTestId('earnings-row')).find((r) => r.getAttribute('data-key') === 'nova-spins')!
    expect(cell(row, 'Clicks')).toBe('1')
    expect(cell(row, 'Revenue')).toBe('€0.00 + £150.00 unconverted')
    expect(cell(row, 'FTD rate')).toBe('100%')
    // every brand is listed, those with nothing counted too; the total is the sum of all of them
    expect(within(brands).getByTestId('earnings-total').querySelector('th')!.textContent).toMatch(/^All \d+$/)
    fireEvent.click(within(row).getByRole('button', { name: 'Daily' }))
    const countries = await table('report-countries-nova-spins')
    const unknown = await within(countries).findAllByTestId('earnings-row')
    expect(unknown.map((r) => [r.querySelector('th')!.textContent, cell(r, 'Clicks'), cell(r, 'Blocked')])).toEqual([['Unknown country', '1', '0']])
  })
})
