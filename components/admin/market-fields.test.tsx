// @vitest-environment happy-dom
import { render, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { MARKET_PRESETS } from '../../lib/markets.ts'
import { MarketFields } from './MarketFields.tsx'

/** Issue 34: the post editor says when a post will not be shown in a market that bars inducements, and why. */
beforeEach(() => {
  const markets = [
    { key: 'ca-on', name: 'Ontario', legalPages: [], ...MARKET_PRESETS['CA-ON'] },
    { key: 'uk', name: 'United Kingdom', legalPages: [], ...MARKET_PRESETS.GB },
  ]
  vi.stubGlobal('fetch', vi.fn(async () => Response.json({ markets, presets: MARKET_PRESETS })))
})
afterEach(() => vi.unstubAllGlobals())

const fields = (statesOffers: boolean, market = '') => render(<MarketFields market={market} translationOf="" onChange={() => {}} issue={() => null} statesOffers={statesOffers} />)

describe('MarketFields', () => {
  it('a post stating offer figures, for every market: not shown in Ontario, said beside the market', async () => {
    fields(true)
    await waitFor(() => expect(screen.getByTestId('offer-figures-note').textContent).toMatch(/^Not shown in Ontario: it states offer figures/))
  })

  it('nothing said for a post without figures', async () => {
    fields(false)
    await screen.findByRole('option', { name: /Ontario/ })
    expect(screen.queryByTestId('offer-figures-note')).toBeNull()
  })

  it('nothing said for a post with figures written for a market that shows bonuses', async () => {
    fields(true, 'uk')
    await screen.findByRole('option', { name: /Ontario/ })
    expect(screen.queryByTestId('offer-figures-note')).toBeNull()
  })
})
