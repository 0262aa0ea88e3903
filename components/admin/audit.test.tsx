// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { AuditEntryJson } from '../../lib/audit.ts'
import { login, resetSessionForTests } from '../account/session.ts'
import { AdminNav } from './AdminNav.tsx'
import { AuditPanel } from './AuditPanel.tsx'

/** Issue 13: the Audit log screen, against a fake API answering as the server does. */
let calls: string[]
let answer: (url: URL) => Response
const token = (username: string, role: string) => `x.${btoa(JSON.stringify({ username, role })).replace(/=+$/, '')}.sig`
const entry = (n: number, over: Partial<AuditEntryJson> = {}): AuditEntryJson => ({
  _id: `0000000000${String(n).padStart(2, '0')}`,
  at: '2026-11-20T10:00:00.000Z',
  actor: 'alice',
  actorId: 'u1',
  role: 'editor',
  via: 'http',
  ip: '203.0.113.7',
  action: 'brand.update',
  kind: 'brand',
  target: 'brand:nova-spins',
  changes: [{ field: 'dealBox.ctaUrl', from: 'https://old.example/go', to: 'https://new.example/go' }],
  ...over,
})

beforeEach(async () => {
  resetSessionForTests()
  calls = []
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://localhost')
    if (url.pathname === '/api/auth/login') return Response.json({ accessToken: token('boss', 'admin'), refreshToken: 'r' })
    calls.push(url.pathname + url.search)
    return answer(url)
  })
  await login('boss', 'pw')
})
afterEach(() => cleanup())

describe('Audit log screen', () => {
  it('is in the admin navigation for admins', () => {
    render(<AdminNav />)
    expect(screen.getByRole('link', { name: 'Audit log' }).getAttribute('href')).toBe('/admin/audit')
  })

  it('lists entries with who, from where, what and before → after; Load more fetches the next page', async () => {
    answer = (url) => (url.searchParams.get('cursor') ? Response.json({ entries: [entry(1, { action: 'post.delete', target: 'post:old', changes: [], note: 'Old title' })], nextCursor: null }) : Response.json({ entries: [entry(2)], nextCursor: '000000000002' }))
    render(<AuditPanel />)
    expect(await screen.findByText('brand:nova-spins')).toBeTruthy()
    expect(screen.getByText(/203\.0\.113\.7/)).toBeTruthy()
    expect(screen.getByText('dealBox.ctaUrl: https://old.example/go → https://new.example/go')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }))
    expect(await screen.findByText('Old title')).toBeTruthy()
    expect(calls).toEqual(['/api/audit', '/api/audit?cursor=000000000002'])
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull()
  })

  it('sends the filters, says when nothing matches, and shows stored text as text', async () => {
    answer = (url) => Response.json({ entries: url.searchParams.get('actor') ? [] : [entry(3, { note: '<img src=x onerror=alert(1)>' })], nextCursor: null })
    const { container } = render(<AuditPanel />)
    expect(await screen.findByText('<img src=x onerror=alert(1)>', { exact: false })).toBeTruthy()
    expect(container.querySelector('img')).toBeNull()
    fireEvent.change(screen.getByLabelText('Actor'), { target: { value: 'cli:deploy' } })
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-01' } })
    fireEvent.click(screen.getByRole('button', { name: 'Filter' }))
    expect(await screen.findByText('No entries match these filters.')).toBeTruthy()
    expect(calls.at(-1)).toBe('/api/audit?actor=cli%3Adeploy&from=2026-11-01')
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }))
    await waitFor(() => expect(calls.at(-1)).toBe('/api/audit'))
  })

  it('an empty log and a refused filter each say so', async () => {
    answer = (url) => (url.searchParams.get('from') ? Response.json({ message: 'Invalid query: from must be a date', code: 'bad_request' }, { status: 400 }) : Response.json({ entries: [], nextCursor: null }))
    render(<AuditPanel />)
    expect(await screen.findByText('No writes recorded yet.')).toBeTruthy()
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-01' } })
    fireEvent.click(screen.getByRole('button', { name: 'Filter' }))
    expect((await screen.findByRole('alert')).textContent).toMatch(/from must be a date|Failed to load the audit log/)
  })
})
