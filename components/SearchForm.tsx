import { useEffect, useRef, useState } from 'react'
import type { Suggestion } from '../lib/search.ts'
import { SEARCH_QUERY_MAX } from '../lib/search-box.ts'
import { useMarketKey, useMarketPath } from './market-path.ts'
import type { SuggestBox } from './search-suggest.tsx'
import { useT } from './use-t.ts'

// what the box does with suggestions: loaded when it is first focused or typed in (issue 37)
const suggestCode = () => import('./search-suggest.tsx')
type SuggestCode = Awaited<ReturnType<typeof suggestCode>>

/**
 * A plain GET form to /search: search works without JavaScript. `compact` (the top bar): the label
 * is for screen readers only and the button is an icon. `suggest` (the top bar, issue 26): once
 * hydrated, the box is a WAI-ARIA combobox offering up to eight suggestions from
 * GET /api/search/suggest (of the page's market) after two characters (debounced): arrow keys move through them, Enter opens
 * the chosen one (or searches, with none chosen), Escape closes them, and their count is announced
 * (components/search-suggest.tsx, fetched when the box is first focused or typed in).
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
  const [code, setCode] = useState<SuggestCode | null>(null)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const request = useRef<AbortController | null>(null)
  useEffect(() => () => clearTimeout(timer.current), [])
  const listId = `${id}-suggestions`
  const box: SuggestBox = { listId, items, open, active, setItems, setOpen, setActive, setStatus, timer, request, market, local, t }
  const load = () =>
    suggestCode().then((m) => {
      setCode(m)
      return m
    })

  const combobox = suggest
    ? {
        role: 'combobox' as const,
        'aria-autocomplete': 'list' as const,
        'aria-expanded': open,
        'aria-controls': listId,
        'aria-activedescendant': open && active >= 0 ? `${listId}-${active}` : undefined,
        autoComplete: 'off',
        onFocus: () => void load().catch(() => {}), // offline, or a deploy replaced the chunk: the form still searches
        onInput: (e: { currentTarget: HTMLInputElement }) => {
          const field = e.currentTarget
          // typed before the code arrived: it asks for what the box says once it has
          if (code) code.ask(box, field.value)
          else void load().then((m) => m.ask(box, field.value), () => {})
        },
        onKeyDown: (e: { key: string; preventDefault(): void }) => code?.onKeyDown(box, e),
        // before the code has loaded nothing has opened the list
        onBlur: () => setTimeout(() => code?.close(box), 150),
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
            {code?.options(box)}
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
