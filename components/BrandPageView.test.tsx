// @vitest-environment happy-dom
import { fireEvent, render, screen } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { brandPage } from '../test/factories.ts'
import { BrandPageView, DealBoxCard, MobileDealBar, Tagline } from './BrandPageView.tsx'
import { FaqAccordion } from './blocks/Faq.tsx'
import { SectionView } from './blocks/index.tsx'

describe('tagline (spec §9: 180 characters plus ...)', () => {
  const long = `${'x'.repeat(180)}TAIL`
  it("truncates past 180 with '...' and toggles Show more / Show less", () => {
    render(<Tagline text={long} />)
    expect(screen.getByText(`${'x'.repeat(180)}...`, { exact: false })).toBeTruthy()
    expect(screen.queryByText(/TAIL/)).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Show more' }))
    expect(screen.getByText(/TAIL/)).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Show less' }))
    expect(screen.queryByText(/TAIL/)).toBeNull()
  })
  it('leaves a tagline of 180 characters whole, with no toggle', () => {
    render(<Tagline text={'y'.repeat(180)} />)
    expect(screen.queryByRole('button')).toBeNull()
  })
})

describe('FAQ accordion (spec §2)', () => {
  const items = [
    { q: 'Q1', a: 'A1' },
    { q: 'Q2', a: 'A2' },
  ]
  it('keeps at most one item open, toggled with + and −', () => {
    render(<FaqAccordion items={items} />)
    expect(screen.getByRole('heading', { name: 'Frequently Asked Questions' })).toBeTruthy()
    expect(screen.queryByText('A1')).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: /Q1/ }))
    expect(screen.getByText('A1')).toBeTruthy()
    expect(screen.getByRole('button', { name: /Q1/ }).textContent).toContain('−')
    fireEvent.click(screen.getByRole('button', { name: /Q2/ }))
    expect(screen.queryByText('A1')).toBeNull()
    expect(screen.getByText('A2')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: /Q2/ }))
    expect(screen.queryByText('A2')).toBeNull()
    expect(screen.getByRole('button', { name: /Q2/ }).textContent).toContain('+')
  })
})

describe('deal box (spec §2)', () => {
  it('is hidden with none of countdown, main text, sub text or button label', () => {
    render(<DealBoxCard brand={brandPage({ dealBox: { ctaUrl: 'https://p.example', linkText: 'L', linkUrl: '/x' } })} />)
    expect(screen.queryByTestId('deal-box')).toBeNull()
  })
  it.each([{ mainText: 'M' }, { subText: 'S' }, { ctaLabel: 'Go' }])('shows with only %o', (dealBox) => {
    render(<DealBoxCard brand={brandPage({ dealBox })} />)
    expect(screen.getByTestId('deal-box')).toBeTruthy()
  })
  it('shows a countdown only from the offer’s end date, as that day: free text alone promises no deadline (issue 34)', () => {
    const { rerender } = render(<DealBoxCard brand={brandPage({ dealBox: { countdownText: 'Offer ends in 2 days', mainText: 'M' } })} />)
    expect(screen.getByTestId('deal-box').textContent).not.toMatch(/ends/i)
    rerender(<DealBoxCard brand={brandPage({ validUntil: '2026-12-24T23:59:59.999Z', dealBox: { countdownText: 'Offer ends in 2 days', mainText: 'M' } })} />)
    expect(screen.getByTestId('deal-box').textContent).toContain('Offer ends 24 December 2026')
    expect(screen.getByTestId('deal-box').textContent).not.toContain('2 days')
  })
  it('shows the optional link only with both text and URL', () => {
    const { rerender } = render(<DealBoxCard brand={brandPage({ dealBox: { mainText: 'M', linkText: 'Terms' } })} />)
    expect(screen.queryByTestId('deal-link')).toBeNull()
    rerender(<DealBoxCard brand={brandPage({ dealBox: { mainText: 'M', linkUrl: '/article/a' } })} />)
    expect(screen.queryByTestId('deal-link')).toBeNull()
    rerender(<DealBoxCard brand={brandPage({ dealBox: { mainText: 'M', linkText: 'Terms', linkUrl: '/article/a' } })} />)
    expect(screen.getByTestId('deal-link').getAttribute('href')).toBe('/article/a')
  })
  it('renders the CTA as a sponsored new-tab link through /go', () => {
    render(<DealBoxCard brand={brandPage({ _id: 'b-1', dealBox: { ctaLabel: 'Claim', ctaUrl: 'https://p.example/c' } })} />)
    const cta = screen.getByRole('link', { name: 'Claim' })
    expect(cta.getAttribute('href')).toMatch(/^\/go\/b-1(\?gaid=.+)?$/)
    expect(cta.getAttribute('target')).toBe('_blank')
    expect(cta.getAttribute('rel')).toBe('sponsored noopener')
  })
})

