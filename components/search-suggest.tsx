import type { Suggestion } from '../lib/search.ts'
import type { Translate } from '../lib/i18n/index.ts'
import { SUGGEST_MIN_CHARS } from '../lib/search-box.ts'

/**
 * What the top bar's search box does with suggestions (issue 26), loaded when the box is first focused or
 * typed in (issue 37): every page shows the box, few visitors type in it. components/SearchForm.tsx keeps
 * the state and the markup, so the server's HTML and the box hydrate as before.
 */

/** How long typing pauses before suggestions are asked for. */
export const SUGGEST_DEBOUNCE_MS = 150
const KIND = { brand: 'search.kind.brand', tag: 'search.kind.tag', article: 'search.kind.article' } as const

/** The search box's state and what it needs from its page (the same objects from one render to the next, but the values). */
export type SuggestBox = {
  listId: string
  items: Suggestion[]
  open: boolean
  active: number
  setItems: (items: Suggestion[]) => void
  setOpen: (open: boolean) => void
  setActive: (active: number | ((a: number) => number)) => void
  setStatus: (status: string) => void
  timer: { current: ReturnType<typeof setTimeout> | undefined }
  request: { current: AbortController | null }
  market: string
  local: (path: string) => string
  t: Translate
}

/** Closes the list (the box keeps its text). */
export const close = (box: SuggestBox) => {
  box.setOpen(false)
  box.setActive(-1)
}

/** Asks for suggestions for `text` once typing pauses (none below SUGGEST_MIN_CHARS). */
export function ask(box: SuggestBox, text: string) {
  clearTimeout(box.timer.current)
  box.request.current?.abort()
  if (text.trim().length < SUGGEST_MIN_CHARS) {
    box.setItems([])
    box.setStatus('')
    return close(box)
  }
  box.timer.current = setTimeout(() => {
    const controller = new AbortController()
    box.request.current = controller
    fetch(`/api/search/suggest?${new URLSearchParams({ q: text.trim(), ...(box.market ? { market: box.market } : {}) })}`, { signal: controller.signal })
      .then((r) => (r.ok ? (r.json() as Promise<{ suggestions: Suggestion[] }>) : { suggestions: [] }))
      .then(({ suggestions }) => {
        box.setItems(suggestions)
        box.setActive(-1)
        box.setOpen(suggestions.length > 0)
        box.setStatus(suggestions.length ? box.t('search.suggestionsCount', { count: suggestions.length }) : box.t('search.noSuggestions'))
      })
      .catch(() => {}) // aborted or offline: the form still searches
  }, SUGGEST_DEBOUNCE_MS)
}

function go(box: SuggestBox, s: Suggestion) {
  close(box)
  window.location.assign(box.local(s.href))
}

/** Arrow keys move through the suggestions, Enter opens the chosen one (or searches, with none chosen), Escape closes them. */
export function onKeyDown(box: SuggestBox, e: { key: string; preventDefault(): void }) {
  const { items, open, active } = box
  if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
    if (!items.length) return
    e.preventDefault()
    box.setOpen(true)
    const n = items.length
    box.setActive((a) => (e.key === 'ArrowDown' ? (a + 1) % n : a <= 0 ? n - 1 : a - 1))
  } else if (e.key === 'Enter' && open && active >= 0 && items[active]) {
    e.preventDefault()
    go(box, items[active])
  } else if (e.key === 'Escape') {
    if (open) {
      e.preventDefault()
      close(box)
    }
  }
}

/** The suggestions as the listbox's options. */
export function options(box: SuggestBox) {
  return box.items.map((s, i) => (
    <li
      key={s.href}
      id={`${box.listId}-${i}`}
      role="option"
      aria-selected={i === box.active}
      className={i === box.active ? 'active' : undefined}
      onMouseDown={(e) => {
        e.preventDefault() // keeps focus in the box until the page changes
        go(box, s)
      }}
    >
      <span className="suggestion-kind">{box.t(KIND[s.kind])}</span> {s.label}
    </li>
  ))
}
