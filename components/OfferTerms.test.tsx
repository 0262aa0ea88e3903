// @vitest-environment happy-dom
import { render, screen, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { brandPage, card, offer } from '../test/factories.ts'
import { BrandDirectoryView } from './BrandDirectoryView.tsx'
import { BrandOffers } from './BrandOffers.tsx'
import { BrandPageView, DealBoxCard, MobileDealBar } from './BrandPageView.tsx'
import { HomeView } from './HomeView.tsx'
import { AffiliateDisclosure, OfferTerms, splitAgeMark } from './OfferTerms.tsx'

/**
 * Compliance (UKGC / ASA-CAP): every rendering of an offer shows its significant terms, an 18+ badge
 * and, when the brand has one, a link to the full terms, without a click; pages with offers carry the
 * affiliate disclosure.
 */

const SUMMARY = '18+. New customers only. Min deposit £10. 35x wagering. T&Cs apply.'
const URL = 'https://operator.example/terms'

/** The one terms line inside `el`, checked as every rendering must show it. */
function expectTerms(el: HTMLElement, opts: { summary?: string; url?: string; brand: string }) {
  const terms = within(el).getByTestId('offer-terms')
  expect(within(terms).getByText('18+')).toBeTruthy()
  // terms that begin with 18+ lose it: the badge shows it once (issue 26)
  expect(terms.textContent).toContain(opts.summary ? splitAgeMark(opts.summary).rest : '| T&Cs apply')
  expect(terms.textContent).not.toMatch(/18\+\W*18\+/)
  const link = within(terms).queryByRole('link', { name: `Full T&Cs for ${opts.brand}` })
  if (!opts.url) return expect(link).toBeNull()
  expect(link!.textContent).toBe('Full T&Cs')
  expect(link!.getAttribute('href')).toBe(opts.url)
  expect(link!.getAttribute('rel')).toBe('nofollow noopener')
  expect(link!.getAttribute('target')).toBe('_blank')
}

describe('OfferTerms', () => {
  it("shows the 18+ badge, the terms line and a 'Full T&Cs' link that opens the operator's terms", () => {
    const { container } = render(<OfferTerms offer={{ brandName: 'Nova', termsSummary: SUMMARY, termsUrl: URL }} />)
    expectTerms(container, { summary: SUMMARY, url: URL, brand: 'Nova' })
  })

  it("still shows '18+ | T&Cs apply' without a terms line, with the link when there is a URL", () => {
    const { container, rerender } = render(<OfferTerms offer={{ brandName: 'Nova', termsSummary: '', termsUrl: '' }} />)
    expect(screen.getByTestId('offer-terms').textContent).toBe('18+ | T&Cs apply')
    expectTerms(container, { brand: 'Nova' })
    rerender(<OfferTerms offer={{ brandName: 'Nova', termsSummary: '  ', termsUrl: URL }} />)
    expect(screen.getByTestId('offer-terms').textContent).toBe('18+ | T&Cs apply Full T&Cs')
    expectTerms(container, { url: URL, brand: 'Nova' })
  })

  it('shows the age mark once when the terms begin with their own (issue 26: "18+ 18+."), taking a different age from them', () => {
    const { rerender } = render(<OfferTerms offer={{ brandName: 'Nova', termsSummary: SUMMARY, termsUrl: '' }} />)
    expect(screen.getByTestId('offer-terms').textContent).toBe('18+ New customers only. Min deposit £10. 35x wagering. T&Cs apply.')
    rerender(<OfferTerms offer={{ brandName: 'Nova', termsSummary: ' 21+ | New customers only.', termsUrl: '' }} />)
    expect(screen.getByTestId('offer-terms').textContent).toBe('21+ New customers only.')
    rerender(<OfferTerms offer={{ brandName: 'Nova', termsSummary: '180+ free spins for new customers.', termsUrl: '' }} />)
    expect(screen.getByTestId('offer-terms').textContent).toBe('18+ 180+ free spins for new customers.')
  })

  it("compact (the phone's deal bar): short terms in full, longer ones as a link to where they are in full, never cut", () => {
    const { rerender } = render(<OfferTerms offer={{ brandName: 'Nova', termsSummary: '18+. New customers only. T&Cs apply.', termsUrl: URL }} compact detailsHref="#offer-details" />)
    expect(screen.getByTestId('offer-terms').textContent).toBe('18+ New customers only. T&Cs apply. Full T&Cs')
    const long = `18+. ${'New customers only. Min deposit £10. '.repeat(4)}T&Cs apply.`
    rerender(<OfferTerms offer={{ brandName: 'Nova', termsSummary: long, termsUrl: URL }} compact detailsHref="#offer-details" />)
    const terms = screen.getByTestId('offer-terms')
    expect(within(terms).getByRole('link', { name: 'Significant terms apply' }).getAttribute('href')).toBe('#offer-details')
    expect(within(terms).getByRole('link', { name: 'Full T&Cs for Nova' })).toBeTruthy()
    expect(terms.textContent).not.toContain('Min deposit')
  })

  it('renders stored text as text and never links anything but http(s)', () => {
    render(<OfferTerms offer={{ brandName: 'X', termsSummary: '<b>18+</b>', termsUrl: 'javascript:alert(1)' }} />)
    expect(screen.getByText('<b>18+</b>')).toBeTruthy()
    expect(screen.queryByRole('link')).toBeNull()
  })
})

describe('terms beside every rendering of an offer', () => {
  beforeEach(() => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(null, { status: 204 })) // the brand page's view report
  })

  it('home offers: every table row (desktop) and every card (mobile)', () => {
    const offers = [offer({ termsSummary: SUMMARY, termsUrl: URL }), offer(), offer({ termsUrl: URL })]
    render(<BrandOffers offers={offers} />)
    const rows = screen.getAllByTestId('offer-row')
    const cards = screen.getAllByTestId('offer-card')
    expect(rows).toHaveLength(3)
    expect(cards).toHaveLength(3)
    for (const list of [rows, cards]) {
      expectTerms(list[0], { summary: SUMMARY, url: URL, brand: offers[0].brandName })
      expectTerms(list[1], { brand: offers[1].brandName })
      expectTerms(list[2], { url: URL, brand: offers[2].brandName })
    }
  })

  it('home offers without types (the simpler featured layout)', () => {
    render(<BrandOffers offers={[offer({ brandName: 'Simple', type: [], termsSummary: SUMMARY })]} />)
    expectTerms(screen.getByTestId('offer-card'), { summary: SUMMARY, brand: 'Simple' })
  })

  it('brand page: the deal box, the mobile bar and the sidebar card, and the offer details', () => {
    const brand = brandPage({ brandName: 'Nova', termsSummary: SUMMARY, termsUrl: URL, bonusCondition: '35x wagering', dealBox: { mainText: '100% up to £100', ctaLabel: 'Claim', ctaUrl: 'https://nova.example/go' } })
    const { container } = render(<BrandPageView brand={brand} />)
    expectTerms(screen.getByTestId('deal-box'), { summary: SUMMARY, url: URL, brand: 'Nova' })
    // the phone's bar has room for one line of terms on a 320 px screen: longer ones are one tap away, in the offer details
    const bar = within(screen.getByTestId('mobile-deal-bar')).getByTestId('offer-terms')
    expect(bar.className).toContain('compact')
    expect(within(bar).getByRole('link', { name: 'Significant terms apply' }).getAttribute('href')).toBe('#offer-details')
    expect(within(bar).getByRole('link', { name: 'Full T&Cs for Nova' }).getAttribute('href')).toBe(URL)
    const sidebar = screen.getByRole('heading', { name: 'Top Nova Offers' }).parentElement!
    expectTerms(sidebar, { summary: SUMMARY, url: URL, brand: 'Nova' })
    const details = container.querySelector<HTMLElement>('#offer-details')!
    expectTerms(details, { summary: SUMMARY, url: URL, brand: 'Nova' })
    expect(within(details).getByText('35x wagering')).toBeTruthy()
  })

  it('brand page without terms: every rendering still shows 18+ | T&Cs apply', () => {
    render(<DealBoxCard brand={brandPage({ brandName: 'Bare', dealBox: { mainText: 'Bonus', ctaLabel: 'Go', ctaUrl: 'https://b.example/' } })} />)
    expectTerms(screen.getByTestId('deal-box'), { brand: 'Bare' })
    render(<MobileDealBar brand={brandPage({ brandName: 'Bare', dealBox: { ctaLabel: 'Go', ctaUrl: 'https://b.example/' } })} />)
    expectTerms(screen.getByTestId('mobile-deal-bar'), { brand: 'Bare' })
  })

  it('the /brands directory: every card', () => {
    const brands = [offer({ termsSummary: SUMMARY, termsUrl: URL }), offer()]
    render(<BrandDirectoryView brands={brands} page={1} pages={1} total={2} />)
    const cards = screen.getAllByTestId('offer-card')
    expectTerms(cards[0], { summary: SUMMARY, url: URL, brand: brands[0].brandName })
    expectTerms(cards[1], { brand: brands[1].brandName })
  })
})

