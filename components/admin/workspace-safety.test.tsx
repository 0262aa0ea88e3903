// @vitest-environment happy-dom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { post } from '../../test/factories.ts'
import { admin, openTab, useAdminHarness } from './admin-harness.tsx'

/**
 * The editors' workspace cannot publish by accident, lose a change to another editor, or jam on Back:
 * Enter in a single-line field never submits; publishing without body text, description or image asks
 * first; Ctrl/Cmd+S saves without publishing; a save refused as an edit conflict says who and offers
 * review, reload or overwrite; a scheduled post that went live shows as published.
 */
useAdminHarness()

const posted = () => admin.calls.filter((c) => c.method === 'POST' && c.url.startsWith('/api/posts/'))
const writes = () => admin.calls.filter((c) => (c.method === 'POST' || c.method === 'PUT') && c.url.startsWith('/api/posts/') && !c.url.includes('preview'))

describe('nothing published by accident', () => {
  it('Enter in the Title (or any single-line field) does not submit the form', async () => {
    await openTab('Articles')
    const form = screen.getByRole('form', { name: 'Add article' })
    const title = within(form).getByLabelText('Title')
    fireEvent.change(title, { target: { value: 'Only a title' } })
    // the browser's implicit submission starts from Enter's default action: prevented, it never happens
    expect(fireEvent.keyDown(title, { key: 'Enter' })).toBe(false)
    expect(fireEvent.keyDown(within(form).getByLabelText('Alt text for the image'), { key: 'Enter' })).toBe(false)
    // a text area keeps its new lines, a button still answers Enter
    expect(fireEvent.keyDown(within(form).getByLabelText('Description'), { key: 'Enter' })).toBe(true)
    expect(fireEvent.keyDown(within(form).getByRole('button', { name: 'Save draft' }), { key: 'Enter' })).toBe(true)
    await Promise.resolve()
    expect(posted()).toHaveLength(0)
  })

  it('Add on an article with only a title asks first, naming what is missing; Keep editing saves nothing', async () => {
    await openTab('Articles')
    const form = screen.getByRole('form', { name: 'Add article' })
    fireEvent.change(within(form).getByLabelText('Title'), { target: { value: 'Only a title' } })
    fireEvent.click(within(form).getByRole('button', { name: 'Add' }))
    const check = await within(form).findByRole('alertdialog')
    expect(check.textContent).toContain('This article has no body text, no description and no image. Publish it anyway?')
    expect(document.activeElement?.textContent).toBe('Keep editing') // the safe answer has the focus
    fireEvent.click(within(check).getByRole('button', { name: 'Keep editing' }))
    expect(within(form).queryByRole('alertdialog')).toBeNull()
    expect(posted()).toHaveLength(0)
  })

  it('the check offers a draft instead, and Save draft never asks', async () => {
    await openTab('Articles')
    const form = screen.getByRole('form', { name: 'Add article' })
    fireEvent.change(within(form).getByLabelText('Title'), { target: { value: 'Only a title' } })
    fireEvent.click(within(form).getByRole('button', { name: 'Add' }))
    fireEvent.click(within(await within(form).findByRole('alertdialog')).getByRole('button', { name: 'Save as draft' }))
    await waitFor(() => expect(posted()).toHaveLength(1))
    expect(posted()[0]!.body.status).toBe('draft')
  })

  it('Save draft saves at once, without asking', async () => {
    await openTab('Articles')
    const form = screen.getByRole('form', { name: 'Add article' })
    fireEvent.change(within(form).getByLabelText('Title'), { target: { value: 'Only a title' } })
    fireEvent.click(within(form).getByRole('button', { name: 'Save draft' }))
    expect(within(form).queryByRole('alertdialog')).toBeNull()
    await waitFor(() => expect(posted()).toHaveLength(1))
    expect(posted()[0]!.body.status).toBe('draft')
  })

  it('an article with body text, description and image publishes without a question', async () => {
    await openTab('Articles')
    const form = screen.getByRole('form', { name: 'Add article' })
    fireEvent.change(within(form).getByLabelText('Title'), { target: { value: 'A whole article' } })
    fireEvent.change(within(form).getByLabelText('Description'), { target: { value: 'What it is about.' } })
    fireEvent.change(within(form).getByLabelText('Image URL'), { target: { value: 'https://img.example/a.png' } })
    fireEvent.click(within(form).getByRole('button', { name: '+ Add section' }))
    fireEvent.change(within(form).getAllByLabelText(/^Content/)[0]!, { target: { value: 'The body text.' } })
    fireEvent.click(within(form).getByRole('button', { name: 'Add' }))
    expect(within(form).queryByRole('alertdialog')).toBeNull()
    await waitFor(() => expect(posted()).toHaveLength(1))
    expect(posted()[0]!.body.status).toBe('published')
  })

  it('Ctrl+S (and Cmd+S) saves a new article as a draft: a shortcut never publishes', async () => {
    await openTab('Articles')
    const form = screen.getByRole('form', { name: 'Add article' })
    fireEvent.change(within(form).getByLabelText('Title'), { target: { value: 'Saved with the keyboard' } })
    expect(fireEvent.keyDown(within(form).getByLabelText('Title'), { key: 's', ctrlKey: true })).toBe(false) // not the browser's "save page"
    await waitFor(() => expect(posted()).toHaveLength(1))
    expect(posted()[0]!.body.status).toBe('draft')
  })

  it('Ctrl+S on a live article updates it as it is (still live)', async () => {
    await openTab('Articles')
    fireEvent.click(within(screen.getAllByTestId('post-row')[0]!).getByRole('button', { name: 'Edit' }))
    const form = await screen.findByRole('form', { name: 'Edit article' })
    fireEvent.change(within(form).getByLabelText('Description'), { target: { value: 'Edited' } })
    fireEvent.keyDown(within(form).getByLabelText('Description'), { key: 's', metaKey: true })
    await waitFor(() => expect(writes()).toHaveLength(1))
    expect(writes()[0]).toMatchObject({ method: 'PUT', body: { status: 'published', description: 'Edited' } })
  })

  it('Ctrl+S saves the open post with focus anywhere on the page, not only in the form', async () => {
    await openTab('Articles')
    fireEvent.click(within(screen.getAllByTestId('post-row')[0]!).getByRole('button', { name: 'Edit' }))
    const form = await screen.findByRole('form', { name: 'Edit article' })
    fireEvent.change(within(form).getByLabelText('Description'), { target: { value: 'Saved from the page' } })
    ;(document.activeElement as HTMLElement | null)?.blur()
    expect(fireEvent.keyDown(document.body, { key: 's', ctrlKey: true })).toBe(false) // not the browser's "save page"
    await waitFor(() => expect(writes()).toHaveLength(1))
    expect(writes()[0]).toMatchObject({ method: 'PUT', body: { description: 'Saved from the page' } })
  })

  it('after a save, focus stays in the field the editor was in', async () => {
    await openTab('Articles')
    fireEvent.click(within(screen.getAllByTestId('post-row')[0]!).getByRole('button', { name: 'Edit' }))
    const form = await screen.findByRole('form', { name: 'Edit article' })
    const description = within(form).getByLabelText('Description')
    description.focus()
    fireEvent.change(description, { target: { value: 'Still here after saving' } })
    fireEvent.keyDown(description, { key: 's', ctrlKey: true })
    await screen.findByTestId('saved-notice')
    await waitFor(() => expect((document.activeElement as HTMLTextAreaElement | null)?.name).toBe('description'))
    expect(document.activeElement).not.toBe(description) // the form was made anew from the saved post, and focus followed
  })

  it('a refused save puts focus on the first field it names and says why beside the buttons too', async () => {
    admin.overrides['POST /api/posts/article'] = () =>
      Response.json({ message: 'URL slug "a1" is taken by another article', code: 'conflict', issues: [{ path: 'slug', message: 'is taken by another article' }] }, { status: 409 })
    await openTab('Articles')
    const form = screen.getByRole('form', { name: 'Add article' })
    fireEvent.change(within(form).getByLabelText('Title'), { target: { value: 'A taken address' } })
    fireEvent.change(within(form).getByLabelText('URL slug'), { target: { value: 'a1' } })
    fireEvent.click(within(form).getByRole('button', { name: 'Save draft' }))
    await waitFor(() => expect((document.activeElement as HTMLInputElement | null)?.name).toBe('slug'))
    expect(within(form).getByTestId('save-refused').textContent).toBe('Failed to save article: URL slug: is taken by another article')
    expect(within(form).getByTestId('save-refused').closest('.form-actions')).not.toBeNull()
    // typing on does not pull focus back to the slug
    within(form).getByLabelText('Description').focus()
    fireEvent.change(within(form).getByLabelText('Description'), { target: { value: 'more' } })
    expect((document.activeElement as HTMLTextAreaElement).name).toBe('description')
  })

  it('the URL slug turns spaces into hyphens as they are typed', async () => {
    await openTab('Articles')
    const slug = within(screen.getByRole('form', { name: 'Add article' })).getByLabelText('URL slug') as HTMLInputElement
    fireEvent.change(slug, { target: { value: 'Hollow Knight ' } })
    expect(slug.value).toBe('hollow-knight-')
    fireEvent.change(slug, { target: { value: 'hollow-knight-Speedrun' } })
    expect(slug.value).toBe('hollow-knight-speedrun')
    fireEvent.change(slug, { target: { value: 'hollow-knight-speedrun ' } })
    fireEvent.blur(slug)
    expect(slug.value).toBe('hollow-knight-speedrun')
  })

  it('a scheduled post whose time has passed shows as published, and its buttons say what they now do', async () => {
    admin.content.articles[0] = { ...post('a1', 'RTP Explained'), status: 'scheduled', publishAt: new Date(Date.now() - 60_000).toISOString() }
    await openTab('Articles')
    fireEvent.click(within(screen.getAllByTestId('post-row')[0]!).getByRole('button', { name: 'Edit' }))
    const form = await screen.findByRole('form', { name: 'Edit article' })
    expect((within(form).getByLabelText('Status') as HTMLSelectElement).value).toBe('published')
    expect(within(form).getByTestId('publish-plan').textContent).toBe('Update changes the live page now.')
    expect(within(form).queryByRole('button', { name: 'Save draft' })).toBeNull() // it would take the live page down
  })

  it('a post scheduled a moment ahead turns to published while its form is open', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    try {
      admin.content.articles[0] = { ...post('a1', 'RTP Explained'), status: 'scheduled', publishAt: new Date(Date.now() + 5_000).toISOString() }
      await openTab('Articles')
      fireEvent.click(within(screen.getAllByTestId('post-row')[0]!).getByRole('button', { name: 'Edit' }))
      const form = await screen.findByRole('form', { name: 'Edit article' })
      expect((within(form).getByLabelText('Status') as HTMLSelectElement).value).toBe('scheduled')
      await act(async () => {
        vi.advanceTimersByTime(6_000)
      })
      expect((within(form).getByLabelText('Status') as HTMLSelectElement).value).toBe('published')
      expect(within(form).queryByRole('button', { name: 'Save draft' })).toBeNull()
    } finally {
      vi.useRealTimers()
    }
  })
})

