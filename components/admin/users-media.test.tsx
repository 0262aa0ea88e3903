// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { type ApiCall, type ApiRoutes, fakeApi } from '../../test/fake-api.ts'
import { login, resetSessionForTests } from '../account/session.ts'
import { AdminNav, AdminScreen } from './AdminNav.tsx'
import type { MediaItem } from './media-api.ts'
import { MediaPanel } from './MediaPanel.tsx'
import type { Account } from './users-api.ts'
import { UsersPanel } from './UsersPanel.tsx'

/** Issue 13: the Users and Media screens, against a fake API answering as the server does. */
let calls: ApiCall[]
let routes: ApiRoutes
const token = (username: string, role: string) => `x.${btoa(JSON.stringify({ username, role })).replace(/=+$/, '')}.sig`

beforeEach(() => {
  resetSessionForTests()
  calls = []
  routes = {}
  fakeApi(() => routes, () => calls)
})
afterEach(() => cleanup())

async function signIn(username: string, role: string) {
  routes['POST /api/auth/login'] = () => Response.json({ accessToken: token(username, role), refreshToken: 'r' })
  await login(username, 'pw')
}

describe('admin navigation', () => {
  it('shows Users and Media library to an admin', async () => {
    await signIn('boss', 'admin')
    render(<AdminNav />)
    expect(screen.getByRole('link', { name: 'Users' }).getAttribute('href')).toBe('/admin/users')
    expect(screen.getByRole('link', { name: 'Media library' }).getAttribute('href')).toBe('/admin/media')
  })

  it('shows an editor Earnings (issue 21) and Searches (issue 26) and neither of the admin screens', async () => {
    await signIn('ed', 'editor')
    render(<AdminNav />)
    const nav = screen.getByRole('navigation', { name: 'Admin screens' })
    expect(within(nav).getAllByRole('link').map((a) => a.textContent)).toEqual(['Earnings', 'Searches'])
    expect(within(nav).getByRole('link', { name: 'Searches' }).getAttribute('href')).toBe('/admin/searches')
  })
})

describe('the admin screens\' frame', () => {
  it.each(['editor', 'manager', 'admin'])('lets %s into the screens editors reach (Earnings, Searches)', async (role) => {
    await signIn('someone', role)
    render(
      <AdminScreen reach="editor">
        <p>earnings panel</p>
      </AdminScreen>,
    )
    expect(await screen.findByText('earnings panel')).toBeTruthy()
    expect(screen.queryByTestId('admin-only')).toBeNull()
  })

  it.each(['editor', 'manager'])('keeps %s out of the admins\' screens', async (role) => {
    await signIn('someone', role)
    render(
      <AdminScreen>
        <p>users panel</p>
      </AdminScreen>,
    )
    expect(await screen.findByTestId('admin-only')).toBeTruthy()
    expect(screen.queryByText('users panel')).toBeNull()
  })
})

describe('admin navigation for a manager', () => {
  it('shows a manager what an editor sees (Earnings, Searches) and none of the admin screens', async () => {
    await signIn('mia', 'manager')
    render(<AdminNav />)
    const nav = screen.getByRole('navigation', { name: 'Admin screens' })
    expect(within(nav).getAllByRole('link').map((a) => a.textContent)).toEqual(['Earnings', 'Searches'])
  })
})

