// @vitest-environment happy-dom
import { fireEvent, render, screen, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { brandPage } from '../../test/factories.ts'
import { toDraft, toFormData } from './draft.ts'
import { OfferCurrencyFields } from './OfferCurrencyFields.tsx'

/** Issue 34: the brand form's offer currency and offers per market. */
describe('the brand form’s currency and offers per market', () => {
  it('loads them from the brand and sends them back as the API takes them (the minimum deposit a number)', () => {
    const brand = brandPage({ offerCurrency: 'GBP', marketOffers: [{ market: 'de', currency: 'EUR', offerHighlight: '100 % bis zu {500}', termsSummary: 'AGB.', minDeposit: 20 }] })
    const d = toDraft(brand)
    expect(d.offerCurrency).toBe('GBP')
    expect(d.marketOffers).toEqual([{ market: 'de', currency: 'EUR', offerHighlight: '100 % bis zu {500}', termsSummary: 'AGB.', bonusCode: '', minDeposit: '20' }])
    const f = toFormData(d)
    expect(f.get('offerCurrency')).toBe('GBP')
    expect(JSON.parse(String(f.get('marketOffers')))).toEqual([{ market: 'de', currency: 'EUR', offerHighlight: '100 % bis zu {500}', termsSummary: 'AGB.', minDeposit: 20 }])
    // a brand of before currencies sends none and no market's offer
    const old = toFormData(toDraft(brandPage()))
    expect(old.get('offerCurrency')).toBe('')
    expect(old.get('marketOffers')).toBe('[]')
  })

  it('warns while amounts are written {500} without a currency, adds and removes a market’s offer, and shows the server’s reason at the field', () => {
    const onChange = vi.fn()
    const d = { ...toDraft(brandPage()), offerHighlight: '100% up to {500}' }
    const { rerender } = render(<OfferCurrencyFields draft={d} onChange={onChange} error={null} />)
    expect(screen.getByTestId('currency-warning').textContent).toMatch(/no currency/)
    fireEvent.change(screen.getByRole('combobox', { name: /Offer currency/ }), { target: { value: 'gbp' } })
    expect(onChange).toHaveBeenLastCalledWith({ offerCurrency: 'GBP' })
    fireEvent.click(screen.getByRole('button', { name: 'Add an offer for a market' }))
    expect(onChange.mock.lastCall![0].marketOffers).toHaveLength(1)

    const withOne = { ...d, offerCurrency: 'GBP', marketOffers: [{ market: 'de', currency: 'BTC', offerHighlight: 'x', termsSummary: '', bonusCode: '', minDeposit: '' }] }
    const error = { text: 'Failed to save page', issues: [{ path: 'marketOffers.0.currency', message: 'Invalid marketOffers.0.currency: must be an ISO 4217 currency code such as GBP or EUR' }] }
    rerender(<OfferCurrencyFields draft={withOne} onChange={onChange} error={error} />)
    expect(screen.queryByTestId('currency-warning')).toBeNull()
    const offer = screen.getByTestId('market-offer')
    expect(within(offer).getByText('must be an ISO 4217 currency code such as GBP or EUR')).toBeTruthy()
    fireEvent.click(within(offer).getByRole('button', { name: 'Remove this market’s offer' }))
    expect(onChange).toHaveBeenLastCalledWith({ marketOffers: [] })
  })
})
