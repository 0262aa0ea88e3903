import { loadScript } from './consent.ts'

/**
 * Google Analytics 4 through gtag.js with Consent Mode v2. Loaded (components/analytics.ts) only for a
 * visitor who has accepted analytics, or to undo it when they withdraw: undecided visitors never
 * fetch this code, and nobody fetches Google's before accepting.
 */

// this site never asks for ad signals; analytics_storage is the one a visitor can grant
const DENIED = { ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied', analytics_storage: 'denied' }

let configured = false

// Google's gtag(): gtag.js reads its commands from dataLayer as `arguments` objects (it ignores arrays)
function gtag(..._args: unknown[]) {
  ;(window.dataLayer ??= []).push(arguments)
}

// Consent Mode v2: the default comes before any other command
gtag('consent', 'default', { ...DENIED, wait_for_update: 500 })

/** GA's first-party cookies (_ga, _ga_<id>, _gid, _gat…), expired on this host and each parent domain (GA's `cookie_domain: 'auto'`). */
function removeGaCookies() {
  const host = location.hostname.split('.')
  for (const [, name] of document.cookie.matchAll(/(?:^|;\s*)(_g(?:a|id|at)\w*)=/g)) {
    for (let i = 0; i <= host.length; i++) document.cookie = `${name}=; max-age=0; path=/${i < host.length ? `; domain=.${host.slice(i).join('.')}` : ''}`
  }
}

/** Accepting defines `window.gtag` and loads gtag.js once; withdrawing denies, switches GA off for this page and removes its cookies. */
export function applyConsent(id: string, granted: boolean) {
  const optOut = `ga-disable-${id}` // gtag.js's own switch: true sends nothing more
  if (granted) {
    if (window.gtag === gtag) return
    Object.assign(window, { [optOut]: false })
    gtag('consent', 'update', { analytics_storage: 'granted' })
    if (!configured) {
      configured = true
      gtag('js', new Date())
      // page views come from usePageView (one per route change), so not from config too
      gtag('config', id, { send_page_view: false, allow_google_signals: false, allow_ad_personalization_signals: false })
    }
    loadScript(`https://www.googletagmanager.com/gtag/js?id=${id}`)
    window.gtag = gtag
  } else {
    if (window.gtag === gtag) {
      gtag('consent', 'update', DENIED)
      Object.assign(window, { [optOut]: true })
      delete window.gtag
    }
    removeGaCookies()
  }
}
