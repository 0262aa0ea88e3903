/**
 * A save does not move the editor: the post editor's form is made anew from the post as saved (its
 * key is the post's version), which dropped focus to the page and could shift the page under the
 * editor. Before the form goes, `rememberPlace` notes the focused field — by its name, else its place
 * among the form's fields — and where it sat on the screen; the new form's first layout effect calls
 * `restorePlace`, which focuses the same field and scrolls so it sits where it was.
 */
type Place = { key: string; name: string | null; index: number; top: number; scrollY: number; at: number }

let kept: Place | null = null
// the new form mounts in the same render as the save's answer; anything later is another visit
const FRESH_MS = 2000

type Field = Element & { name?: string; focus: (opts?: FocusOptions) => void }
const fieldsOf = (form: HTMLFormElement) => [...form.elements] as Field[]

/** Remembers where focus and the screen are in `form`, for the form `key` that replaces it. */
export function rememberPlace(form: HTMLFormElement | null, key: string) {
  if (!form) return
  const active = document.activeElement
  const fields = fieldsOf(form)
  const index = active ? fields.indexOf(active as Field) : -1
  const anchor = index >= 0 ? (active as Field) : form
  kept = {
    key,
    name: index >= 0 ? ((active as Field).name || null) : null,
    index,
    top: anchor.getBoundingClientRect().top,
    scrollY: window.scrollY,
    at: Date.now(),
  }
}

/** In the new form `key`: puts focus back on the remembered field and keeps it where it was on the screen; true if it did. */
export function restorePlace(form: HTMLFormElement | null, key: string): boolean {
  const place = kept
  if (!form || !place || place.key !== key || Date.now() - place.at > FRESH_MS) return false
  kept = null
  const fields = fieldsOf(form)
  const byName = place.name ? fields.find((f) => f.name === place.name) : undefined
  const field = byName ?? (place.index >= 0 ? fields[place.index] : undefined)
  field?.focus({ preventScroll: true })
  const anchor = field ?? form
  const moved = anchor.getBoundingClientRect().top - place.top
  if (Math.abs(moved) >= 1) window.scrollTo({ top: window.scrollY + moved, behavior: 'instant' })
  return true
}
