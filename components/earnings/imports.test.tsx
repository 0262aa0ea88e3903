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
