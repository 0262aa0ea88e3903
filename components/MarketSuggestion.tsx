import { useEffect, useState } from 'react'
import { usePageContext } from 'vike-react/usePageContext'
import { type VisitorGeo, visitorGeo } from './visitor-geo.ts'
import { loadCatalog, translator } from '../lib/i18n/index.ts'

const DISMISSED = 'gw-market-suggestion-dismissed'

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
      await loadCatalog(geo.market.language).catch(() => {}) // offline: the suggestion in English
      if (live) setMarket(geo.market)
    })
    return () => {
      live = false
    }
  }, [prefix])
  // in the suggested market's own language: it speaks to someone who reads that language
  const t = translator(market?.language ?? 'en')
  if (!market || prefix) return null
  const dismiss = () => {
    try {
      sessionStorage.setItem(DISMISSED, '1')
    } catch {}
    setMarket(null)
  }
  return (
    <aside className="market-suggestion" role="region" aria-label={t('market.label')} data-testid="market-suggestion" data-market-switch="" lang={market.language}>
      <p>
        {t('market.suggestion', { name: market.name })}{' '}
        <a href={market.prefix} hrefLang={market.language}>{t('market.go', { name: market.name })}</a>
      </p>
      {/* the name begins with the words on the button (WCAG 2.5.3): a voice user says what they see */}
      <button type="button" className="btn" onClick={dismiss} aria-label={t('market.dismiss')}>
        {t('market.stay')}
      </button>
    </aside>
  )
}
