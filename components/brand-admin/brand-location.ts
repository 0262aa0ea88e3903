import { goLocation, useGuardedLocation } from '../admin/guarded-location.ts'

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
  goLocation(brandEditHref(id), EVENT)
}

const readHere = () => readBrandEdit()
const same = (a: string | null, b: string | null) => a === b

/**
 * The brand being edited, following Back/Forward and goBrand. Back or Forward away from a form with
 * unsaved changes asks first; an editor who stays is put back where they were (the text stays too).
 */
export function useBrandEdit(): string | null {
  return useGuardedLocation(PATH, EVENT, readHere, same)
}
