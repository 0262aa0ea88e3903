// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { post } from '../../test/factories.ts'
import { admin, openTab, useAdminHarness } from './admin-harness.tsx'

/**
 * The post form has no Date field: readers are shown when the article went live and when it was last
 * updated (the publishing state decides those), and a typed date shown nowhere public only misled the
 * editor. A date an API client stored in meta.date is kept as it is by a save from the form.
 */
useAdminHarness()

describe('the post Date field', () => {
  it('is not in the form, and a save keeps the meta.date a post already has', async () => {
    admin.content.articles[0] = { ...post('a1', 'RTP Explained'), status: 'published', meta: { author: '', date: '2024-03-01', reviewer: '', readTime: '' }, updatedAt: '2026-11-28T10:00:00.000Z' }
    await openTab('Articles')
    fireEvent.click(within(screen.getAllByTestId('post-row')[0]!).getByRole('button', { name: 'Edit' }))
    const form = await screen.findByRole('form', { name: 'Edit article' })
    expect(within(form).queryByLabelText('Date')).toBeNull()
    expect(form.querySelector('[name="meta.date"]')).toBeNull()
    fireEvent.change(within(form).getByLabelText('Read time'), { target: { value: '7 min' } })
    fireEvent.click(within(form).getByRole('button', { name: 'Update' }))
    const yes = await within(form).findByRole('button', { name: 'Publish anyway' }).catch(() => null)
    if (yes) fireEvent.click(yes)
    await waitFor(() => expect(admin.calls.some((c) => c.method === 'PUT' && c.url === '/api/posts/a1')).toBe(true))
    const put = admin.calls.find((c) => c.method === 'PUT' && c.url === '/api/posts/a1')!
    expect(put.body.meta).toEqual({ author: '', date: '2024-03-01', reviewer: '', readTime: '7 min' })
  })
})
