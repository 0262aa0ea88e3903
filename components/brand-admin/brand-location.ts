import { useEffect, useState } from 'react'
import { clearUnsaved, confirmLeave } from '../admin/unsaved.ts'

/**
 * Which brand page the brand admin is editing, as its address (issue 32, as the content admin does in
 * ../admin/admin-location.ts): `/adminmarket?edit=nova-spins`, so reload, Back/Forward and a shared link
 * reopen the brand in edit mode; `/adminmarket` is the Add form. The query, not the path: the server
 * renders /adminmarket once whatever follows the `?`, and the panel reads it in the browser.
 */
const PATH = '/adminmarket'
const EVENT = 'gamewise:brand-location'

export function readBrandEdit(search = typeof window === 'undefined' ? '' : window.location.search): string | null {
  const id = new URLSearchParams(search).get('edit')
  return id && /^[A-Za-z0-9_-]{1,100}$/.test(id) ? id : null
}

export const brandEditHref = (id: string | null) => (id ? `${PATH}?${new URLSearchParams({ edit: id })}` : PATH)

/** Opens brand `id` (null: the Add form) as a new history entry, so Back returns. */
export function goBrand(id: string | null) {
  const href = brandEditHref(id)
  if (href === `${window.location.pathname}${window.location.search}`) return
  // Vike's router sees a pushState of its own page and leaves the page to follow (components/page-transition.ts)
  window.history.pushState(null, '', href)
  window.dispatchEvent(new Event(EVENT))
}

/**
 * The brand being edited, following Back/Forward and goBrand. Back or Forward away from a form with
 * unsaved changes asks first; an editor who stays is put back where they were (the text stays too).
 */
export function useBrandEdit(): string | null {
  const [edit, setEdit] = useState<string | null>(() => readBrandEdit())
  useEffect(() => {
    let shownHref = `${window.location.pathname}${window.location.search}`
    let shown = readBrandEdit()
    const follow = () => {
      shown = readBrandEdit()
      shownHref = `${window.location.pathname}${window.location.search}`
      setEdit(shown)
    }
    const onPopState = () => {
      if (window.location.pathname !== PATH) return // leaving the page: the page's own guard and local copy
      if (readBrandEdit() === shown) return
      if (!confirmLeave()) {
        window.history.pushState(null, '', shownHref)
        return
      }
      clearUnsaved()
      follow()
    }
    window.addEventListener('popstate', onPopState)
    window.addEventListener(EVENT, follow)
    follow()
    return () => {
      window.removeEventListener('popstate', onPopState)
      window.removeEventListener(EVENT, follow)
    }
  }, [])
  return edit
}
