import { lazy, Suspense } from 'react'
import { gaMeasurementId } from './analytics.ts'
import { setConsent } from './consent.ts'
import { useConsent, useConsentSettingsOpen } from './use-consent.ts'

/** The cookie policy, one of the info pages (/info/:slug). */
export const COOKIE_POLICY_PATH = '/info/cookies'

// only someone who opens Cookie Settings needs the dialog: it stays out of every page's bundle
const ConsentSettings = lazy(() => import('./ConsentSettings.tsx'))

/** The two answers, with equal prominence: the same style, side by side. */
export function ConsentButtons() {
  return (
    <div className="actions">
      <button type="button" className="btn" onClick={() => setConsent('granted')}>
        Accept analytics
      </button>
      <button type="button" className="btn" onClick={() => setConsent('denied')}>
        Reject
      </button>
    </div>
  )
}

/**
 * Asks for consent until the visitor answers; the footer's Cookie Settings reopens the choice. Not a
 * modal: the page stays usable, and the banner comes early in the tab order (right after the skip link).
 */
export function ConsentBanner() {
  const consent = useConsent()
  if (useConsentSettingsOpen()) {
    return (
      <Suspense>
        <ConsentSettings />
      </Suspense>
    )
  }
  if (consent !== null) return null // answered, or still rendering on the server or hydrating
  return (
    <section className="consent-banner" aria-label="Cookie consent">
      <p>
        With your consent we {gaMeasurementId() && 'count visits with Google Analytics (cookies) and '}keep a device id that
        offer partners receive when you follow an offer. Nothing is stored until you choose.{' '}
        <a href={COOKIE_POLICY_PATH}>Cookie policy</a>
      </p>
      <ConsentButtons />
    </section>
  )
}
