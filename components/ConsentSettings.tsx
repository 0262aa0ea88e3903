import { useMarketPath } from './market-path.ts'
import { useLayoutEffect, useRef } from 'react'
import { gaMeasurementId } from './analytics.ts'
import { COOKIE_POLICY_PATH, ConsentButtons } from './ConsentButtons.tsx'
import { openConsentSettings } from './consent.ts'
import { useConsent } from './use-consent.ts'

const close = () => openConsentSettings(false)

/**
 * The footer's "Cookie Settings": what is stored, the current answer, and the same two buttons to
 * change it. A native modal <dialog>: the browser keeps focus inside and Escape closes it; focus goes
 * back to whatever opened it. Loaded on demand (ConsentBanner).
 */
export default function ConsentSettings() {
  const consent = useConsent()
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
      <h3 id="consent-settings-title">Cookie Settings</h3>
      <p>
        <strong>Analytics is {consent === 'granted' ? 'on' : 'off'}.</strong>
      </p>
      <h4>Always on (strictly necessary)</h4>
      <ul>
        <li>
          Your answer here, kept in this browser (<code>consent</code>).
        </li>
        <li>For editors who log in: the login session, until the browser tab closes.</li>
      </ul>
      <h4>Only if you accept analytics</h4>
      <ul>
        {gaMeasurementId() && (
          <li>
            Google Analytics counts page views (cookies <code>_ga</code>, <code>_ga_…</code>).
          </li>
        )}
        <li>
          A device id (<code>gaid</code>) that offer partners receive when you follow an offer.
        </li>
      </ul>
      <p>
        Rejecting later stops analytics and deletes the device id and Google Analytics cookies. <a href={local(COOKIE_POLICY_PATH)}>Cookie policy</a>
      </p>
      <ConsentButtons />
      <button type="button" className="btn consent-close" onClick={close}>
        Close
      </button>
    </dialog>
  )
}
