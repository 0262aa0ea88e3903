// @vitest-environment happy-dom
import { fireEvent, render, screen, within } from '@testing-library/react'
import { describe, expect, it, onTestFinished } from 'vitest'
import { offer } from '../test/factories.ts'
import { BrandOffers } from './BrandOffers.tsx'
import { resetConsentForTests, setConsent } from './consent.ts'

const rows = () => screen.getAllByTestId('offer-row').map((r) => within(r).getByText(/^Brand \d+$/).textContent)

describe('BrandOffers (spec §2, "Brand offers list")', () => {
  it('makes tabs from the union of all offer types and selects the first', () => {
    render(<BrandOffers offers={[offer({ type: ['typeNew'] }), offer({ type: ['typePopular', 'typeCrypto'] }), offer({ type: ['typeNew'] })]} />)
    const tabs = screen.getAllByRole('tab')
    expect(tabs.map((t) => t.textContent)).toEqual(['New', 'Popular', 'Crypto'])
    expect(tabs[0].getAttribute('aria-selected')).toBe('true')
    expect(screen.getAllByTestId('offer-row')).toHaveLength(2)
  })

  it('shows 5 offers per page with Previous, page numbers and Next', () => {
    const offers = Array.from({ length: 12 }, () => offer())
    render(<BrandOffers offers={offers} />)
    expect(screen.getAllByTestId('offer-row')).toHaveLength(5)
    for (const label of ['Previous', '1', '2', '3', 'Next']) expect(screen.getByRole('button', { name: label })).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: '3' }))
    expect(rows()).toEqual([offers[10].brandName, offers[11].brandName])
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }))
    expect(rows()[0]).toBe(offers[5].brandName)
  })

  it('hides the pager when everything fits on one page', () => {
    render(<BrandOffers offers={Array.from({ length: 5 }, () => offer())} />)
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Previous' })).toBeNull()
  })

  it('resets to page 1 when the tab changes', () => {
    const offers = [...Array.from({ length: 7 }, () => offer({ type: ['typePopular', 'typeNew'] }))]
    render(<BrandOffers offers={offers} />)
    fireEvent.click(screen.getByRole('button', { name: '2' }))
    expect(rows()).toHaveLength(2)
    fireEvent.click(screen.getByRole('tab', { name: 'New' }))
    expect(rows()).toHaveLength(5)
    expect(screen.getByRole('button', { name: '1' }).getAttribute('aria-current')).toBe('page')
  })

  it("shows 'No brands found.' for an empty list", () => {
    render(<BrandOffers offers={[]} />)
    expect(screen.getByText('No brands found.')).toBeTruthy()
  })

  it('falls back to the simpler layout when no offer has a type', () => {
    render(<BrandOffers offers={[offer({ type: [] }), offer({ type: [] })]} />)
    expect(screen.queryByRole('tab')).toBeNull()
    expect(screen.getByTestId('offers-simple')).toBeTruthy()
    expect(screen.getAllByTestId('offer-card')).toHaveLength(2)
  })

  it('gives each offer a tracked Play link (/go, with the device gaid once analytics is accepted) in a new tab and a Review link to its brand page', () => {
    setConsent('granted')
    onTestFinished(() => {
      resetConsentForTests()
      localStorage.clear()
    })
    localStorage.setItem('gaid', 'device-1')
    render(<BrandOffers offers={[offer({ _id: 'nova', dealBox: { ctaUrl: 'https://nova.example/x', mainText: 'M' } })]} />)
    const row = screen.getByTestId('offer-row')
    const play = within(row).getByRole('link', { name: 'Play' })
    expect(play.getAttribute('href')).toBe('/go/nova?gaid=device-1')
    expect(play.getAttribute('target')).toBe('_blank')
    expect(play.getAttribute('rel')).toBe('sponsored noopener')
    expect(within(row).getByRole('link', { name: 'Review' }).getAttribute('href')).toBe('/brands/nova')
  })

  it('shows the bonus offer on the mobile cards only', () => {
    render(<BrandOffers offers={[offer({ bonusOffer: 'Only on mobile' })]} />)
    expect(within(screen.getByTestId('offer-card')).getByText('Only on mobile')).toBeTruthy()
    expect(within(screen.getByTestId('offer-row')).queryByText('Only on mobile')).toBeNull()
  })
})
