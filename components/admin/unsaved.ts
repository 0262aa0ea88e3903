import { useLayoutEffect } from 'react'

/**
 * Nothing typed is lost (issue 25). While a form has unsaved changes: leaving it inside the admin (a tab,
 * another post, Cancel) asks first (`confirmLeave`), and so do a link to elsewhere (the logo, the admin
 * nav), reloading and closing the window (`useLeaveGuard`). The typed form is also kept in this browser
 * (`keepLocally`) and offered back after a crash or a reload, until it is saved or discarded.
 */
let unsaved: string | null = null // what has unsaved changes, for the question

export const LEAVE_QUESTION = (what: string) => `You have unsaved changes to ${what}. Leave without saving them?`

/** True when there is nothing unsaved, or the editor agrees to leave it. */
export function confirmLeave(): boolean {
  return unsaved === null || window.confirm(LEAVE_QUESTION(unsaved))
}

/**
 * Registers a form's unsaved state (`what`: how the question names it, null when saved). A layout effect: the
 * guard is in place in the same commit that shows "Unsaved changes", so a Back pressed the moment after typing
 * is asked about (Preact runs plain effects after the next frame, and a headless or busy tab can wait long).
 */
export function useLeaveGuard(what: string | null) {
  useLayoutEffect(() => {
    unsaved = what
    if (what === null) return
    const beforeUnload = (e: BeforeUnloadEvent) => {
      if (unsaved === null) return // the editor already agreed to leave (leaveThen, clearUnsaved): not asked twice
      e.preventDefault()
      e.returnValue = '' // older browsers show their own question only with this set
    }
    // a link to another page (the logo, the admin nav, View): asked before the router takes it
    const onClick = (e: MouseEvent) => {
      const a = (e.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null
      if (!a || e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return
      if (a.target === '_blank' || a.hasAttribute('download')) return // a new tab leaves nothing
      const url = new URL(a.href, window.location.href)
      if (url.origin === window.location.origin && url.pathname === window.location.pathname && url.search === window.location.search) return
      if (!window.confirm(LEAVE_QUESTION(what))) {
        e.preventDefault()
        e.stopImmediatePropagation()
      } else unsaved = null
    }
    window.addEventListener('beforeunload', beforeUnload)
    document.addEventListener('click', onClick, true)
    return () => {
      window.removeEventListener('beforeunload', beforeUnload)
      document.removeEventListener('click', onClick, true)
      if (unsaved === what) unsaved = null
    }
  }, [what])
}

/** Runs `go` (a way out of the form: Back, another screen) if nothing unsaved is lost, or the editor agrees to lose it. */
export function leaveThen(go: () => void) {
  if (!confirmLeave()) return
  unsaved = null
  go()
}

/** Forgets the unsaved state (a leave the editor agreed to, or a save). */
export const clearUnsaved = () => {
  unsaved = null
}

// ---------- the typed form, kept in this browser ----------

type Kept<T> = { at: number; value: T }
const PREFIX = 'gamewise:unsaved:'

function storage(): Storage | null {
  try {
    return window.localStorage
  } catch {
    return null // storage blocked: the question on leaving still protects the work
  }
}

export function keepLocally<T>(key: string, value: T | null) {
  const s = storage()
  try {
    if (value === null) s?.removeItem(PREFIX + key)
    else s?.setItem(PREFIX + key, JSON.stringify({ at: Date.now(), value } satisfies Kept<T>))
  } catch {
    // full or blocked: nothing more to do
  }
}

export function keptLocally<T>(key: string): Kept<T> | null {
  try {
    const raw = storage()?.getItem(PREFIX + key)
    const kept = raw ? (JSON.parse(raw) as Kept<T>) : null
    return kept && typeof kept.at === 'number' && kept.value !== undefined ? kept : null
  } catch {
    return null
  }
}

const RELATIVE = new Intl.RelativeTimeFormat('en', { numeric: 'auto' })
/** "2 minutes ago", "yesterday": when something was kept. */
export function howLongAgo(at: number, now = Date.now()): string {
  const s = Math.round((at - now) / 1000)
  if (s > -45) return 'just now'
  const m = Math.round(s / 60)
  if (m > -60) return RELATIVE.format(m, 'minute')
  const h = Math.round(m / 60)
  if (h > -24) return RELATIVE.format(h, 'hour')
  return RELATIVE.format(Math.round(h / 24), 'day')
}
