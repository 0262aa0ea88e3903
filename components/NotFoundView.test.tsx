// @vitest-environment happy-dom
import { render, screen, within } from '@testing-library/react'
import { VikeReactProviderPageContext } from 'vike-react/usePageContext'
import type { PageContext } from 'vike/types'
import { describe, expect, it } from 'vitest'
import { card, offer } from '../test/factories.ts'
import { type NotFoundData, NotFoundView } from './NotFoundView.tsx'

/** Issue 26: a 404 that helps — search filled with the address's words, suggestions, popular articles, top offers. */
const help = (over: Partial<NotFoundData> = {}): NotFoundData => ({
  q: 'nova spins reveiw',
  suggestions: [
    { kind: 'brand', label: 'Nova Spins', href: '/brands/nova-spins' },
    { kind: 'article', label: 'Nova Spins review', href: '/article/nova-review' },
  ],
  articles: [card({ _id: 'a1', title: 'RTP Explained' }), card({ _id: 'a2' }), card({ _id: 'a3' }), card({ _id: 'a4' })],
  offers: [offer({ _id: 'nova-spins', brandName: 'Nova Spins', termsSummary: '18+. New customers only.' }), offer({ _id: 'luckyforge', brandName: 'LuckyForge', termsSummary: 'Min deposit £10.' })],
  disclosure: 'We earn a commission.',
  ...over,
})
const on404 = (node: React.ReactNode) =>
  render(<VikeReactProviderPageContext pageContext={{ urlPathname: '/article/nova-spins-reveiw', is404: true } as PageContext}>{node}</VikeReactProviderPageContext>)

describe('NotFoundView', () => {
  it('keeps the message as the one heading, with a search form to /search filled with the address\'s words', () => {
    const { container } = on404(<NotFoundView message="Article not found." help={help()} />)
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Article not found.')
    const box = screen.getByRole('searchbox', { name: 'Search the site for the page' }) as HTMLInputElement
    expect(box.value).toBe('nova spins reveiw')
    expect(box.getAttribute('name')).toBe('q')
    expect(container.querySelector('form')!.getAttribute('action')).toBe('/search')
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/')
  })

  it('links what the words name, and a few popular articles', () => {
    on404(<NotFoundView message="Page not found." help={help()} />)
    const suggestions = screen.getByRole('navigation', { name: 'Were you looking for' })
    expect(within(suggestions).getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Nova Spins', '/brands/nova-spins'],
      ['Nova Spins review', '/article/nova-review'],
    ])
    const articles = screen.getByRole('region', { name: 'Popular articles' })
    expect(within(articles).getAllByTestId('article-card')).toHaveLength(4)
    expect(within(articles).getByRole('link', { name: 'Read More: RTP Explained' }).getAttribute('href')).toBe('/article/a1')
  })

  it('shows the top offers with their terms, one age mark each, the disclosure and Play links tracked as the not-found-offers slot', () => {
    on404(<NotFoundView message="Page not found." help={help()} />)
    const offers = screen.getByRole('region', { name: 'Top offers' })
    expect(offers.getAttribute('data-slot')).toBe('not-found-offers')
    expect(offers.textContent).toContain('We earn a commission.')
    const cards = within(offers).getAllByTestId('offer-card')
    expect(cards).toHaveLength(2)
    expect(cards[0]!.textContent).toContain('New customers only.')
    expect(cards.map((c) => c.textContent!.match(/18\+/g)?.length)).toEqual([1, 1]) // the badge, once: never the terms' own mark beside it
    expect(within(cards[1]!).getByRole('link', { name: 'Play' }).getAttribute('href')).toBe('/go/luckyforge?from=not-found%3A&slot=not-found-offers&pos=2')
  })

  it('leaves out what it has nothing for', () => {
    on404(<NotFoundView message="Page not found." help={help({ q: '', suggestions: [], articles: [], offers: [] })} />)
    expect(screen.getByRole('searchbox', { name: 'Search the site for the page' })).toBeTruthy()
    expect(screen.queryByRole('navigation', { name: 'Were you looking for' })).toBeNull()
    expect(screen.queryByRole('region', { name: 'Popular articles' })).toBeNull()
    expect(screen.queryByRole('region', { name: 'Top offers' })).toBeNull()
  })

  it('another error (or no help) shows the message and the way home only', () => {
    on404(<NotFoundView message="Something went wrong. Please try again." help={null} />)
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Something went wrong. Please try again.')
    expect(screen.queryByRole('searchbox')).toBeNull()
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toBeTruthy()
  })
})
