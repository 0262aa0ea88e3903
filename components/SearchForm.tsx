import { SEARCH_QUERY_MAX } from '../lib/search.ts'

/**
 * A plain GET form to /search: search works without JavaScript. `compact` (the top bar): the label
 * is for screen readers only and the button is an icon.
 */
export function SearchForm({ q = '', id, label, compact = false }: { q?: string; id: string; label: string; compact?: boolean }) {
  return (
    <form className={compact ? 'search-form compact' : 'search-form'} role="search" action="/search" method="get">
      <label htmlFor={id} className={compact ? 'sr-only' : undefined}>
        {label}
      </label>
      <input id={id} type="search" name="q" defaultValue={q} maxLength={SEARCH_QUERY_MAX} placeholder={compact ? 'Search' : 'Words from a title or article'} />
      <button type="submit" className="btn" aria-label={compact ? 'Search' : undefined}>
        {compact ? (
          <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2.5" />
            <path d="M15.5 15.5 21 21" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
          </svg>
        ) : (
          'Search'
        )}
      </button>
    </form>
  )
}
