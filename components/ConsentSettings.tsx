import { useLayoutEffect, useRef } from 'react'
import { gaMeasurementId } from './analytics.ts'
import { COOKIE_POLICY_PATH, ConsentButtons } from './ConsentButtons.tsx'
import { openConsentSettings } from './consent.ts'
import { useConsent } from './use-consent.ts'
import { useT } from './use-t.ts'
import { useMarketPath } from './market-path.ts'

const close = () => openConsentSettings(false)

/**
 * The footer's "Cookie Settings": what is stored, the current answer, and the same two buttons to
 * change it. A native modal <dialog>: the browser keeps focus inside and Escape closes it; focus goes
 * back to whatever opened it. Loaded on demand (ConsentBanner).
 */
export default function ConsentSettings() {
  const consent = useConsent()
  const t = useT()
  const local = useMarketPath()
  const dialog = useRef<HTMLDialogElement>(null)
  useLayoutEffect(() => {
    const opener = document.activeElement as HTMLElement | null
    const modal = dialog.current
    modal?.showModal()
    return () => {
      // A layout effect, so focus is back before the dialog leaves the page (Preact runs a plain effect's
      // cleanup a few milliseconds after, with focus on <body> meanwhile). The <dialog> is still here and
      // modal, which makes the rest of the page inert and unfocusable: leave the modal state first.
      if (modal?.open) modal.close()
      opener?.focus()
    }
  }, [])
  return (
    <dialog ref={dialog} className="modal consent-settings" aria-labelledby="consent-settings-title" onClose={close}>
      <h3 id="consent-settings-title">{t('consent.settings')}</h3>
      <p>
        <strong>{consent === 'granted' ? t('consent.analyticsOn') : t('consent.analyticsOff')}</strong>
      </p>
      <h4>{t('consent.alwaysOn')}</h4>
      <ul>
        <li>{t('consent.answerKept', { name: 'consent' })}</li>
        <li>{t('consent.session')}</li>
      </ul>
      <h4>{t('consent.ifAccepted')}</h4>
      <ul>
        {gaMeasurementId() && (
          <li>{t('consent.ga', { names: '_ga, _ga_…' })}</li>
        )}
        <li>{t('consent.deviceId', { name: 'gaid' })}</li>
      </ul>
      <p>
        {t('consent.rejectLater')} <a href={local(COOKIE_POLICY_PATH)}>{t('consent.policy')}</a>
      </p>
      <ConsentButtons />
      <button type="button" className="btn consent-close" onClick={close}>
        {t('consent.close')}
      </button>
    </dialog>
  )
}
