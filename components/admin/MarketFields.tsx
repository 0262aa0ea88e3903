import { useEffect, useId, useState } from 'react'
import { languageName } from '../TranslationLinks.tsx'
import { apiCall } from '../api-client.ts'
import { useMarkets } from './markets-api.ts'
import { TranslationPicker } from './TranslationPicker.tsx'

type Translation = { postId: string; market: string | null; language: string; path: string; current: boolean }

/**
 * Issue 23, in the post editor: the market a post is written for (or every market) and the post it
 * translates, with the published translations of its group ("Translations: English, Deutsch"). Hidden
 * while the site has no markets.
 */
export function MarketFields({ postId, market, translationOf, onChange, issue, statesOffers = false }: { postId?: string; market: string; translationOf: string; onChange: (v: { market?: string; translationOf?: string }) => void; issue: (path: string) => string | null; statesOffers?: boolean }) {
  const markets = useMarkets()
  const id = useId()
  // issue 34: a post that states offer figures is not shown where the market bars inducements (Ontario)
  const barring = statesOffers ? markets.filter((m) => !m.rules?.showBonuses && (!market || market === m.key)) : []
  const [translations, setTranslations] = useState<Translation[]>([])
  useEffect(() => {
    if (!postId) return
    let live = true
    apiCall<{ translations: Translation[] }>(`/api/posts/${encodeURIComponent(postId)}/translations`)
      .then((r) => live && setTranslations(r.translations))
      .catch(() => {})
    return () => {
      live = false
    }
  }, [postId])
  if (!markets.length && !market && !translationOf) return null
  return (
    <fieldset className="grid-2 market-fields" data-testid="market-fields">
      <legend>Market and translation</legend>
      <div className="field">
        <label>
          Market
          <select name="market" value={market} onChange={(e) => onChange({ market: e.target.value })} aria-invalid={issue('market') ? true : undefined}>
            <option value="">Every market</option>
            {markets.map((m) => (
              <option key={m.key} value={m.key}>{`${m.name} (/${m.key}, ${m.language})`}</option>
            ))}
          </select>
        </label>
        {issue('market') && <span className="field-issue">{issue('market')}</span>}
        {barring.length > 0 && (
          <span className="field-hint" data-testid="offer-figures-note">
            {`Not shown in ${barring.map((m) => m.name).join(', ')}: it states offer figures (a match, a bonus amount, spins or a wagering multiple), and that market bars inducements.`}
          </span>
        )}
      </div>
      <div className="field">
        <span className="label-text" id={`${id}-label`}>
          Translation of
        </span>
        <TranslationPicker postId={postId} value={translationOf} markets={markets} invalid={Boolean(issue('translationOf'))} describedBy={`${id}-label ${id}-hint`} onChange={(v) => onChange({ translationOf: v })} />
        {issue('translationOf') ? (
          <span className="field-issue" id={`${id}-hint`}>
            {issue('translationOf')}
          </span>
        ) : (
          <span className="field-hint" id={`${id}-hint`}>
            Add a translation: write it as a new post for its market and pick the original here.
          </span>
        )}
        {translations.length > 1 && (
          <span className="field-hint" data-testid="translations">
            {`Translations: ${translations.map((t) => `${languageName(t.language)}${t.current ? ' (this one)' : ''}`).join(', ')}`}
          </span>
        )}
      </div>
    </fieldset>
  )
}
