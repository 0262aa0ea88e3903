import { setConsent } from './consent.ts'
import { useT } from './use-t.ts'

/**
 * What the consent banner and the Cookie Settings dialog share. Its own module because the dialog is
 * loaded on demand by the banner (ConsentBanner.tsx): were these in the banner, the two would import
 * each other.
 */

/** The cookie policy, one of the info pages (/info/:slug). */
export const COOKIE_POLICY_PATH = '/info/cookies'

/** The two answers, with equal prominence: the same style, side by side. */
export function ConsentButtons() {
  const t = useT()
  return (
    <div className="actions">
      <button type="button" className="btn" onClick={() => setConsent('granted')}>
        {t('consent.accept')}
      </button>
      <button type="button" className="btn" onClick={() => setConsent('denied')}>
        {t('consent.reject')}
      </button>
    </div>
  )
}
