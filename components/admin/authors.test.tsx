// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { AuthorWithUsage } from '../../lib/author-schemas.ts'
import type { Post } from '../../lib/schemas.ts'
import { type ApiCall, type ApiRoutes, fakeApi } from '../../test/fake-api.ts'
import { post } from '../../test/factories.ts'
import { login, resetSessionForTests } from '../account/session.ts'
import { AdminPanel } from './AdminPanel.tsx'
import { AuthorsPanel } from './AuthorsPanel.tsx'
import { PostForm } from './PostForm.tsx'

/** Issue 22 in the admin: the Authors tab (admins) and the post form's author and reviewer pickers (editors), against a fake API. */
let calls: ApiCall[]
let routes: ApiRoutes
let authors: AuthorWithUsage[]
const token = (username: string, role: string) => `x.${btoa(JSON.stringify({ username, role })).replace(/=+$/, '')}.sig`
const AT = '2026-11-20T10:00:00.000Z'
const profile = (id: string, name: string, usage = { authored: 0, reviewed: 0 }): AuthorWithUsage => ({ _id: id, slug: id, name, bio: '', expertise: [], photo: '', links: [], createdAt: AT, updatedAt: AT, usage })

beforeEach(() => {
  resetSessionForTests()
  window.history.replaceState(null, '', '/admin')
  localStorage.clear()
  calls = []
  authors = [profile('daniel-okafor', 'Daniel Okafor', { authored: 5, reviewed: 5 }), profile('maya-chen', 'Maya Chen', { authored: 1, reviewed: 0 })]
  routes = {
    'GET /api/authors': () => Response.json({ authors }),
    'GET /api/posts/blog-content': () => Response.json({ hero: null, featured: null, articles: [], articleBottoms: [] }),
    'GET /api/posts/list': () => Response.json({ posts: [], nextCursor: null, total: 0 }),
  }
  fakeApi(() => routes, () => calls, () => Response.json({ ok: true }))
})
afterEach(() => cleanup())

async function signIn(role: 'admin' | 'editor') {
  routes['POST /api/auth/login'] = () => Response.json({ accessToken: token(role, role), refreshToken: 'r' })
  await login(role, 'pw')
}

