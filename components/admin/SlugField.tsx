import type { ReactNode } from 'react'
import { slugAsTyped, slugify } from '../../lib/slug.ts'

/**
 * A URL slug field under its address (`/article/`, `/author/`): typed spaces become hyphens as they are
 * typed, the field is tidied when left, and an empty one is made from `from` (the title, the name) on save.
 * `hint` says what a change does; `issue` is the server's refusal at the field.
 */
export function SlugField({ id, prefix, value, from, fromWhat, hint, invalid, issue, maxLength, onChange }: {
  id: string
  prefix: string
  value: string
  from: string
  fromWhat: 'title' | 'name'
  hint: ReactNode
  invalid?: boolean
  issue?: ReactNode
  maxLength?: number
  onChange: (slug: string) => void
}) {
  return (
    <div className="field">
      <label htmlFor={`${id}-slug`}>URL slug</label>
      <span className="slug-field">
        <span className="slug-prefix" aria-hidden="true">
          {prefix}
        </span>
        <input
          id={`${id}-slug`}
          name="slug"
          maxLength={maxLength}
          value={value}
          placeholder={slugify(from) || `made-from-the-${fromWhat}`}
          pattern="[a-z0-9]+(-[a-z0-9]+)*"
          title="Lower-case letters, digits and single hyphens"
          aria-describedby={`${id}-slug-hint`}
          aria-invalid={invalid ? true : undefined}
          onChange={(e) => onChange(slugAsTyped(e.target.value))}
          onBlur={(e) => e.target.value !== slugify(e.target.value) && onChange(slugify(e.target.value))}
        />
      </span>
      <span className="field-hint" id={`${id}-slug-hint`}>
        {hint}
      </span>
      {issue}
    </div>
  )
}
