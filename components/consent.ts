/**
 * The consent gate (GDPR, ePrivacy art. 5(3)): the visitor's answer about analytics, and the one way
 * non-essential storage and third-party scripts get into a page. Until the answer is 'granted' the
 * site stores nothing optional and loads nothing from another origin.
 */

/**
 * Where the answer is kept. Remembering the visitor's own choice is strictly necessary (otherwise the
 * banner would ask again on every page), so this one entry needs no consent.
 */
export const CONSENT_KEY = 'consent'
/** spec §3, §9: the device id. Partners receive it on click-through (a cross-site identifier): optional. */
export const GAID_KEY = 'gaid'

export type Consent = 'granted' | 'denied'

let choice: Consent | null | undefined // undefined: not read from storage yet
let settingsOpen = false
let watching = false
const listeners = new Set<() => void>()
const emit = () => listeners.forEach((l) => l())
/** Calls `l` whenever the answer changes (or Cookie Settings opens or closes). */
export const subscribeConsent = (l: () => void) => {
  listeners.add(l)
  return () => void listeners.delete(l)
}

// storage can be blocked (privacy settings): then the answer lasts for this page only
function local<T>(use: (s: Storage) => T): T | undefined {
  try {
    return use(localStorage)
  } catch {}
}

/** The visitor's answer; null until they choose. */
export function getConsent(): Consent | null {
  if (choice === undefined) {
    const stored = local((s) => s.getItem(CONSENT_KEY))
    choice = stored === 'granted' || stored === 'denied' ? stored : null
    // a gaid written before the site asked (or before a withdrawal in another tab) goes
    if (choice !== 'granted') local((s) => s.removeItem(GAID_KEY))
    if (!watching) {
      watching = true
      // an answer given in another tab applies here too (a withdrawal stops this tab's analytics)
      window.addEventListener('storage', (e) => {
        if (e.key === CONSENT_KEY || e.key === null) {
          choice = undefined
          emit()
        }
      })
    }
  }
  return choice
}

/** Records the answer; withdrawing removes the optional storage this site wrote. */
export function setConsent(next: Consent) {
  local((s) => {
    s.setItem(CONSENT_KEY, next)
    if (next === 'denied') s.removeItem(GAID_KEY)
  })
  choice = next
  settingsOpen = false
  emit()
}

/** The footer's "Cookie Settings". */
export function openConsentSettings(open = true) {
  settingsOpen = open
  emit()
}

export const consentSettingsOpen = () => settingsOpen

const loaded = new Set<string>()

/** Adds a third-party script once, and only with consent (its origin goes in server/csp.ts too). */
export function loadScript(src: string): boolean {
  if (getConsent() !== 'granted') return false
  if (!loaded.has(src)) {
    loaded.add(src)
    const script = document.createElement('script')
    script.async = true
    script.src = src
    document.head.append(script)
  }
  return true
}

/** For tests: forget everything, as a new page load would. */
export function resetConsentForTests() {
  choice = undefined
  settingsOpen = false
  loaded.clear()
  emit()
}