describe('the Authors tab', () => {
  it('is shown to admins only; an editor who opens its address is told it is for admins', async () => {
    await signIn('editor')
    const { unmount } = render(<AdminPanel />)
    await screen.findByRole('tab', { name: 'Articles' })
    expect(screen.queryByRole('tab', { name: 'Authors' })).toBeNull()
    unmount()
    window.history.replaceState(null, '', '/admin?tab=authors')
    render(<AdminPanel />)
    await screen.findByTestId('admin-only')
    expect(calls.some((c) => c.url === '/api/authors' && c.method !== 'GET')).toBe(false)
  })

  it('lists each profile with how many posts name it', async () => {
    await signIn('admin')
    render(<AuthorsPanel />)
    const rows = await screen.findAllByTestId('author-row')
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringContaining('Daniel Okafor /author/daniel-okaforAuthor of 5 posts · reviewer of 5 posts'),
      expect.stringContaining('Maya Chen /author/maya-chenAuthor of 1 post'),
    ])
    expect(within(rows[0]!).getByRole('link', { name: 'View' }).getAttribute('href')).toBe('/author/daniel-okafor')
  })

  it('adds a profile, then stays on it: the next save updates it rather than adding another', async () => {
    await signIn('admin')
    routes['POST /api/authors'] = (c) => {
      const made = profile('new-id', c.body.name)
      authors = [...authors, { ...made, slug: 'priya-nair', expertise: c.body.expertise, links: c.body.links }]
      return Response.json(authors.at(-1), { status: 201 })
    }
    routes['PUT /api/authors/*'] = (c) => Response.json({ ...authors.at(-1)!, ...c.body })
    render(<AuthorsPanel />)
    await screen.findAllByTestId('author-row')
    fireEvent.click(screen.getByRole('button', { name: '+ Add author' }))
    const form = screen.getByRole('form', { name: 'Add author' })
    fireEvent.change(within(form).getByLabelText('Name'), { target: { value: 'Priya Nair' } })
    fireEvent.change(within(form).getByLabelText('Writes about'), { target: { value: 'Poker, , Live casino ' } })
    fireEvent.click(within(form).getByRole('button', { name: '+ Add link' }))
    fireEvent.click(within(form).getByRole('button', { name: '+ Add link' })) // left empty: not a link
    fireEvent.change(within(form).getAllByLabelText('URL')[0]!, { target: { value: ' https://priya.example/ ' } })
    fireEvent.click(within(form).getByRole('button', { name: 'Add' }))
    await screen.findByText('Saved.')
    expect(calls.find((c) => c.method === 'POST' && c.url === '/api/authors')!.body).toEqual({ name: 'Priya Nair', slug: '', bio: '', expertise: ['Poker', 'Live casino'], photo: '', links: [{ label: '', url: 'https://priya.example/' }] })

    const edit = screen.getByRole('form', { name: 'Edit author' })
    expect(within(edit).getByRole('heading', { level: 2 }).textContent).toBe('Edit Priya Nair')
    expect((within(edit).getByLabelText('URL slug') as HTMLInputElement).value).toBe('priya-nair')
    fireEvent.change(within(edit).getByLabelText('Name'), { target: { value: 'Priya R. Nair' } })
    fireEvent.click(within(edit).getByRole('button', { name: 'Update' }))
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true))
    expect(calls.filter((c) => c.method === 'POST' && c.url === '/api/authors')).toHaveLength(1)
    expect(calls.find((c) => c.method === 'PUT')!.url).toBe('/api/authors/new-id')
  })

  it("a refused save shows the server's reason and marks the field it names", async () => {
    await signIn('admin')
    routes['POST /api/authors'] = () => Response.json({ message: '"maya-chen" is the address of Maya Chen: choose another', code: 'conflict', issues: [{ path: 'slug', message: '"maya-chen" is the address of Maya Chen: choose another' }] }, { status: 409 })
    render(<AuthorsPanel />)
    await screen.findAllByTestId('author-row')
    fireEvent.click(screen.getByRole('button', { name: '+ Add author' }))
    const form = screen.getByRole('form', { name: 'Add author' })
    fireEvent.change(within(form).getByLabelText('Name'), { target: { value: 'Maya Chen' } })
    fireEvent.click(within(form).getByRole('button', { name: 'Add' }))
    expect((await within(form).findByRole('alert')).textContent).toMatch(/^Failed to save the author: URL slug: "maya-chen" is the address of Maya Chen: choose another/) // the field by its label
    expect(form.querySelector('.field-issue')?.textContent).toBe('"maya-chen" is the address of Maya Chen: choose another')
  })

  it('a slug becomes hyphens as it is typed; one left unfinished is flagged before saving, and the save waits for a valid one', async () => {
    await signIn('admin')
    render(<AuthorsPanel />)
    await screen.findAllByTestId('author-row')
    fireEvent.click(screen.getByRole('button', { name: '+ Add author' }))
    const form = screen.getByRole('form', { name: 'Add author' })
    fireEvent.change(within(form).getByLabelText('Name'), { target: { value: 'Lena' } })
    fireEvent.change(within(form).getByLabelText('URL slug'), { target: { value: 'Lena Fischer' } })
    expect((within(form).getByLabelText('URL slug') as HTMLInputElement).value).toBe('lena-fischer')
    fireEvent.change(within(form).getByLabelText('URL slug'), { target: { value: 'lena-' } })
    expect(within(form).getByText(/^Use lowercase letters, digits and single hyphens/)).toBeTruthy()
    expect((within(form).getByRole('button', { name: 'Add' }) as HTMLButtonElement).disabled).toBe(true)
  })

  it('a refused delete says why (posts still name the profile) and keeps it listed', async () => {
    await signIn('admin')
    window.confirm = vi.fn(() => true)
    routes['DELETE /api/authors/*'] = () => Response.json({ message: 'Maya Chen is the author of 1 post ("RTP"): choose another author or reviewer on them first', code: 'conflict' }, { status: 409 })
    render(<AuthorsPanel />)
    const rows = await screen.findAllByTestId('author-row')
    fireEvent.click(within(rows[1]!).getByRole('button', { name: 'Delete' }))
    expect(window.confirm).toHaveBeenCalledWith('Delete the author Maya Chen?')
    expect((await screen.findByRole('alert')).textContent).toBe('Maya Chen is the author of 1 post ("RTP"): choose another author or reviewer on them first')
    expect(screen.getAllByTestId('author-row')).toHaveLength(2)
  })
})

