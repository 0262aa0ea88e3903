// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { post } from '../../test/factories.ts'
import { admin, openTab, useAdminHarness } from './admin-harness.tsx'
import { autosaveTiming } from './use-autosave.ts'
import { toDraft } from './post-draft.ts'
import { keepLocally } from './unsaved.ts'

/**
 * Drafts follow the editor: an open post's form saves itself to the server a moment after the editor
 * stops typing, naming the version it was typed on; a later save names the version the autosave made
 * (not the one the form opened on, which would refuse the editor's own save as a conflict); a live post's
 * waiting autosave is offered when it opens; a stale autosave shows the conflict and stops.
 */
useAdminHarness()
beforeEach(() => {
  autosaveTiming.delayMs = 60
})
afterEach(() => {
  autosaveTiming.delayMs = 3_000
})

const autosaves = () => admin.calls.filter((c) => c.method === 'PUT' && c.url.endsWith('/autosave'))
const saves = () => admin.calls.filter((c) => c.method === 'PUT' && /^\/api\/posts\/[\w-]+$/.test(c.url))

async function openArticle(id: string) {
  await openTab('Articles')
  const row = screen.getAllByTestId('post-row').find((r) => r.textContent?.includes(admin.content.articles.find((a) => a._id === id)!.title))!
  fireEvent.click(within(row).getByRole('button', { name: 'Edit' }))
  return screen.findByRole('form', { name: 'Edit article' })
}

