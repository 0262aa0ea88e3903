// @vitest-environment happy-dom
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { VikeReactProviderPageContext } from 'vike-react/usePageContext'
import type { PageContext } from 'vike/types'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { SearchForm } from './SearchForm.tsx'

/** Issue 26: suggestions as you type in the top bar, the WAI-ARIA combobox pattern; the plain form stays. */
const SUGGESTIONS = [
  { kind: 'brand', label: 'Nova Spins', href: '/brands/nova-spins' },
  { kind: 'tag', label: 'Novelties', href: '/tag/novelties' },
  { kind: 'article', label: 'Nova Spins review', href: '/article/nova-review' },
]

let fetchMock: ReturnType<typeof vi.fn>
let assign: ReturnType<typeof vi.fn>
beforeEach(() => {
  fetchMock = vi.fn(async (url: string) => new Response(JSON.stringify({ q: new URL(url, 'http://x').searchParams.get('q'), suggestions: SUGGESTIONS }), { headers: { 'content-type': 'application/json' } }))
  vi.stubGlobal('fetch', fetchMock)
  assign = vi.fn()
  vi.spyOn(window.location, 'assign').mockImplementation(assign as never)
})
afterEach(() => vi.unstubAllGlobals())

const box = () => screen.getByRole('combobox', { name: 'Search the site' }) as HTMLInputElement
const type = (text: string) => {
  box().value = text
  fireEvent.input(box(), { target: { value: text } })
}

describe('SearchForm with suggestions', () => {
  it('is still a plain GET form to /search with the query named q', () => {
    const { container } = render(<SearchForm id="t" label="Search the site" compact suggest />)
    const form = container.querySelector('form')!
    expect(form.getAttribute('action')).toBe('/search')
    expect(form.getAttribute('method')).toBe('get')
    expect(box().getAttribute('name')).toBe('q')
    expect(box().getAttribute('aria-expanded')).toBe('false')
    expect(box().getAttribute('aria-controls')).toBe('t-suggestions')
  })

  it('asks after two characters, once typing pauses, and announces the count', async () => {
    render(<SearchForm id="t" label="Search the site" compact suggest />)
    type('n')
    await new Promise((r) => setTimeout(r, 250))
    expect(fetchMock).not.toHaveBeenCalled()
    type('no')
    type('nov')
    await waitFor(() => expect(box().getAttribute('aria-expanded')).toBe('true'))
    expect(fetchMock).toHaveBeenCalledTimes(1) // debounced: one request for "nov"
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/search/suggest?q=nov')
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Brand Nova Spins', 'Tag Novelties', 'Article Nova Spins review'])
    expect(screen.getByText('3 suggestions, use the up and down arrows to choose')).toBeTruthy()
  })

  it('on a market’s page asks for that market’s suggestions and opens them in it (issue 34: "nov" ↓ Enter in Ontario)', async () => {
    render(
      <VikeReactProviderPageContext pageContext={{ urlPathname: '/ca-on', marketPrefix: '/ca-on' } as unknown as PageContext}>
        <SearchForm id="t" label="Search the site" compact suggest />
      </VikeReactProviderPageContext>,
    )
    type('nov')
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(3))
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/search/suggest?q=nov&market=ca-on')
    fireEvent.keyDown(box(), { key: 'ArrowDown' })
    fireEvent.keyDown(box(), { key: 'Enter' })
    expect(assign).toHaveBeenCalledWith('/ca-on/brands/nova-spins')
  })

  it('moves through the options with the arrow keys (wrapping), opens the chosen one with Enter, closes with Escape', async () => {
    render(<SearchForm id="t" label="Search the site" compact suggest />)
    type('nov')
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(3))
    fireEvent.keyDown(box(), { key: 'ArrowDown' })
    expect(box().getAttribute('aria-activedescendant')).toBe('t-suggestions-0')
    expect(screen.getAllByRole('option')[0]!.getAttribute('aria-selected')).toBe('true')
    fireEvent.keyDown(box(), { key: 'ArrowUp' })
    expect(box().getAttribute('aria-activedescendant')).toBe('t-suggestions-2')
    fireEvent.keyDown(box(), { key: 'ArrowDown' })
    expect(box().getAttribute('aria-activedescendant')).toBe('t-suggestions-0')
    fireEvent.keyDown(box(), { key: 'Escape' })
    expect(box().getAttribute('aria-expanded')).toBe('false')
    expect(box().getAttribute('aria-activedescendant')).toBeNull()
    fireEvent.keyDown(box(), { key: 'ArrowDown' })
    fireEvent.keyDown(box(), { key: 'ArrowDown' })
    fireEvent.keyDown(box(), { key: 'Enter' })
    expect(assign).toHaveBeenCalledWith('/tag/novelties')
  })

  it('Enter with no option chosen submits the search form as usual', async () => {
    const { container } = render(<SearchForm id="t" label="Search the site" compact suggest />)
    type('nov')
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(3))
    const event = new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true })
    box().dispatchEvent(event)
    expect(event.defaultPrevented).toBe(false)
    expect(assign).not.toHaveBeenCalled()
    expect(container.querySelector('form')).toBeTruthy()
  })

  it('without suggest (the /search page) the box is a plain search field', () => {
    render(<SearchForm id="p" label="Search articles" />)
    expect(screen.queryByRole('combobox')).toBeNull()
    expect(screen.getByRole('searchbox', { name: 'Search articles' })).toBeTruthy()
  })
})
