import { lazy, Suspense, useEffect, useState } from 'react'
import { usePageContext } from 'vike-react/usePageContext'
import { type VisitorGeo, visitorGeo } from './visitor-geo.ts'
import { loadCatalog } from '../lib/i18n/index.ts'

const DISMISSED = 'gw-market-suggestion-dismissed'

const loadNote = () => import('./MarketSuggestionNote.tsx')
// the note and its words load only for a visitor it is shown to (issue 37)
const MarketSuggestionNote = lazy(loadNote)

/**
 * Issue 23: a visitor on the default market's home page whose country another market serves is offered
 * it, politely, and never moved (search engines and people must reach every market). Dismissing it is kept
 * for the browser tab only (sessionStorage: a preference the visitor asked for, no identifier).
 */
export function MarketSuggestion() {
  const pc = usePageContext() as { marketPrefix?: string; urlPathname?: string } | undefined
  // the home page of the default market only: elsewhere a reader came for that page
  const prefix = pc?.urlPathname === '/' ? (pc?.marketPrefix ?? '') : 'elsewhere'
  const [market, setMarket] = useState<VisitorGeo['market']>(null)
  useEffect(() => {
    if (prefix) return // already in a market
    let live = true
    let dismissed = false
    try {
      dismissed = sessionStorage.getItem(DISMISSED) === '1'
    } catch {}
    if (dismissed) return
    visitorGeo().then(async (geo) => {
      if (!geo?.market) return
      // offline: the suggestion in English (its catalog), or none (its code)
      const [note] = await Promise.allSettled([loadNote(), loadCatalog(geo.market.language)])
      if (live && note.status === 'fulfilled') setMarket(geo.market)
    })
    return () => {
      live = false
    }
  }, [prefix])
  if (!market || prefix) return null
  const dismiss = () => {
    try {
      sessionStorage.setItem(DISMISSED, '1')
    } catch {}
    setMarket(null)
  }
  return (
    <Suspense>
      <MarketSuggestionNote market={market} onDismiss={dismiss} />
    </Suspense>
  )
}