describe("'See Offer Details'", () => {
  beforeEach(() => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(null, { status: 204 }))
  })
  it('is a plain in-page link to the offer details, which every brand page has', () => {
    const { container } = render(<BrandPageView brand={brandPage({ brandName: 'Nova', bonusOffer: '', termsSummary: '', dealBox: { mainText: 'Visit the site for current offers' } })} />)
    const link = screen.getByRole('link', { name: 'See Offer Details' })
    expect(link.getAttribute('href')).toBe('#offer-details')
    const click = new MouseEvent('click', { bubbles: true, cancelable: true })
    link.dispatchEvent(click)
    expect(click.defaultPrevented).toBe(false) // the browser follows it, with or without JavaScript
    const details = container.querySelector('#offer-details')
    expect(details).not.toBeNull()
    expect(within(details as HTMLElement).getByTestId('offer-terms').textContent).toBe('18+ | T&Cs apply')
  })
})

describe("the 'Top … Offers' card", () => {
  beforeEach(() => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(null, { status: 204 }))
  })
  it('is never a titled card with nothing in it (issue 34: an Ontario page kept an empty “Top Nova Spins Offers”)', () => {
    render(<BrandPageView brand={brandPage({ brandName: 'Nova', bonusOffer: '', bonusCondition: '', dealBox: {} })} />)
    expect(screen.queryByRole('heading', { name: 'Top Nova Offers' })).toBeNull()
  })
  it('shows no offer at all where the brand may not be shown: the notice and alternatives with their own terms (issue 34)', () => {
    const alternative = { ...brandPage({ _id: 'alt', brandName: 'Alt Casino', offerHighlight: '50 spins', termsSummary: '21+. New customers only.' }), campaignTypeRaw: '' }
    render(<BrandPageView brand={brandPage({ brandName: 'Nova', bonusOffer: '100% up to 500', dealBox: { mainText: '100% up to 500', ctaLabel: 'Claim', ctaUrl: 'https://n.example' } })} availability={{ available: false, alternatives: [alternative] }} />)
    expect(screen.queryByRole('heading', { name: 'Top Nova Offers' })).toBeNull()
    expect(screen.queryByText(/100% up to 500/)).toBeNull()
    expect(screen.queryByTestId('mobile-deal-bar')).toBeNull()
    const notice = screen.getByTestId('geo-unavailable')
    expect(within(notice).getByTestId('offer-terms').textContent).toBe('21+ New customers only.')
  })
})

