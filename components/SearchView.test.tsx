// @vitest-environment happy-dom
import { render, screen, within } from '@testing-library/react'
import { VikeReactProviderPageContext } from 'vike-react/usePageContext'
import type { PageContext } from 'vike/types'
import { describe, expect, it } from 'vitest'
import { offer } from '../test/factories.ts'
import type { SearchAnswer, SearchResult } from '../lib/search.ts'
import { SearchForm } from './SearchForm.tsx'
import { pageWindow, SearchView } from './SearchView.tsx'

const result = (over: Partial<SearchResult> = {}): SearchResult => ({
  _id: 'rtp-explained',
  title: 'RTP Explained',
  tag: 'Guides',
  description: 'd',
  image: '',
  imageAlt: 'RTP Explained',
  href: '/article/rtp-explained',
  snippet: [{ text: 'What ' }, { text: 'RTP', highlight: true }, { text: ' means <script>alert(1)</script>' }],
  ...over,
})
const answer = (over: Partial<SearchAnswer> = {}): SearchAnswer => ({ q: 'rtp', total: 1, capped: false, page: 1, pages: 1, results: [result()], brands: [], tags: [], didYouMean: null, ...over })

describe('SearchView', () => {
  it('shows the count, result titles linking to the article, and highlights as <mark> around text only', () => {
    const { container } = render(<SearchView {...answer()} />)
    expect(screen.getByText('1 result for “rtp”')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'RTP Explained' }).getAttribute('href')).toBe('/article/rtp-explained')
    const marks = container.querySelectorAll('.search-snippet mark')
    expect([...marks].map((m) => m.textContent)).toEqual(['RTP'])
    // a snippet is text: markup in an article stays visible characters, never elements
    expect(container.querySelector('.search-snippet script')).toBeNull()
    expect(container.querySelector('.search-snippet')?.textContent).toBe('What RTP means <script>alert(1)</script>')
  })

  it('links pages with real hrefs, the current one marked', () => {
    render(<SearchView {...answer({ q: 'free spins', total: 45, page: 2, pages: 5, results: [result()] })} />)
    expect(screen.getByText(/45 results for “free spins”/)).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Next' }).getAttribute('href')).toBe('/search?q=free+spins&page=3')
    expect(screen.getByRole('link', { name: 'Previous' }).getAttribute('href')).toBe('/search?q=free+spins')
    expect(screen.getByRole('link', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page')
  })

  it('says 10,000+ when the search stopped counting', () => {
    render(<SearchView {...answer({ q: 'casino', total: 10_000, capped: true, pages: 1_000 })} />)
    expect(screen.getByText('10,000+ results for “casino”')).toBeTruthy()
  })

  it('says no article matches, with suggestions and a link to all articles', () => {
    render(<SearchView {...answer({ q: 'zzz', total: 0, pages: 0, results: [] })} />)
    expect(screen.getByText('No articles match “zzz”.')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'all articles' }).getAttribute('href')).toBe('/articles')
  })

  it('shows a page past the last as such, with a link back to the first', () => {
    render(<SearchView {...answer({ total: 12, page: 7, pages: 2, results: [] })} />)
    expect(screen.getByText(/No results on page 7: there are 2 pages of results for “rtp”/)).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Back to the first page' }).getAttribute('href')).toBe('/search?q=rtp')
  })

  it('shows just the form for an empty query, and the reason for a refused one', () => {
    const { container, rerender } = render(<SearchView {...answer({ q: '', total: 0, pages: 0, results: [] })} />)
    expect(screen.getByRole('searchbox', { name: 'Search articles' })).toBeTruthy()
    expect(container.querySelector('.empty')).toBeNull()
    rerender(<SearchView {...answer({ q: '', total: 0, pages: 0, results: [] })} error="Search query is too long (at most 200 characters)" />)
    expect(screen.getByRole('alert').textContent).toMatch(/too long/)
  })
})

