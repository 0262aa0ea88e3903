import { lazy, Suspense } from 'react'
import { gaMeasurementId } from './analytics.ts'
import { COOKIE_POLICY_PATH, ConsentButtons } from './ConsentButtons.tsx'
import { useConsent, useConsentSettingsOpen } from './use-consent.ts'
import { useT } from './use-t.ts'
import { useMarketPath } from './market-path.ts'

// only someone who opens Cookie Settings needs the dialog: it stays out of every page's bundle
const ConsentSettings = lazy(() => import('./ConsentSettings.tsx'))

/**
 * Asks for consent until the visitor answers; the footer's Cookie Settings reopens the choice. Not a
 * modal: the page stays usable, and the banner comes early in the tab order (right after the skip link).
 */
export function ConsentBanner() {
  const consent = useConsent()
  const local = useMarketPath()
  const t = useT()
  if (useConsentSettingsOpen()) {
    return (
      <Suspense>
        <ConsentSettings />
      </Suspense>
    )
  }
  if (consent !== null) return null // answered, or still rendering on the server or hydrating
  return (
    <section className="consent-banner" aria-label={t('consent.label')}>
      <p>
        {gaMeasurementId() ? t('consent.textAnalytics') : t('consent.text')} <a href={local(COOKIE_POLICY_PATH)}>{t('consent.policy')}</a>
      </p>
      <ConsentButtons />
    </section>
  )
}