describe('no silent overwrite', () => {
  it('a save refused as an edit conflict says who saved and when, shows their change, and can overwrite knowingly', async () => {
    const theirs = { ...post('a1', 'RTP Explained'), description: 'Their new description', updatedAt: '2026-11-28T11:23:05.000Z' }
    let refuse = true
    admin.overrides['PUT /api/posts/a1'] = (c) =>
      refuse
        ? Response.json({ message: '“RTP Explained” was saved by erin_editor at 2026-11-28T11:23:05.000Z after you opened it', code: 'edit_conflict', current: { updatedAt: theirs.updatedAt, updatedBy: 'erin_editor' } }, { status: 409 })
        : Response.json({ ...theirs, ...c.body, updatedAt: '2026-11-28T11:30:00.000Z' })
    admin.content.articles[0] = { ...post('a1', 'RTP Explained'), updatedAt: '2026-11-28T10:00:00.000Z' }
    await openTab('Articles')
    fireEvent.click(within(screen.getAllByTestId('post-row')[0]!).getByRole('button', { name: 'Edit' }))
    const form = await screen.findByRole('form', { name: 'Edit article' })
    const loadedVersion = admin.content.articles[0]!.updatedAt
    admin.content.articles[0] = theirs // what GET /api/posts/a1 answers now
    fireEvent.change(within(form).getByLabelText('Read time'), { target: { value: '9 min' } })
    fireEvent.click(within(form).getByRole('button', { name: 'Update' }))

    const notice = await within(form).findByTestId('edit-conflict')
    expect(writes()[0]!.headers.get('if-match')).toBe(`"${loadedVersion}"`) // the save said what it was based on
    expect(notice.textContent).toContain('Not saved: erin_editor saved a newer version at 28 Nov 2026')
    await waitFor(() => expect(notice.textContent).toContain('They changed: Description.'))
    fireEvent.click(within(notice).getByRole('button', { name: 'Review their change' }))
    expect(notice.textContent).toContain('Theirs: Their new description')

    refuse = false
    fireEvent.click(within(notice).getByRole('button', { name: 'Save mine over theirs' }))
    await waitFor(() => expect(writes()).toHaveLength(2))
    expect(writes()[1]!.headers.get('if-match')).toBe(`"${theirs.updatedAt}"`)
    await screen.findByTestId('saved-notice')
  })

  it('Load their version replaces the form with theirs and offers this form’s text back', async () => {
    const theirs = { ...post('a1', 'RTP Explained'), description: 'Their new description', updatedAt: '2026-11-28T11:23:05.000Z' }
    admin.overrides['PUT /api/posts/a1'] = () => Response.json({ message: 'conflict', code: 'edit_conflict', current: { updatedAt: theirs.updatedAt, updatedBy: 'erin_editor' } }, { status: 409 })
    await openTab('Articles')
    fireEvent.click(within(screen.getAllByTestId('post-row')[0]!).getByRole('button', { name: 'Edit' }))
    const form = await screen.findByRole('form', { name: 'Edit article' })
    admin.content.articles[0] = theirs
    fireEvent.change(within(form).getByLabelText('Read time'), { target: { value: '9 min' } })
    fireEvent.click(within(form).getByRole('button', { name: 'Update' }))
    const notice = await within(form).findByTestId('edit-conflict')
    await waitFor(() => expect((within(notice).getByRole('button', { name: 'Load their version' }) as HTMLButtonElement).disabled).toBe(false))
    await waitFor(() => expect(notice.textContent).toContain('They changed'))
    fireEvent.click(within(notice).getByRole('button', { name: 'Load their version' }))
    const reloaded = await screen.findByRole('form', { name: 'Edit article' })
    await waitFor(() => expect((within(reloaded).getByLabelText('Description') as HTMLTextAreaElement).value).toBe('Their new description'))
    expect(within(reloaded).getByTestId('restore-offer')).toBeTruthy() // "9 min" is kept, one click away
  })
})

