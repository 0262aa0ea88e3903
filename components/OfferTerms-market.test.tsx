// @vitest-environment happy-dom
import { render, screen } from '@testing-library/react'
import { VikeReactProviderPageContext } from 'vike-react/usePageContext'
import type { PageContext } from 'vike/types'
import { beforeAll, describe, expect, it } from 'vitest'
import { loadCatalog } from '../lib/i18n/index.ts'
import { type Market, MARKET_PRESETS, termsForMarket } from '../lib/markets.ts'
import { OfferTerms } from './OfferTerms.tsx'

/**
 * Issue 34 ("English UI in /de": "T&Cs apply" on every German page with an offer): a terms line in a market
 * is the brand's own terms, which its editor wrote in English, then the market's safer-gambling line in the
 * market's language. The page says which is which (`lang="en"` on the brand's words), and a brand without
 * terms of its own gets the page's "T&Cs apply" from the catalog, never an English literal.
 */
const de: Market = { key: 'de', name: 'Deutschland', legalPages: [], ...MARKET_PRESETS.DE }
const onGermanPage = (node: React.ReactNode) =>
  render(<VikeReactProviderPageContext pageContext={{ urlPathname: '/de', marketPrefix: '/de', market: de } as unknown as PageContext}>{node}</VikeReactProviderPageContext>)
beforeAll(() => loadCatalog('de-DE'))

describe('a terms line on a German page', () => {
  it('marks the brand’s English terms as English and leaves the market’s line in the page’s language', () => {
    const terms = termsForMarket('18+. New customers only. Max bet £5. T&Cs apply.', de)
    onGermanPage(<OfferTerms offer={{ brandName: 'Nova', termsSummary: terms, termsUrl: '' }} />)
    const line = screen.getByTestId('offer-terms')
    expect(line.textContent).toBe('18+ New customers only. Max bet £5. T&Cs apply. Glücksspiel kann süchtig machen · Hilfe: check-dein-spiel.de, 0800 1 37 27 00')
    const english = line.querySelector('[lang="en"]')!
    expect(english.textContent).toBe('New customers only. Max bet £5. T&Cs apply.')
    // what is not marked is German: the site's words
    expect(line.textContent!.replace(english.textContent!, '')).not.toContain('T&Cs')
  })

  it('a brand without terms of its own: the catalog’s words, then the line', () => {
    onGermanPage(<OfferTerms offer={{ brandName: 'Nova', termsSummary: termsForMarket('', de), termsUrl: '' }} />)
    expect(screen.getByTestId('offer-terms').textContent).toBe('18+ Es gelten die AGB. Glücksspiel kann süchtig machen · Hilfe: check-dein-spiel.de, 0800 1 37 27 00')
    expect(screen.getByTestId('offer-terms').querySelector('[lang]')).toBeNull()
  })
})
