// @vitest-environment happy-dom
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { card, offer } from '../test/factories.ts'
import { usePageView } from './analytics.ts'
import { ArticleGrid, Recommended } from './ArticleGrid.tsx'
import { Footer } from './Footer.tsx'
import { HomeView } from './HomeView.tsx'

describe('home article grid (spec §2, §9: 6 per step)', () => {
  it("shows 6, 'Show more' adds 6 and hides once all are shown", () => {
    render(<ArticleGrid articles={Array.from({ length: 14 }, () => card())} />)
    expect(screen.getAllByTestId('article-card')).toHaveLength(6)
    fireEvent.click(screen.getByRole('button', { name: 'Show more' }))
    expect(screen.getAllByTestId('article-card')).toHaveLength(12)
    fireEvent.click(screen.getByRole('button', { name: 'Show more' }))
    expect(screen.getAllByTestId('article-card')).toHaveLength(14)
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull()
  })
  it("fetches the next 6 from the paged API once the loaded ones are shown, and hides 'Show more' at the end", async () => {
    const more = Array.from({ length: 6 }, () => card())
    const calls: string[] = []
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      calls.push(String(input))
      const last = calls.length > 1
      return Response.json({ hero: null, featured: null, articles: last ? [card()] : more, nextCursor: last ? null : 'cursor-2' })
    })
    render(<ArticleGrid articles={Array.from({ length: 6 }, () => card())} nextCursor="cursor-1" />)
    expect(screen.getAllByTestId('article-card')).toHaveLength(6)
    fireEvent.click(screen.getByRole('button', { name: 'Show more' }))
    await waitFor(() => expect(screen.getAllByTestId('article-card')).toHaveLength(12))
    expect(calls[0]).toBe('/api/posts/blog-content?limit=6&cursor=cursor-1')
    fireEvent.click(screen.getByRole('button', { name: 'Show more' }))
    await waitFor(() => expect(screen.getAllByTestId('article-card')).toHaveLength(13))
    expect(calls[1]).toContain('cursor=cursor-2')
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull()
  })
  it("a failed fetch just stops the loading state (spec §8)", async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => new Response('nope', { status: 500 }))
    render(<ArticleGrid articles={Array.from({ length: 6 }, () => card())} nextCursor="c" />)
    fireEvent.click(screen.getByRole('button', { name: 'Show more' }))
    await waitFor(() => expect((screen.getByRole('button', { name: 'Show more' }) as HTMLButtonElement).disabled).toBe(false))
    expect(screen.getAllByTestId('article-card')).toHaveLength(6)
  })
  it("has no 'Show more' with 6 or fewer", () => {
    render(<ArticleGrid articles={Array.from({ length: 6 }, () => card())} />)
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull()
  })
  it("gives each article a 'Read More' link to its page", () => {
    render(<ArticleGrid articles={[card({ _id: 'rtp', title: 'RTP' })]} />)
    expect(screen.getByRole('link', { name: 'Read More: RTP' }).getAttribute('href')).toBe('/article/rtp')
  })
})

describe('Recommended block (spec §9: 4 skeleton cards while loading)', () => {
  it('shows 4 skeleton cards while loading', () => {
    render(<Recommended articles={undefined} />)
    expect(screen.getAllByTestId('skeleton-card')).toHaveLength(4)
  })
  it('shows bottom articles as cards linking to /article/{id}', () => {
    render(<Recommended articles={[card({ _id: 'b1', title: 'Bottom one' })]} />)
    expect(screen.queryByTestId('skeleton-card')).toBeNull()
    expect(screen.getByTestId('recommended-card').getAttribute('href')).toBe('/article/b1')
  })
})

describe('HomeView', () => {
  const base = { articles: [], bottoms: [], offers: [offer()] }
  it("shows 'Content not found.' when the hero is missing", () => {
    render(<HomeView {...base} hero={null} featured={card()} />)
    expect(screen.getByText('Content not found.')).toBeTruthy()
  })
  it("shows 'Content not found.' when the featured article is missing", () => {
    render(<HomeView {...base} hero={{ title: 'H' }} featured={null} />)
    expect(screen.getByText('Content not found.')).toBeTruthy()
  })
  it("shows the hero heading and the featured article's 'Read Guide' link", () => {
    render(<HomeView {...base} hero={{ title: 'The Smarter Way to Win in iGaming' }} featured={card({ _id: 'f1' })} />)
    expect(screen.getByRole('heading', { level: 1, name: 'The Smarter Way to Win in iGaming' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Read Guide' }).getAttribute('href')).toBe('/article/f1')
    expect(screen.queryByText('Content not found.')).toBeNull()
  })
})

describe('footer (spec §2)', () => {
  it("opens a coming-soon modal for an item and closes it with 'Got It!'", async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => Response.json({ country: null })) // the help links' country lookup
    render(<Footer />)
    fireEvent.click(screen.getByRole('button', { name: 'Discord' }))
    // the modal's code loads on the first press (issue 37)
    expect((await screen.findByRole('dialog')).textContent).toContain('Coming soon. Stay tuned for updates on Discord!')
    fireEvent.click(screen.getByRole('button', { name: 'Got It!' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Careers' }))
    expect((await screen.findByRole('dialog')).textContent).toContain('Careers content coming soon.')
  })
  it('does not submit the newsletter form anywhere', () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => Response.json({ country: null }))
    render(<Footer />)
    fireEvent.change(screen.getByPlaceholderText('Your email'), { target: { value: 'a@b.example' } })
    fireEvent.click(screen.getByRole('button', { name: 'Subscribe' }))
    // the only call is the help links' country lookup, made on mount
    expect(fetchSpy.mock.calls.map(([url]) => String(url))).toEqual(['/api/geo'])
  })
})

describe('page_view analytics (spec §2)', () => {
  function Probe({ path }: { path: string }) {
    usePageView(path)
    return null
  }
  it('fires page_view with path and query on each route change when gtag exists', () => {
    const gtag = vi.fn()
    window.gtag = gtag
    const { rerender } = render(<Probe path="/" />)
    rerender(<Probe path="/article/x?ref=home" />)
    expect(gtag.mock.calls).toEqual([
      ['event', 'page_view', { page_path: '/' }],
      ['event', 'page_view', { page_path: '/article/x?ref=home' }],
    ])
    delete window.gtag
  })
  it('does nothing without gtag', () => {
    delete window.gtag
    expect(() => render(<Probe path="/" />)).not.toThrow()
  })
})

describe('card images (issue 12)', () => {
  const GIF = 'data:image/gif;base64,R0lGODlhAQABAAAAACw=' // no network in component tests
  it("are described by the post's imageAlt, else its title, and load lazily below the fold", () => {
    render(<ArticleGrid articles={[card({ _id: 'a', title: 'With alt', imageAlt: 'Chips on a table', image: GIF }), card({ _id: 'b', title: 'Without alt', image: GIF })]} />)
    expect(screen.getByRole('img', { name: 'Chips on a table' }).getAttribute('loading')).toBe('lazy')
    expect(screen.getByRole('img', { name: 'Without alt' })).toBeTruthy()
  })
})
