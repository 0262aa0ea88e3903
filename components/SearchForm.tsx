import { useEffect, useRef, useState } from 'react'
import { SEARCH_QUERY_MAX, SUGGEST_MIN_CHARS, type Suggestion } from '../lib/search.ts'
import { useMarketKey, useMarketPath } from './market-path.ts'
import { useT } from './use-t.ts'

/** How long typing pauses before suggestions are asked for. */
export const SUGGEST_DEBOUNCE_MS = 150
const KIND = { brand: 'search.kind.brand', tag: 'search.kind.tag', article: 'search.kind.article' } as const

/**
 * A plain GET form to /search: search works without JavaScript. `compact` (the top bar): the label
 * is for screen readers only and the button is an icon. `suggest` (the top bar, issue 26): once
 * hydrated, the box is a WAI-ARIA combobox offering up to eight suggestions from
 * GET /api/search/suggest (of the page's market) after two characters (debounced): arrow keys move through them, Enter opens
 * the chosen one (or searches, with none chosen), Escape closes them, and their count is announced.
 */
export function SearchForm({ q = '', id, label, compact = false, suggest = false }: { q?: string; id: string; label: string; compact?: boolean; suggest?: boolean }) {
  const [items, setItems] = useState<Suggestion[]>([])
  const local = useMarketPath()
  // suggestions are the page's market's (its brands, articles and rules), then put in its addresses
  const market = useMarketKey()
  const t = useT()
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(-1)
  const [status, setStatus] = useState('')
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const request = useRef<AbortController | null>(null)
  useEffect(() => () => clearTimeout(timer.current), [])
  const listId = `${id}-suggestions`

  const close = () => {
    setOpen(false)
    setActive(-1)
  }
  const ask = (text: string) => {
    clearTimeout(timer.current)
    request.current?.abort()
    if (text.trim().length < SUGGEST_MIN_CHARS) {
      setItems([])
      setStatus('')
      return close()
    }
    timer.current = setTimeout(() => {
      const controller = new AbortController()
      request.current = controller
      fetch(`/api/search/suggest?${new URLSearchParams({ q: text.trim(), ...(market ? { market } : {}) })}`, { signal: controller.signal })
        .then((r) => (r.ok ? (r.json() as Promise<{ suggestions: Suggestion[] }>) : { suggestions: [] }))
        .then(({ suggestions }) => {
          setItems(suggestions)
          setActive(-1)
          setOpen(suggestions.length > 0)
          setStatus(suggestions.length ? t('search.suggestionsCount', { count: suggestions.length }) : t('search.noSuggestions'))
        })
        .catch(() => {}) // aborted or offline: the form still searches
    }, SUGGEST_DEBOUNCE_MS)
  }
  const go = (s: Suggestion) => {
    close()
    window.location.assign(local(s.href))
  }
  const onKeyDown = (e: { key: string; preventDefault(): void; currentTarget: HTMLInputElement }) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      if (!items.length) return
      e.preventDefault()
      setOpen(true)
      const n = items.length
      setActive((a) => (e.key === 'ArrowDown' ? (a + 1) % n : a <= 0 ? n - 1 : a - 1))
    } else if (e.key === 'Enter' && open && active >= 0 && items[active]) {
      e.preventDefault()
      go(items[active])
    } else if (e.key === 'Escape') {
      if (open) {
        e.preventDefault()
        close()
      }
    }
  }
  const combobox = suggest
    ? {
        role: 'combobox' as const,
        'aria-autocomplete': 'list' as const,
        'aria-expanded': open,
        'aria-controls': listId,
        'aria-activedescendant': open && active >= 0 ? `${listId}-${active}` : undefined,
        autoComplete: 'off',
        onInput: (e: { currentTarget: HTMLInputElement }) => ask(e.currentTarget.value),
        onKeyDown,
        onBlur: () => setTimeout(close, 150),
      }
    : {}

  const input = <input id={id} type="search" name="q" defaultValue={q} maxLength={SEARCH_QUERY_MAX} placeholder={compact ? t('search.placeholderCompact') : t('search.placeholder')} {...combobox} />
  return (
    <form className={compact ? 'search-form compact' : 'search-form'} role="search" action={local('/search')} method="get">
      <label htmlFor={id} className={compact ? 'sr-only' : undefined}>
        {label}
      </label>
      {suggest ? (
        <div className="search-combo">
          {input}
          <ul id={listId} role="listbox" aria-label={t('search.suggestions')} className="suggestions" hidden={!open}>
            {items.map((s, i) => (
              <li
                key={s.href}
                id={`${listId}-${i}`}
                role="option"
                aria-selected={i === active}
                className={i === active ? 'active' : undefined}
                onMouseDown={(e) => {
                  e.preventDefault() // keeps focus in the box until the page changes
                  go(s)
                }}
              >
                <span className="suggestion-kind">{t(KIND[s.kind])}</span> {s.label}
              </li>
            ))}
          </ul>
          <span className="sr-only" aria-live="polite" aria-atomic="true">
            {status}
          </span>
        </div>
      ) : (
        input
      )}
      <button type="submit" className="btn" aria-label={compact ? t('search.button') : undefined}>
        {compact ? (
          <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2.5" />
            <path d="M15.5 15.5 21 21" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
          </svg>
        ) : (
          t('search.button')
        )}
      </button>
    </form>
  )
}