describe('SearchView: brands, tags and spellings (issue 26)', () => {
  const onSearchPage = (node: React.ReactNode) => render(<VikeReactProviderPageContext pageContext={{ urlPathname: '/search' } as PageContext}>{node}</VikeReactProviderPageContext>)
  const nova = offer({ _id: 'nova-spins', brandName: 'Nova Spins', termsSummary: '18+. New customers only. 35x wagering.', termsUrl: 'https://nova.example/terms' })

  it('shows the brands a query names as offer cards above the results: terms with one age mark, a tracked Play link, the disclosure', () => {
    const { container } = onSearchPage(<SearchView {...answer({ q: 'nova spns', brands: [nova] })} disclosure="We earn a commission from partners." />)
    const section = screen.getByRole('region', { name: 'Brands' })
    expect(section.compareDocumentPosition(container.querySelector('.search-results')!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    const card = within(section).getByTestId('offer-card')
    expect(within(card).getByText('Nova Spins')).toBeTruthy()
    expect(card.textContent).toContain('New customers only. 35x wagering.')
    expect(card.textContent!.match(/18\+/g)).toHaveLength(1) // the badge, not the badge and the terms' own mark
    expect(card.querySelector('.age-badge')?.textContent).toBe('18+')
    // spec §9 and issue 21: every offer link goes through /go with where it was shown
    expect(within(card).getByRole('link', { name: 'Play' }).getAttribute('href')).toBe('/go/nova-spins?from=search%3A&slot=search-offers&pos=1')
    expect(within(card).getByRole('link', { name: 'Review' }).getAttribute('href')).toBe('/brands/nova-spins')
    expect(section.textContent).toContain('We earn a commission from partners.')
  })

  it('a brand whose offer has ended, found by name: a link to its page saying so, no offer card nor disclosure (issue 34)', () => {
    onSearchPage(<SearchView {...answer({ q: 'moonjackpot', brandPages: [{ name: 'MoonJackpot', href: '/brands/moonjackpot', state: 'ended' }] })} disclosure="We earn a commission from partners." />)
    const section = screen.getByRole('region', { name: 'Brands' })
    expect(within(section).getByRole('link', { name: 'MoonJackpot' }).getAttribute('href')).toBe('/brands/moonjackpot')
    expect(section.textContent).toContain('offer ended')
    expect(within(section).queryByTestId('offer-card')).toBeNull()
    expect(section.textContent).not.toContain('commission')
  })

  it('shows no Brands section when the query names none', () => {
    onSearchPage(<SearchView {...answer()} />)
    expect(screen.queryByRole('region', { name: 'Brands' })).toBeNull()
  })

  it('links the tags the query names, and offers a spelling that finds something', () => {
    onSearchPage(<SearchView {...answer({ q: 'esprts', total: 0, pages: 0, results: [], tags: [{ name: 'Esports', href: '/tag/esports' }], didYouMean: { q: 'esports', href: '/search?q=esports' } })} />)
    expect(within(screen.getByRole('navigation', { name: 'Tags' })).getByRole('link', { name: 'Esports' }).getAttribute('href')).toBe('/tag/esports')
    expect(screen.getByTestId('did-you-mean').textContent).toBe('Did you mean esports?')
    expect(within(screen.getByTestId('did-you-mean')).getByRole('link').getAttribute('href')).toBe('/search?q=esports')
  })
})

describe('SearchForm', () => {
  it('is a labelled GET form to /search with q', () => {
    const { container } = render(<SearchForm id="x" label="Search the site" compact />)
    const form = container.querySelector('form')!
    expect(form.getAttribute('action')).toBe('/search')
    expect(form.getAttribute('method')).toBe('get')
    expect(screen.getByRole('searchbox', { name: 'Search the site' }).getAttribute('name')).toBe('q')
    expect(screen.getByRole('button', { name: 'Search' })).toBeTruthy()
  })
})

describe('pageWindow', () => {
  it('keeps the first, the last and two either side, with gaps', () => {
    expect(pageWindow(1, 3)).toEqual([1, 2, 3])
    expect(pageWindow(10, 20)).toEqual([1, null, 8, 9, 10, 11, 12, null, 20])
  })
})
