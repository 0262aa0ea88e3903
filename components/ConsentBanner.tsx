import { useMarketPath } from './market-path.ts'
import { lazy, Suspense } from 'react'
import { gaMeasurementId } from './analytics.ts'
import { COOKIE_POLICY_PATH, ConsentButtons } from './ConsentButtons.tsx'
import { useConsent, useConsentSettingsOpen } from './use-consent.ts'

// only someone who opens Cookie Settings needs the dialog: it stays out of every page's bundle
const ConsentSettings = lazy(() => import('./ConsentSettings.tsx'))

/**
 * Asks for consent until the visitor answers; the footer's Cookie Settings reopens the choice. Not a
 * modal: the page stays usable, and the banner comes early in the tab order (right after the skip link).
 */
export function ConsentBanner() {
  const consent = useConsent()
  const local = useMarketPath()
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
        <a href={local(COOKIE_POLICY_PATH)}>Cookie policy</a>
      </p>
      <ConsentButtons />
    </section>
  )
}
