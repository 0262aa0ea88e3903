// @vitest-environment happy-dom
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { InfoPage } from '../../lib/info-page-schemas.ts'
import { type ApiCall, type ApiRoutes, fakeApi } from '../../test/fake-api.ts'
import { resetSessionForTests } from '../account/session.ts'
import { AdminPanel } from './AdminPanel.tsx'

let calls: ApiCall[]
let pages: InfoPage[]

const infoPage = (slug: string, title: string, required: boolean): InfoPage => ({ slug, title, body: `Body of ${title}`, seoTitle: '', seoDescription: '', createdAt: '2026-06-01T00:00:00.000Z', updatedAt: '2026-06-01T00:00:00.000Z', required })

beforeEach(() => {
  resetSessionForTests()
  calls = []
  pages = [infoPage('privacy', 'Privacy policy', true), infoPage('faq', 'FAQ', false)]
  const routes: ApiRoutes = {
    'GET /api/info-pages': () => Response.json({ pages }),
    'POST /api/info-pages/preview': (call) => Response.json({ tree: [{ t: 'h2', c: ['Preview of'] }, { t: 'p', c: [call.body.body] }] }),
    'POST /api/info-pages': (call) => Response.json({ ...infoPage(call.body.slug, call.body.title, false), body: call.body.body }, { status: 201 }),
    'PUT /api/info-pages/*': (call) => Response.json({ ...pages.find((p) => call.url.endsWith(p.slug))!, ...call.body }),
    'DELETE /api/info-pages/*': () => Response.json({ ok: true }),
  }
  fakeApi(() => routes, () => calls, () => Response.json({ hero: null, featured: null, articles: [], articleBottoms: [] }))
})

async function openInfoTab() {
  render(<AdminPanel />)
  fireEvent.click(await screen.findByRole('tab', { name: 'Info pages' }))
  await screen.findAllByTestId('info-page-row')
}

describe('admin: the Info pages tab', () => {
  it('lists the pages; a default page has no Delete button, another page does (confirmed first)', async () => {
    await openInfoTab()
    const [privacy, faq] = screen.getAllByTestId('info-page-row')
    expect(within(privacy!).queryByRole('button', { name: 'Delete' })).toBeNull()
    expect(within(privacy!).getByText('Default page')).toBeTruthy()
    expect(within(privacy!).getByRole('link', { name: 'View' }).getAttribute('href')).toBe('/info/privacy')

    const confirm = vi.fn().mockReturnValueOnce(false).mockReturnValueOnce(true)
    window.confirm = confirm
    fireEvent.click(within(faq!).getByRole('button', { name: 'Delete' }))
    expect(confirm).toHaveBeenCalledWith('Delete this info page?')
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false)
    fireEvent.click(within(faq!).getByRole('button', { name: 'Delete' }))
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.url === '/api/info-pages/faq')).toBe(true))
  })

  it('edits a page: the preview shows the server’s tree for what is typed, and Update sends the fields', async () => {
    await openInfoTab()
    fireEvent.click(within(screen.getAllByTestId('info-page-row')[0]!).getByRole('button', { name: 'Edit' }))
    const form = screen.getByRole('form', { name: 'Edit info page' })
    expect(within(form).getByText(/can be edited but not deleted/)).toBeTruthy()
    fireEvent.change(within(form).getByLabelText(/^Body/), { target: { value: 'Typed **text**' } })
    const preview = screen.getByRole('region', { name: 'Preview' })
    await waitFor(() => expect(within(preview).getByText('Typed **text**')).toBeTruthy())
    expect(within(preview).getByRole('heading', { level: 2, name: 'Preview of' })).toBeTruthy()

    fireEvent.change(within(form).getByLabelText(/^SEO title/), { target: { value: 'Privacy at GameWise' } })
    fireEvent.click(within(form).getByRole('button', { name: 'Update' }))
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true))
    const put = calls.find((c) => c.method === 'PUT')!
    expect(put.url).toBe('/api/info-pages/privacy')
    expect(put.body).toEqual({ title: 'Privacy policy', body: 'Typed **text**', seoTitle: 'Privacy at GameWise', seoDescription: '' })
    await screen.findByText('Saved.')
  })

  it('adds a page only with a valid slug (lowercase letters, digits, hyphens)', async () => {
    await openInfoTab()
    fireEvent.click(screen.getByRole('button', { name: '+ Add page' }))
    const form = screen.getByRole('form', { name: 'Add info page' })
    fireEvent.change(within(form).getByLabelText('Title'), { target: { value: 'Bonus policy' } })
    for (const bad of ['Bonus', 'bonus policy', 'bonus_policy', 'bonus-', '-bonus', 'a--b']) {
      fireEvent.change(within(form).getByLabelText(/^Slug/), { target: { value: bad } })
      expect(within(form).getByText(/Use lowercase letters, digits and single hyphens/), bad).toBeTruthy()
      expect((within(form).getByRole('button', { name: 'Add' }) as HTMLButtonElement).disabled, bad).toBe(true)
    }
    fireEvent.change(within(form).getByLabelText(/^Slug/), { target: { value: 'bonus-policy-2' } })
    expect(within(form).queryByText(/Use lowercase letters/)).toBeNull()
    fireEvent.click(within(form).getByRole('button', { name: 'Add' }))
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.url === '/api/info-pages')).toBe(true))
    expect(calls.find((c) => c.method === 'POST' && c.url === '/api/info-pages')!.body).toMatchObject({ slug: 'bonus-policy-2', title: 'Bonus policy' })
  })

  it("shows the server's message when a save is refused", async () => {
    await openInfoTab()
    vi.mocked(globalThis.fetch).mockImplementationOnce(async () => Response.json({ message: 'A page with the slug "faq" already exists', code: 'conflict' }, { status: 409 }))
    fireEvent.click(screen.getByRole('button', { name: '+ Add page' }))
    const form = screen.getByRole('form', { name: 'Add info page' })
    fireEvent.change(within(form).getByLabelText(/^Slug/), { target: { value: 'faq' } })
    fireEvent.change(within(form).getByLabelText('Title'), { target: { value: 'FAQ' } })
    fireEvent.click(within(form).getByRole('button', { name: 'Add' }))
    expect((await within(form).findByRole('alert')).textContent).toBe('A page with the slug "faq" already exists')
  })
})
