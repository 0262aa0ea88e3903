import { gaMeasurementId } from './analytics.ts'
import { COOKIE_POLICY_PATH, ConsentButtons } from './ConsentButtons.tsx'
import { useMarketPath } from './market-path.ts'
import { useT } from './use-t.ts'

/**
 * The consent banner's question (components/ConsentBanner.tsx shows it until the visitor answers). A chunk of its
 * own, with its words: a visitor who has answered never downloads it (issue 37). It shows after hydration either
 * way: only the browser knows the answer.
 */
export default function ConsentNotice() {
  const local = useMarketPath()
  const t = useT()
  return (
    <section className="consent-banner" aria-label={t('consent.label')}>
      <p>
        {gaMeasurementId() ? t('consent.textAnalytics') : t('consent.text')} <a href={local(COOKIE_POLICY_PATH)}>{t('consent.policy')}</a>
      </p>
      <ConsentButtons />
    </section>
  )
}
