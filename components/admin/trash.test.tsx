// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { post } from '../../test/factories.ts'
import type { TrashedPostSummary } from '../../lib/trash.ts'
import { admin, openTab, useAdminHarness } from './admin-harness.tsx'

useAdminHarness()

const entry = (id: string, title: string, status: TrashedPostSummary['status'] = 'published'): TrashedPostSummary => ({
  _id: id,
  title,
  type: 'article',
  status,
  market: null,
  trashedAt: '2026-11-20T10:00:00.000Z',
  trashedBy: 'erin.editor',
  purgeAt: '2026-12-20T10:00:00.000Z',
})

/** Issue 32: the admin's Trash lists what Delete moved away, with Restore and Delete forever. */
describe('the Trash tab', () => {
  it('lists trashed posts; Restore brings one back and says how, with links to edit and view it', async () => {
    let trash = [entry('old-guide', 'Old guide'), entry('draft-one', 'Draft one', 'draft')]
    admin.overrides['GET /api/posts/trash'] = () => Response.json({ posts: trash, total: trash.length, days: 30 })
    admin.overrides['POST /api/posts/trash/old-guide/restore'] = () => {
      trash = trash.filter((p) => p._id !== 'old-guide')
      return Response.json(post('old-guide', 'Old guide'))
    }
    await openTab('Trash')
    expect(window.location.search).toBe('?tab=trash')
    const rows = await screen.findAllByTestId('trash-row')
    expect(rows.map((r) => r.querySelector('strong')?.textContent)).toEqual(['Old guide', 'Draft one'])
    expect(rows[1].textContent).toContain('Draft')
    expect(rows[0].textContent).toContain('by erin.editor')
    fireEvent.click(within(rows[0]).getByRole('button', { name: 'Restore' }))
    const notice = await screen.findByTestId('restored-notice')
    expect(notice.textContent).toBe('“Old guide” is back, published. Edit it · View the page')
    expect(within(notice).getByRole('link', { name: 'Edit it' }).getAttribute('href')).toBe('/admin?tab=articles&post=old-guide')
    expect(within(notice).getByRole('link', { name: 'View the page' }).getAttribute('href')).toBe('/article/old-guide')
    await waitFor(() => expect(screen.getAllByTestId('trash-row')).toHaveLength(1))
  })

  it('Delete forever asks, naming the post, and only then erases it', async () => {
    admin.overrides['GET /api/posts/trash'] = () => Response.json({ posts: [entry('gone', 'Gone soon')], total: 1, days: 30 })
    await openTab('Trash')
    const confirm = vi.fn().mockReturnValueOnce(false).mockReturnValueOnce(true)
    window.confirm = confirm
    fireEvent.click(await screen.findByRole('button', { name: 'Delete forever' }))
    expect(confirm).toHaveBeenLastCalledWith('Delete “Gone soon” forever?\n\nIts text and revisions are erased; this cannot be undone.')
    expect(admin.calls.some((c) => c.method === 'DELETE')).toBe(false)
    fireEvent.click(screen.getByRole('button', { name: 'Delete forever' }))
    await waitFor(() => expect(admin.calls.find((c) => c.method === 'DELETE')?.url).toBe('/api/posts/trash/gone'))
  })

  it('a refused restore shows the server’s reason', async () => {
    admin.overrides['GET /api/posts/trash'] = () => Response.json({ posts: [entry('taken', 'Taken')], total: 1, days: 30 })
    admin.overrides['POST /api/posts/trash/taken/restore'] = () => Response.json({ message: '“Taken” cannot be restored: another post now has its address, /article/taken. Rename that post first.', code: 'conflict' }, { status: 409 })
    await openTab('Trash')
    fireEvent.click(await screen.findByRole('button', { name: 'Restore' }))
    expect((await screen.findByRole('alert')).textContent).toContain('another post now has its address')
  })
})