describe('server autosave', () => {
  it('a draft saves itself after typing, with the version it was typed on; the next save names the autosave\'s version', async () => {
    admin.content.articles[0] = { ...post('a1', 'RTP Explained'), status: 'draft', updatedAt: '2026-11-28T10:00:00.000Z' }
    const form = await openArticle('a1')
    await new Promise((r) => setTimeout(r, 150))
    expect(autosaves()).toHaveLength(0) // opening a post sends nothing
    fireEvent.change(within(form).getByLabelText('Description'), { target: { value: 'Typed, then left alone' } })
    await waitFor(() => expect(autosaves()).toHaveLength(1))
    const sent = autosaves()[0]!
    expect(sent.url).toBe('/api/posts/a1/autosave')
    expect(sent.headers.get('if-match')).toBe('"2026-11-28T10:00:00.000Z"')
    expect(sent.body.description).toBe('Typed, then left alone')
    expect(await within(form).findByTestId('save-state')).toHaveProperty('textContent', expect.stringMatching(/^Draft autosaved at \d{1,2} \w{3} \d{4}, \d{2}:\d{2}:\d{2}$/))
    // nothing new typed: nothing sent again
    await new Promise((r) => setTimeout(r, 150))
    expect(autosaves()).toHaveLength(1)
    fireEvent.click(within(form).getByRole('button', { name: 'Save draft' }))
    await waitFor(() => expect(saves()).toHaveLength(1))
    expect(saves()[0]!.headers.get('if-match')).not.toBe('"2026-11-28T10:00:00.000Z"')
    expect(saves()[0]!.body.status).toBe('draft')
  })

  it('never sends while the form\'s own save is in flight', async () => {
    admin.content.articles[0] = { ...post('a1', 'RTP Explained'), status: 'draft', updatedAt: '2026-11-28T10:00:00.000Z' }
    let finish: (r: Response) => void = () => {}
    admin.overrides['PUT /api/posts/a1'] = () => new Promise<Response>((r) => (finish = r)) as unknown as Response
    const form = await openArticle('a1')
    fireEvent.change(within(form).getByLabelText('Description'), { target: { value: 'Saved by hand' } })
    fireEvent.click(within(form).getByRole('button', { name: 'Save draft' }))
    await waitFor(() => expect(saves()).toHaveLength(1))
    await new Promise((r) => setTimeout(r, 250))
    expect(autosaves()).toHaveLength(0)
    finish(Response.json({ ...admin.content.articles[0], description: 'Saved by hand', updatedAt: '2026-11-28T10:05:00.000Z' }))
    await waitFor(() => expect(screen.getByTestId('saved-notice')).toBeTruthy())
  })

  it('a live post\'s autosave is offered when the post opens, and loads into the form', async () => {
    admin.content.articles[0] = { ...post('a1', 'RTP Explained'), status: 'published', description: 'Live words', updatedAt: '2026-11-28T10:00:00.000Z' }
    admin.overrides['GET /api/posts/a1/autosave'] = () =>
      Response.json({ autosave: { _id: 'r9', at: '2026-11-28T10:01:02.000Z', actor: 'erin_editor', action: 'autosave', event: 'autosaved', summary: 'Description', title: 'RTP Explained', baseVersion: '2026-11-28T10:00:00.000Z', record: { ...admin.content.articles[0], description: 'Typed in the other tab' } } })
    const form = await openArticle('a1')
    const offer = await within(form).findByTestId('autosave-offer')
    expect(offer.textContent).toContain('by erin_editor')
    expect(offer.textContent).toMatch(/\d{2}:\d{2}:02/)
    fireEvent.click(within(offer).getByRole('button', { name: 'Load the autosave' }))
    expect((within(form).getByLabelText('Description') as HTMLTextAreaElement).value).toBe('Typed in the other tab')
    expect((within(form).getByLabelText('Status') as HTMLSelectElement).value).toBe('published')
  })

  it('a stale autosave shows the edit conflict, and no more are sent until it is settled', async () => {
    admin.content.articles[0] = { ...post('a1', 'RTP Explained'), status: 'draft', updatedAt: '2026-11-28T10:00:00.000Z' }
    admin.overrides['PUT /api/posts/a1/autosave'] = () =>
      Response.json({ message: 'saved by sam_editor', code: 'edit_conflict', current: { updatedAt: '2026-11-28T10:02:00.000Z', updatedBy: 'sam_editor' } }, { status: 409 })
    const form = await openArticle('a1')
    fireEvent.change(within(form).getByLabelText('Description'), { target: { value: 'Typed on an old version' } })
    const notice = await within(form).findByTestId('edit-conflict')
    expect(notice.textContent).toContain('sam_editor')
    fireEvent.change(within(form).getByLabelText('Description'), { target: { value: 'Typed on an old version, more' } })
    await new Promise((r) => setTimeout(r, 250))
    expect(autosaves()).toHaveLength(1)
  })

  it('an uploaded image goes up once: the next autosave sends the address it was stored at', async () => {
    admin.content.articles[0] = { ...post('a1', 'RTP Explained'), status: 'draft', updatedAt: '2026-11-28T10:00:00.000Z' }
    const form = await openArticle('a1')
    const data = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='
    fireEvent.change(within(form).getByLabelText('Image data (base64)'), { target: { value: data } })
    await waitFor(() => expect(autosaves()).toHaveLength(1))
    expect(autosaves()[0]!.body.image).toBe(data)
    await within(form).findByTestId('save-state')
    fireEvent.change(within(form).getByLabelText('Description'), { target: { value: 'More words' } })
    await waitFor(() => expect(autosaves()).toHaveLength(2))
    expect(autosaves()[1]!.body.image).toBe(`/media/${data.length}`)
  })

  it('the same text autosaved and kept in this browser is offered once, by the server\'s autosave', async () => {
    const live = { ...post('a1', 'RTP Explained'), status: 'published' as const, description: 'Live words', updatedAt: '2026-11-28T10:00:00.000Z' }
    admin.content.articles[0] = live
    keepLocally('post:article:a1', { ...toDraft(live), description: 'Typed here and autosaved' })
    admin.overrides['GET /api/posts/a1/autosave'] = () =>
      Response.json({ autosave: { _id: 'r9', at: '2026-11-28T10:01:02.000Z', actor: 'erin_editor', action: 'autosave', event: 'autosaved', summary: 'Description', title: 'RTP Explained', baseVersion: live.updatedAt, record: { ...live, description: 'Typed here and autosaved' } } })
    const form = await openArticle('a1')
    await within(form).findByTestId('autosave-offer')
    expect(within(form).queryByTestId('restore-offer')).toBeNull()
  })
})
