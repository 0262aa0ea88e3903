import { lazy, Suspense } from 'react'
import { useConsent, useConsentSettingsOpen } from './use-consent.ts'

// only someone who opens Cookie Settings needs the dialog: it stays out of every page's bundle
const ConsentSettings = lazy(() => import('./ConsentSettings.tsx'))
// and only a visitor who has not answered needs the question (issue 37)
const ConsentNotice = lazy(() => import('./ConsentNotice.tsx'))

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
    <Suspense>
      <ConsentNotice />
    </Suspense>
  )
}