describe('the affiliate disclosure', () => {
  beforeEach(() => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(null, { status: 204 }))
  })
  const expectDisclosure = (text: string) => {
    const line = screen.getByTestId('affiliate-disclosure')
    expect(line.textContent).toBe(`${text} Read our affiliate disclosure.`)
    expect(within(line).getByRole('link', { name: 'Read our affiliate disclosure.' }).getAttribute('href')).toBe('/info/affiliate-disclosure')
  }

  it('shows the default line when none is given, and a saved one as plain text', () => {
    const { unmount } = render(<AffiliateDisclosure />)
    expectDisclosure('We may earn a commission when you sign up through links on this page.')
    unmount()
    render(<AffiliateDisclosure text={'<img src=x onerror=alert(1)> paid links'} />)
    expectDisclosure('<img src=x onerror=alert(1)> paid links')
    expect(document.querySelector('img')).toBeNull()
  })

  it('sits beside the home offers, the /brands directory and on the brand page', () => {
    const { unmount: a } = render(<HomeView hero={{ title: 'H' }} featured={card()} articles={[]} bottoms={[]} offers={[offer()]} disclosure="Home disclosure." />)
    expectDisclosure('Home disclosure.')
    expect(screen.getByRole('heading', { name: 'Top offers' }).parentElement!.contains(screen.getByTestId('affiliate-disclosure'))).toBe(true)
    a()
    const { unmount: b } = render(<BrandDirectoryView brands={[offer()]} page={1} pages={1} total={1} disclosure="Directory disclosure." />)
    expectDisclosure('Directory disclosure.')
    b()
    render(<BrandPageView brand={brandPage()} disclosure="Brand disclosure." />)
    expectDisclosure('Brand disclosure.')
  })
})

describe('an offer’s currency on its terms line (issue 34)', () => {
  it('names the offer’s currency for the offer around it, and says it in words where it is not the market’s', () => {
    const { container, rerender } = render(<OfferTerms offer={{ brandName: 'Nova', termsSummary: SUMMARY, termsUrl: '', offerCurrency: 'GBP', marketCurrency: 'EUR' }} />)
    const line = within(container).getByTestId('offer-terms')
    expect(line.getAttribute('data-offer-currency')).toBe('GBP')
    expect(line.textContent).toContain('Amounts in GBP.')
    // in its own currency's market nothing more is said
    rerender(<OfferTerms offer={{ brandName: 'Nova', termsSummary: SUMMARY, termsUrl: '', offerCurrency: 'GBP', marketCurrency: 'GBP' }} />)
    expect(within(container).getByTestId('offer-terms').getAttribute('data-offer-currency')).toBe('GBP')
    expect(container.textContent).not.toContain('Amounts in')
    // an offer of before currencies says nothing of one
    rerender(<OfferTerms offer={{ brandName: 'Nova', termsSummary: SUMMARY, termsUrl: '' }} />)
    expect(within(container).getByTestId('offer-terms').hasAttribute('data-offer-currency')).toBe(false)
  })

  it('key facts label a minimum deposit in another currency than the market’s, and mark it', () => {
    const { container, rerender } = render(<BrandPageView brand={brandPage({ facts: { minDeposit: { amount: 20, currency: 'GBP' } }, marketCurrency: 'CAD' })} disclosure="" />)
    const dd = container.querySelector('[data-fact=minDeposit] dd')!
    expect(dd.textContent).toBe('£20 (GBP)')
    expect(dd.getAttribute('data-offer-currency')).toBe('GBP')
    rerender(<BrandPageView brand={brandPage({ facts: { minDeposit: { amount: 20, currency: 'GBP' } }, marketCurrency: 'GBP' })} disclosure="" />)
    expect(container.querySelector('[data-fact=minDeposit] dd')!.textContent).toBe('£20')
  })
})