describe('Back and Forward in the admin', () => {
  it('Back from a post with unsaved text asks; staying keeps the post and its address', async () => {
    await openTab('Articles')
    fireEvent.click(within(screen.getAllByTestId('post-row')[0]!).getByRole('button', { name: 'Edit' }))
    const form = await screen.findByRole('form', { name: 'Edit article' })
    expect(window.location.search).toBe('?tab=articles&post=a1')
    fireEvent.change(within(form).getByLabelText('Description'), { target: { value: 'Unsaved words' } })
    window.confirm = vi.fn().mockReturnValue(false)
    window.history.replaceState(null, '', '/admin?tab=articles') // what Back does to the address…
    await act(async () => {
      window.dispatchEvent(new PopStateEvent('popstate')) // …and tells the page
    })
    expect(window.confirm).toHaveBeenCalledWith('You have unsaved changes to “RTP Explained”. Leave without saving them?')
    expect(window.location.search).toBe('?tab=articles&post=a1')
    expect((within(screen.getByRole('form', { name: 'Edit article' })).getByLabelText('Description') as HTMLTextAreaElement).value).toBe('Unsaved words')
  })

  it('Back with nothing unsaved goes to the list at once, and Forward reopens the post', async () => {
    await openTab('Articles')
    fireEvent.click(within(screen.getAllByTestId('post-row')[0]!).getByRole('button', { name: 'Edit' }))
    await screen.findByRole('form', { name: 'Edit article' })
    window.confirm = vi.fn().mockReturnValue(false)
    window.history.replaceState(null, '', '/admin?tab=articles')
    await act(async () => {
      window.dispatchEvent(new PopStateEvent('popstate'))
    })
    expect(window.confirm).not.toHaveBeenCalled()
    await screen.findByRole('form', { name: 'Add article' })
    window.history.replaceState(null, '', '/admin?tab=articles&post=a1')
    await act(async () => {
      window.dispatchEvent(new PopStateEvent('popstate'))
    })
    await screen.findByRole('form', { name: 'Edit article' })
  })
})
