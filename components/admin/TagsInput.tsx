import { type KeyboardEvent, useId } from 'react'
import { normalizeTags } from '../../lib/tags.ts'

/**
 * A post's tags as chips (issue 25): a comma or Enter ends a tag, Backspace in the empty field takes the
 * last one back, and the existing tags are suggested as you type (the browser's own list, so it works
 * with any keyboard and screen reader). The text still being typed belongs to the form: it is saved with
 * it (lib/tags.ts withTyped), so nothing typed is lost by forgetting to press Enter.
 */
export function TagsInput({ value, typed, suggestions, onChange, onTyped }: {
  value: string[]
  typed: string
  suggestions: string[]
  onChange: (tags: string[]) => void
  onTyped: (text: string) => void
}) {
  const listId = useId()
  const hintId = useId()
  const add = (text: string) => {
    const next = normalizeTags([...value, ...text.split(',')])
    if (next.length !== value.length) onChange(next)
  }
  const onKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter' || e.key === ',') {
      e.preventDefault() // Enter ends a tag; it does not submit the form
      add(typed)
      onTyped('')
    } else if (e.key === 'Backspace' && typed === '' && value.length) {
      e.preventDefault()
      onTyped(value[value.length - 1]!)
      onChange(value.slice(0, -1))
    }
  }
  const taken = new Set(value.map((t) => t.toLowerCase()))
  return (
    <div className="tags-input">
      <label>
        Tags
        <input
          name="tags"
          list={listId}
          value={typed}
          autoComplete="off"
          aria-describedby={hintId}
          placeholder={value.length ? 'Another tag' : 'e.g. Guides'}
          onChange={(e) => {
            const v = e.target.value
            if (v.includes(',')) {
              // typed or pasted commas: everything before the last one becomes tags
              const cut = v.lastIndexOf(',')
              add(v.slice(0, cut))
              onTyped(v.slice(cut + 1).trimStart())
            } else onTyped(v)
          }}
          onKeyDown={onKey}
        />
      </label>
      <datalist id={listId}>
        {suggestions.filter((s) => !taken.has(s.toLowerCase())).map((s) => (
          <option key={s} value={s} />
        ))}
      </datalist>
      <p id={hintId} className="field-hint">
        A comma or Enter ends a tag. The first is the main tag; the article is listed on every tag’s page.
      </p>
      {value.length > 0 && (
        <ul className="chips" aria-label="Tags of this article">
          {value.map((tag, i) => (
            <li key={tag} className="chip">
              {tag}
              {i === 0 && <span className="sr-only"> (main tag)</span>}{' '}
              <button type="button" className="chip-remove" aria-label={`Remove tag ${tag}`} onClick={() => onChange(value.filter((t) => t !== tag))}>
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
