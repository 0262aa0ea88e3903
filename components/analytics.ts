import { useEffect } from 'react'
import { getConsent } from './consent.ts'
import { useConsent } from './use-consent.ts'

/** The <meta> through which the server hands GA_MEASUREMENT_ID to the browser (pages/+Head.tsx). */
export const GA_META = 'ga-measurement-id'

/** GA_MEASUREMENT_ID when the site is configured for Google Analytics (browser only). */
export const gaMeasurementId = () => document.querySelector<HTMLMetaElement>(`meta[name="${GA_META}"]`)?.content

/**
 * spec §2: every route change fires page_view with path plus query, only when the analytics function
 * exists — and `window.gtag` exists only once the visitor has accepted analytics (components/google-analytics.ts),
 * so accepting also counts the page on screen, and withdrawing stops page views.
 */
export function usePageView(pathWithQuery: string) {
  const granted = useConsent() === 'granted'
  useEffect(() => {
    const pageView = () => window.gtag?.('event', 'page_view', { page_path: pathWithQuery })
    const id = gaMeasurementId()
    // Google Analytics' code is fetched only to apply an acceptance, or to undo one
    if (!id || !(granted || window.gtag)) return void pageView()
    void import('./google-analytics.ts').then((ga) => {
      ga.applyConsent(id, getConsent() === 'granted') // the answer now: it may have changed while the code loaded
      pageView()
    })
  }, [pathWithQuery, granted])
}
