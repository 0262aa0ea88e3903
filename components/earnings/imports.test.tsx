import '../../test/happy-dom-server.ts'
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { makeTestApp } from '../../test/make-app.ts'
import { login, resetSessionForTests } from '../account/session.ts'
import { ConversionsImport } from './ConversionsImport.tsx'
import { EarningsPanel } from './EarningsPanel.tsx'

/**
 * The import controls against the real server: shown only to those the routes let import (managers and
 * admins), and what they say about a file in words a manager reads, not validator text or CLI flags.
 */
let t: Awaited<ReturnType<typeof makeTestApp>>
const BRANDS = [{ _id: 'nova-spins', brandName: 'Nova Spins' }]

beforeAll(async () => {
  t = await makeTestApp({ env: { REPORT_CURRENCY: 'EUR' } })
  for (const role of ['editor', 'manager'] as const) await t.ctx.services.users.createUser(`screen_${role}`, 'correct horse battery', role)
})

async function signIn(role: 'editor' | 'manager') {
  resetSessionForTests()
  await login(`screen_${role}`, 'correct horse battery')
}

beforeEach(() => {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => t.app.request(String(input), init as RequestInit))
})
afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

const choose = (label: string, name: string, text: string) => fireEvent.change(screen.getByLabelText(label), { target: { files: [new File([text], name, { type: name.endsWith('.csv') ? 'text/csv' : 'text/xml' })] } })

describe('who sees the import controls', () => {
  it("an editor sees neither the programme CSV import nor the rates upload (the server would refuse them)", async () => {
    await signIn('editor')
    render(
      <>
        <ConversionsImport brands={BRANDS} />
        <EarningsPanel />
      </>,
    )
    await screen.findByText(/Revenue is in EUR/)
    expect(screen.queryByRole('heading', { name: /Import a programme’s conversions/ })).toBeNull()
    expect(screen.queryByLabelText(/Import rates/)).toBeNull()
  })

  it('a manager imports exchange rates from the Earnings screen', async () => {
    await signIn('manager')
    render(<EarningsPanel />)
    await screen.findByText(/Revenue is in EUR/)
    choose('Import rates (ECB XML, or a CSV with date, currency and rate columns)', 'rates.csv', 'date,currency,rate\n2026-11-09,USD,1.25\n')
    await waitFor(() => expect(screen.getByRole('status', { name: '' }).textContent).toMatch(/1 rate/))
    expect(await t.ctx.store.collection('exchange_rates').count()).toBe(1)
  })

  it('a manager previews and imports a programme CSV', async () => {
    await signIn('manager')
    render(<ConversionsImport brands={BRANDS} />)
    const box = screen.getByRole('region', { name: /Import a programme’s conversions/ })
    choose('CSV file', 'november.csv', 'goal,payout,currency,txn_id,date\nFTD,40,EUR,nov-1,2026-11-10\n')
    fireEvent.change(within(box).getByLabelText('Brand of revenue no click matched'), { target: { value: 'nova-spins' } })
    fireEvent.click(within(box).getByRole('button', { name: 'Preview' }))
    expect((await screen.findByTestId('import-preview')).textContent).toMatch(/1 kept as the brand's unattributed revenue/)
    fireEvent.click(within(box).getByRole('button', { name: 'Import' }))
    expect((await screen.findByTestId('import-done')).textContent).toMatch(/1 kept as the brand's unattributed revenue/)
  })
})

describe('what the import controls say', () => {
  const file = 'click_id,goal,payout,currency,txn_id,date\n,CPA,40,EUR,said-1,2026-11-10\n'
  const preview = async (csv: string, name = 'report.csv') => {
    await signIn('manager')
    render(<ConversionsImport brands={BRANDS} />)
    const box = screen.getByRole('region', { name: /Import a programme’s conversions/ })
    choose('CSV file', name, csv)
    fireEvent.change(within(box).getByLabelText('Brand of revenue no click matched'), { target: { value: 'nova-spins' } })
    fireEvent.click(within(box).getByRole('button', { name: 'Preview' }))
    return box
  }

  it('a bad row is named by its line and field, in words, not validator text', async () => {
    await preview('click_id,goal,payout,txn_id\n,FTD,abc,said-0\n,Bonus,1,said-00\n')
    const items = (await screen.findByTestId('import-preview')).querySelectorAll('li')
    expect([...items].map((li) => li.textContent)).toEqual([
      'Line 2, Payout: "abc" is not a number: write the amount alone, such as 25 or 25.50',
      expect.stringMatching(/^Line 3, Goal: "Bonus" is not a goal we know: use a name such as FTD \(or CPA\)/),
    ])
    expect(screen.getByTestId('import-preview').textContent).not.toMatch(/expected|received|--map|column map:/i)
  })

  it('a file already imported: "Nothing changed: every row was already counted", not "Imported"', async () => {
    const box = await preview(file)
    await screen.findByTestId('import-preview')
    fireEvent.click(within(box).getByRole('button', { name: 'Import' }))
    expect((await screen.findByTestId('import-done')).textContent).toMatch(/Imported: 1 row written, totalling €40\.00\./)
    cleanup()
    const again = await preview(file)
    await screen.findByTestId('import-preview')
    fireEvent.click(within(again).getByRole('button', { name: 'Import' }))
    const done = await screen.findByTestId('import-done')
    expect(done.textContent).toMatch(/^Nothing changed: every row was already counted\./)
    expect(done.textContent).not.toMatch(/Imported/)
  })

  it('a file with a header and no rows: "Nothing to import"', async () => {
    await preview('click_id,goal,payout,txn_id\n')
    expect((await screen.findByRole('alert')).textContent).toBe('Nothing to import: the file has a header and no rows')
  })

  it('rates already imported: "Nothing changed"', async () => {
    await t.ctx.services.currency.import('date,currency,rate\n2026-11-05,USD,1.2\n', 'earlier.csv')
    await signIn('manager')
    render(<EarningsPanel />)
    await screen.findByText(/Revenue is in EUR/)
    choose('Import rates (ECB XML, or a CSV with date, currency and rate columns)', 'rates.csv', 'date,currency,rate\n2026-11-05,USD,1.2\n')
    await waitFor(() => expect(screen.getByText(/Nothing changed: every rate in the file was already imported/)).toBeTruthy())
  })
})