describe("the post form's byline", () => {
  const options = [
    { _id: 'daniel-okafor', name: 'Daniel Okafor' },
    { _id: 'maya-chen', name: 'Maya Chen' },
  ]
  const saved = (over: Partial<Post>): Post => ({ ...post('p', 'P'), createdAt: AT, updatedAt: AT, ...over })

  it('picks an author and a reviewer by profile; the text name fields give way to them; the save sends the ids', async () => {
    routes['POST /api/posts/article'] = (c) => Response.json({ ...c.body, _id: 'credited', type: 'article', createdAt: AT, updatedAt: AT }, { status: 201 })
    render(<PostForm type="article" saved={null} onSaved={() => {}} onCancel={() => {}} authors={options} />)
    const form = screen.getByRole('form', { name: 'Add article' })
    fireEvent.change(within(form).getByLabelText('Title'), { target: { value: 'Credited' } })
    expect(within(form).getByLabelText('Author name (without a profile)')).toBeTruthy()
    const author = form.querySelector<HTMLSelectElement>('select[name="authorId"]')!
    const reviewer = form.querySelector<HTMLSelectElement>('select[name="reviewerId"]')!
    fireEvent.change(author, { target: { value: 'maya-chen' } })
    expect(within(form).queryByLabelText('Author name (without a profile)')).toBeNull()
    // the author cannot also be the reviewer
    expect([...reviewer.options].filter((o) => o.disabled).map((o) => o.value)).toEqual(['maya-chen'])
    fireEvent.change(reviewer, { target: { value: 'daniel-okafor' } })
    expect(within(form).queryByLabelText('Reviewer name (without a profile)')).toBeNull()
    fireEvent.click(within(form).getByRole('button', { name: 'Add' }))
    fireEvent.click(within(form).getByRole('button', { name: 'Publish anyway' })) // a bare post asks before it goes live
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true))
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({ authorId: 'maya-chen', reviewerId: 'daniel-okafor' })
  })

  it('choosing the reviewer as author clears the reviewer; "No profile" sends null', async () => {
    routes['PUT /api/posts/*'] = (c) => Response.json({ ...c.body, _id: 'p', type: 'article', createdAt: AT, updatedAt: AT })
    render(<PostForm type="article" saved={saved({ authorId: 'daniel-okafor', reviewerId: 'maya-chen' })} onSaved={() => {}} onCancel={() => {}} authors={options} />)
    const form = screen.getByRole('form', { name: 'Edit article' })
    const author = form.querySelector<HTMLSelectElement>('select[name="authorId"]')!
    const reviewer = form.querySelector<HTMLSelectElement>('select[name="reviewerId"]')!
    expect([author.value, reviewer.value]).toEqual(['daniel-okafor', 'maya-chen'])
    fireEvent.change(author, { target: { value: 'maya-chen' } })
    expect(reviewer.value).toBe('')
    fireEvent.change(author, { target: { value: '' } })
    fireEvent.click(within(form).getByRole('button', { name: 'Update' }))
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true))
    expect(calls.find((c) => c.method === 'PUT')!.body).toMatchObject({ authorId: null, reviewerId: null })
  })

  it('without the profiles (they failed to load) says so, keeps the chosen one and the text fields', () => {
    const withText = saved({ authorId: 'daniel-okafor', reviewerId: null, meta: { author: '', date: '', reviewer: 'Elena Rossi', readTime: '' } })
    render(<PostForm type="article" saved={withText} onSaved={() => {}} onCancel={() => {}} authors="failed" />)
    const form = screen.getByRole('form', { name: 'Edit article' })
    expect(within(form).getByText('The author profiles could not be loaded: reload the page to pick one.')).toBeTruthy()
    expect(form.querySelector<HTMLSelectElement>('select[name="authorId"]')!.value).toBe('daniel-okafor')
    expect((within(form).getByLabelText('Reviewer name (without a profile)') as HTMLInputElement).value).toBe('Elena Rossi')
  })
})
