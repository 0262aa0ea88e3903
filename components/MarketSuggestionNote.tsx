import { translator } from '../lib/i18n/index.ts'
import type { VisitorGeo } from './visitor-geo.ts'

type Market = NonNullable<VisitorGeo['market']>

/**
 * The market suggestion's note (components/MarketSuggestion.tsx decides whether to show it). A chunk of its
 * own, with its words: only a visitor whose country another market serves downloads it (issue 37).
 */
export default function MarketSuggestionNote({ market, onDismiss }: { market: Market; onDismiss: () => void }) {
  // in the suggested market's own language: it speaks to someone who reads that language
  const t = translator(market.language)
  return (
    <aside className="market-suggestion" role="region" aria-label={t('market.label')} data-testid="market-suggestion" data-market-switch="" lang={market.language}>
      <p>
        {t('market.suggestion', { name: market.name })}{' '}
        <a href={market.prefix} hrefLang={market.language}>{t('market.go', { name: market.name })}</a>
      </p>
      {/* the name begins with the words on the button (WCAG 2.5.3): a voice user says what they see */}
      <button type="button" className="btn" onClick={onDismiss} aria-label={t('market.dismiss')}>
        {t('market.stay')}
      </button>
    </aside>
  )
}