describe('Users screen', () => {
  const account = (username: string, role: Account['role'], disabled = false): Account => ({ id: `id-${username}`, username, role, disabled, createdAt: '2026-11-01T10:00:00.000Z' })
  let users: Account[]
  beforeEach(async () => {
    users = [account('boss', 'admin'), account('ed', 'editor'), account('gone', 'user', true)]
    routes['GET /api/users'] = () => Response.json({ users })
    await signIn('boss', 'admin')
  })

  it('lists accounts; your own role and state cannot be changed from here', async () => {
    render(<UsersPanel />)
    const mine = await screen.findByTestId('user-boss')
    expect(within(mine).getByText('(you)')).toBeTruthy()
    expect((within(mine).getByLabelText('Role of boss') as HTMLSelectElement).disabled).toBe(true)
    expect(within(mine).queryByRole('button', { name: 'Disable' })).toBeNull()
    expect(within(screen.getByTestId('user-gone')).getByText('Disabled')).toBeTruthy()
    expect(within(screen.getByTestId('user-gone')).getByRole('button', { name: 'Enable' })).toBeTruthy()
  })

  it('a demotion is confirmed, then sent; the row shows the new role', async () => {
    routes['PATCH /api/users/id-ed'] = (c) => Response.json({ ...users[1], ...c.body })
    window.confirm = vi.fn().mockReturnValueOnce(false).mockReturnValueOnce(true)
    render(<UsersPanel />)
    const select = (await screen.findByLabelText('Role of ed')) as HTMLSelectElement
    fireEvent.change(select, { target: { value: 'user' } })
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false)
    fireEvent.change(select, { target: { value: 'user' } })
    await waitFor(() => expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ role: 'user' }))
    await waitFor(() => expect((screen.getByLabelText('Role of ed') as HTMLSelectElement).value).toBe('user'))
  })

  it('offers every role, the brand/revenue manager included, and says what each may do', async () => {
    routes['PATCH /api/users/id-ed'] = (c) => Response.json({ ...users[1], ...c.body })
    window.confirm = vi.fn().mockReturnValue(true)
    render(<UsersPanel />)
    const select = (await screen.findByLabelText('Role of ed')) as HTMLSelectElement
    expect([...select.options].map((o) => o.value)).toEqual(['admin', 'manager', 'editor', 'user'])
    expect(screen.getByTestId('role-help').textContent).toMatch(/manager: .*conversions.*exchange rates/i)
    fireEvent.change(select, { target: { value: 'manager' } })
    await waitFor(() => expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ role: 'manager' }))
    expect(window.confirm).not.toHaveBeenCalled() // a promotion logs nobody out
    expect((await screen.findByRole('status')).textContent).toMatch(/ed is now manager/)
  })

  it('shows the server\'s reason when a change is refused', async () => {
    routes['PATCH /api/users/id-ed'] = () => Response.json({ message: '"ed" is the last admin: make another account admin first', code: 'conflict' }, { status: 409 })
    window.confirm = vi.fn().mockReturnValue(true)
    render(<UsersPanel />)
    fireEvent.click(within(await screen.findByTestId('user-ed')).getByRole('button', { name: 'Disable' }))
    expect((await screen.findByRole('alert')).textContent).toMatch(/last admin/)
  })

  it('reset password shows the generated password once', async () => {
    routes['POST /api/users/id-ed/password'] = () => Response.json({ id: 'id-ed', username: 'ed', password: 'Gen3ratedPassw0rd_xy' })
    window.confirm = vi.fn().mockReturnValue(true)
    render(<UsersPanel />)
    fireEvent.click(within(await screen.findByTestId('user-ed')).getByRole('button', { name: 'Reset password' }))
    expect((await screen.findByTestId('new-password')).textContent).toBe('Gen3ratedPassw0rd_xy')
    expect(calls.find((c) => c.url === '/api/users/id-ed/password')?.body).toEqual({})
  })

  it('adds an account and lists it', async () => {
    routes['POST /api/users'] = (c) => Response.json(account(c.body.username, c.body.role), { status: 201 })
    render(<UsersPanel />)
    const form = await screen.findByRole('form', { name: 'Add user' })
    fireEvent.change(within(form).getByLabelText('Username'), { target: { value: 'newbie' } })
    fireEvent.change(within(form).getByLabelText('Password'), { target: { value: 'a long password' } })
    fireEvent.change(within(form).getByLabelText('Role'), { target: { value: 'user' } })
    fireEvent.submit(form)
    expect(await screen.findByTestId('user-newbie')).toBeTruthy()
    expect(calls.find((c) => c.method === 'POST' && c.url === '/api/users')?.body).toEqual({ username: 'newbie', password: 'a long password', role: 'user' })
  })
})

describe('Media screen', () => {
  const item = (id: string, over: Partial<MediaItem> = {}): MediaItem => ({ _id: id, url: `/media/${id}`, alt: `alt ${id}`, filename: `${id}.png`, contentType: 'image/png', size: 2048, files: 1, createdAt: '2026-11-01T10:00:00.000Z', usedBy: [], ...over })
  beforeEach(async () => {
    await signIn('boss', 'admin')
  })

  it('shows thumbnails with alt text, size and where each is used; only unused images can be deleted (confirmed)', async () => {
    routes['GET /api/media'] = () => Response.json({ items: [item('used', { usedBy: [{ kind: 'brand', id: 'nova', title: 'Nova Casino' }] }), item('spare')], nextCursor: null })
    routes['DELETE /api/media/*'] = () => Response.json({ ok: true })
    window.confirm = vi.fn().mockReturnValueOnce(false).mockReturnValueOnce(true)
    render(<MediaPanel />)
    const used = await screen.findByTestId('media-used')
    expect(within(used).getByRole('img').getAttribute('alt')).toBe('alt used')
    expect(within(used).getByText(/PNG · 2 KB/)).toBeTruthy()
    expect(within(used).getByRole('link', { name: 'Nova Casino' }).getAttribute('href')).toBe('/brands/nova')
    expect(within(used).queryByRole('button', { name: 'Delete' })).toBeNull()
    const spare = screen.getByTestId('media-spare')
    expect(within(spare).getByText('Not used')).toBeTruthy()
    fireEvent.click(within(spare).getByRole('button', { name: 'Delete' }))
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false)
    fireEvent.click(within(spare).getByRole('button', { name: 'Delete' }))
    await waitFor(() => expect(screen.queryByTestId('media-spare')).toBeNull())
    expect(calls.find((c) => c.method === 'DELETE')?.url).toBe('/api/media/spare')
  })

  it('filters to unused images and loads more until the last page', async () => {
    routes['GET /api/media'] = (c) => {
      const q = new URL(c.url, 'http://x').searchParams
      if (q.get('cursor')) return Response.json({ items: [item('second-page')], nextCursor: null })
      return Response.json({ items: [item(q.get('unused') ? 'unused-first' : 'first')], nextCursor: 'next' })
    }
    render(<MediaPanel />)
    await screen.findByTestId('media-first')
    fireEvent.click(screen.getByLabelText(/Only unused images/))
    await screen.findByTestId('media-unused-first')
    expect(calls.some((c) => c.url.includes('unused=1'))).toBe(true)
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }))
    await screen.findByTestId('media-second-page')
    expect(screen.getByTestId('media-unused-first')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull()
  })

  it('says so when the library is empty', async () => {
    routes['GET /api/media'] = () => Response.json({ items: [], nextCursor: null })
    render(<MediaPanel />)
    expect((await screen.findByText(/No images yet/)).textContent).toMatch(/appear here/)
  })
})
