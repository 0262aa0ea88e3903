import { useEffect, useState } from 'react'
import { clearUnsaved, confirmLeave } from './unsaved.ts'

/**
 * An admin screen's place kept in its address's query (the content admin's tab and post, the brand admin's
 * brand): `go` moves there as a new history entry (or in place) and tells the screen; `useGuardedLocation`
 * follows it, Back and Forward included. Back or Forward away from a form with unsaved changes asks first,
 * like every other way out; an editor who stays is put back where they were (a new entry: Forward is lost,
 * the text is not). Leaving the page itself is the page's own guard and local copy.
 */
export function goLocation(href: string, event: string, opts: { replace?: boolean } = {}) {
  if (href === `${window.location.pathname}${window.location.search}`) return
  // Vike's router sees a pushState of its own page and leaves the page to follow (no re-render)
  if (opts.replace) window.history.replaceState(null, '', href)
  else window.history.pushState(null, '', href)
  window.dispatchEvent(new Event(event))
}

export function useGuardedLocation<T>(path: string, event: string, read: () => T, same: (a: T, b: T) => boolean): T {
  const [loc, setLoc] = useState<T>(read)
  useEffect(() => {
    let shown = read()
    let shownHref = `${window.location.pathname}${window.location.search}`
    const follow = () => {
      shown = read()
      shownHref = `${window.location.pathname}${window.location.search}`
      setLoc((prev) => (same(prev, shown) ? prev : shown))
    }
    const onPopState = () => {
      if (window.location.pathname !== path) return
      if (same(read(), shown)) return
      if (!confirmLeave()) {
        window.history.pushState(null, '', shownHref)
        return
      }
      clearUnsaved()
      follow()
    }
    window.addEventListener('popstate', onPopState)
    window.addEventListener(event, follow)
    follow()
    return () => {
      window.removeEventListener('popstate', onPopState)
      window.removeEventListener(event, follow)
    }
    // read, same, path and event are module-level: the first ones stand for all
  }, [])
  return loc
}