describe('mobile deal bar (spec §2)', () => {
  it('needs both a button label and a URL', () => {
    const { rerender } = render(<MobileDealBar brand={brandPage({ dealBox: { ctaLabel: 'Go' } })} />)
    expect(screen.queryByTestId('mobile-deal-bar')).toBeNull()
    rerender(<MobileDealBar brand={brandPage({ dealBox: { ctaUrl: 'https://p.example' } })} />)
    expect(screen.queryByTestId('mobile-deal-bar')).toBeNull()
    rerender(<MobileDealBar brand={brandPage({ validUntil: '2026-12-24', dealBox: { ctaLabel: 'Go', ctaUrl: 'https://p.example', countdownText: '2 days' } })} />)
    expect(screen.getByTestId('mobile-deal-bar').textContent).toContain('Offer ends 24 December 2026')
  })
})

describe('sections (spec §2)', () => {
  it("titles terms 'Important Terms & Conditions' by default, as a bullet list", () => {
    render(<SectionView section={{ type: 'terms', content: ['18+ only'] }} />)
    expect(screen.getByRole('heading', { name: 'Important Terms & Conditions' })).toBeTruthy()
    expect(screen.getByRole('listitem').textContent).toBe('18+ only')
  })
  it('renders promo table cells from col1, col2, …', () => {
    render(<SectionView section={{ type: 'table', title: 'T', content: { heading: 'H', columns: ['A', 'B'], rows: [{ col1: 'a1', col2: 'b1' }] } }} />)
    expect(screen.getAllByRole('columnheader').map((c) => c.textContent)).toEqual(['A', 'B'])
    expect(screen.getAllByRole('cell').map((c) => c.textContent)).toEqual(['a1', 'b1'])
  })
  it('renders list sections as subheadings with bullets, and text sections as plain text', () => {
    render(
      <>
        <SectionView section={{ type: 'list', title: 'L', content: [{ subheading: 'Sub', bullets: ['b1', 'b2'] }] }} />
        <SectionView section={{ type: 'text', content: '<b>not html</b>' }} />
      </>,
    )
    expect(screen.getByRole('heading', { name: 'Sub' })).toBeTruthy()
    expect(screen.getByText('<b>not html</b>')).toBeTruthy() // stored text is never rendered as HTML
  })
  it('keeps the paragraphs of a text section (issue 26): its Markdown tree from the server, or its blank lines without one', () => {
    const { container, rerender } = render(<SectionView section={{ type: 'text', content: '' }} tree={[{ t: 'p', c: ['One'] }, { t: 'p', c: [{ t: 'strong', c: ['Two'] }] }]} />)
    expect([...container.querySelectorAll('p')].map((p) => p.textContent)).toEqual(['One', 'Two'])
    expect(container.querySelector('p strong')?.textContent).toBe('Two')
    rerender(<SectionView section={{ type: 'text', content: 'First para.\n\nSecond <i>para</i>.' }} />)
    expect([...container.querySelectorAll('p')].map((p) => p.textContent)).toEqual(['First para.', 'Second <i>para</i>.'])
    expect(container.querySelector('i')).toBeNull()
  })
})

describe('brand page', () => {
  beforeEach(() => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(null, { status: 204 }))
  })
  it('marks its offer slots for the page-view beacon (issue 21: the layout reports the view)', () => {
    const { container } = render(<BrandPageView brand={brandPage({ _id: 'viewed', dealBox: { ctaLabel: 'Claim', ctaUrl: 'https://op.example/go', mainText: 'M' } })} />)
    expect([...container.querySelectorAll<HTMLElement>('[data-slot]')].map((e) => e.dataset.slot)).toEqual(['brand-cta', 'brand-mobile-bar'])
    expect(vi.mocked(fetch).mock.calls).toHaveLength(0) // the brand page itself reports nothing
  })

  it("shows the placeholder banner without one, and a 'Top {brand} Offers' card", () => {
    const { container } = render(<BrandPageView brand={brandPage({ brandName: 'Nova' })} />)
    expect(container.querySelector('img.banner')?.getAttribute('src')).toBe('/placeholder-banner.svg')
    expect(screen.getByRole('heading', { name: 'Top Nova Offers' })).toBeTruthy()
    expect(screen.getByText('See Offer Details')).toBeTruthy()
  })
  it("shows 'Important Timelines' with label, value and unit", () => {
    render(<BrandPageView brand={brandPage({ timelines: [{ label: 'Payout', value: '24', unit: 'hours' }] })} />)
    expect(screen.getByRole('heading', { name: 'Important Timelines' })).toBeTruthy()
    expect(screen.getByText('Payout')).toBeTruthy()
    expect(screen.getByText('hours')).toBeTruthy()
  })
})

describe('banner image (issue 12)', () => {
  it("is described by bannerAlt, else named after the brand, and is fetched first (the page's largest paint)", () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(Response.json({ ok: true })) // the page-view beacon
    const { container, unmount } = render(<BrandPageView brand={brandPage({ brandName: 'Nova', bannerAlt: 'Neon roulette wheel' })} />)
    const banner = container.querySelector('img.banner')!
    expect(banner.getAttribute('alt')).toBe('Neon roulette wheel')
    expect(banner.getAttribute('fetchpriority')).toBe('high')
    unmount()
    const fallback = render(<BrandPageView brand={brandPage({ brandName: 'Nova' })} />)
    expect(fallback.container.querySelector('img.banner')!.getAttribute('alt')).toBe('Nova banner')
  })
})
