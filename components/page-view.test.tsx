// @vitest-environment happy-dom
import { render } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { usePageViewBeacon } from './page-view.ts'

function Page({ path, notFound = false }: { path: string; notFound?: boolean }) {
  usePageViewBeacon(path, notFound)
  return (
    <div>
      <div data-slot="article-offers" />
      <div data-slot="article-offers" />
      <div data-slot="not-a-slot" />
    </div>
  )
}

afterEach(() => vi.restoreAllMocks())

describe('the page-view beacon (issue 21)', () => {
  it('reports the page by its URL and the offer slots it shows, once', () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(null, { status: 204 }))
    render(<Page path="/article/rtp-explained" />)
    expect(fetchSpy).toHaveBeenCalledTimes(1)
    expect(fetchSpy.mock.calls[0]![0]).toBe('/api/track/view')
    expect(JSON.parse(String(fetchSpy.mock.calls[0]![1]?.body))).toEqual({ page: 'article:rtp-explained', slots: ['article-offers'] })
  })
  it('reports nothing from account and admin pages; a 404 as a not-found page', () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(null, { status: 204 }))
    render(<Page path="/admin" />)
    expect(fetchSpy).not.toHaveBeenCalled()
    render(<Page path="/no-such-page" notFound />)
    expect(JSON.parse(String(fetchSpy.mock.calls[0]![1]?.body)).page).toBe('not-found:')
  })
})
