// @vitest-environment happy-dom
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { brandPage } from '../../test/factories.ts'
import { resetSessionForTests } from '../account/session.ts'
import { BrandForm } from './BrandForm.tsx'
import { DisclosurePanel } from './DisclosurePanel.tsx'
import { toDraft, toFormData } from './draft.ts'

beforeEach(() => resetSessionForTests())

describe('brand form: significant terms (compliance)', () => {
  const warning = () => screen.queryByTestId('terms-warning')

  it("has 'Significant terms' and 'Full terms URL', loaded from the brand and sent (trimmed) in the multipart form", () => {
    const draft = toDraft(brandPage({ termsSummary: '18+. T&Cs apply.', termsUrl: 'https://op.example/terms' }))
    render(<BrandForm initial={draft} onDone={vi.fn()} onCancel={vi.fn()} />)
    expect((screen.getByLabelText('Significant terms') as HTMLTextAreaElement).value).toBe('18+. T&Cs apply.')
    expect((screen.getByLabelText('Full terms URL') as HTMLInputElement).value).toBe('https://op.example/terms')
    const f = toFormData({ ...draft, termsSummary: '  18+. New customers only.  ', termsUrl: ' https://op.example/t ' })
    expect(f.get('termsSummary')).toBe('18+. New customers only.')
    expect(f.get('termsUrl')).toBe('https://op.example/t')
  })

  it.each([
    ['Bonus Offer', 'input'],
    ['Offer Highlight', 'input'],
    ['Main text', 'input'],
  ])('warns, visibly and without blocking, while %s is filled in without significant terms', (label) => {
    render(<BrandForm initial={toDraft()} onDone={vi.fn()} onCancel={vi.fn()} />)
    expect(warning()).toBeNull()
    fireEvent.change(screen.getByLabelText(label), { target: { value: '100% up to £100' } })
    expect(warning()!.textContent).toMatch(/shows a bonus but has no significant terms/)
    expect(warning()!.getAttribute('role')).toBe('status')
    expect((screen.getByRole('button', { name: 'Add' }) as HTMLButtonElement).disabled).toBe(false) // a warning, not a block
    fireEvent.change(screen.getByLabelText('Significant terms'), { target: { value: '18+. Min deposit £10. 35x wagering. T&Cs apply.' } })
    expect(warning()).toBeNull()
  })

  it('still saves a bonus without terms (the editor may be waiting for the operator)', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(Response.json({ _id: 'x' }))
    const onDone = vi.fn()
    render(<BrandForm initial={toDraft(brandPage({ _id: 'x', campaignType: 'App - Install', rating: null, bonusOffer: 'Big bonus' }))} onDone={onDone} onCancel={vi.fn()} />)
    expect(warning()).not.toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Update' }))
    await waitFor(() => expect(onDone).toHaveBeenCalled())
    const body = fetchSpy.mock.calls[0][1]?.body as FormData
    expect(body.get('termsSummary')).toBe('')
  })
})

describe("'Disclosure' panel (/adminmarket)", () => {
  it('loads the line, saves an edit with PUT and shows the server refusal', async () => {
    const calls: { method: string; body?: string }[] = []
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const method = init?.method ?? 'GET'
      calls.push({ method, body: init?.body as string | undefined })
      expect(String(input)).toBe('/api/site-settings/disclosure')
      if (method === 'GET') return Response.json({ text: 'We may earn a commission.', linkUrl: '/info/affiliate-disclosure' })
      const text = JSON.parse(String(init?.body)).text
      return text.includes('<') ? Response.json({ message: 'Invalid text: must be plain text, without HTML', code: 'bad_request' }, { status: 400 }) : Response.json({ text, linkUrl: '/info/affiliate-disclosure' })
    })
    render(<DisclosurePanel />)
    expect(screen.getByRole('heading', { name: 'Disclosure' })).toBeTruthy()
    const field = screen.getByLabelText('Affiliate disclosure line') as HTMLTextAreaElement
    await waitFor(() => expect(field.value).toBe('We may earn a commission.'))
    fireEvent.change(field, { target: { value: 'GameWise is paid by brands listed here.' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save disclosure' }))
    expect((await screen.findByRole('status')).textContent).toMatch(/Saved/)
    expect(calls.at(-1)).toEqual({ method: 'PUT', body: JSON.stringify({ text: 'GameWise is paid by brands listed here.' }) })
    fireEvent.change(field, { target: { value: '<b>paid</b>' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save disclosure' }))
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to save the disclosure: Invalid text: must be plain text, without HTML')
  })
})
