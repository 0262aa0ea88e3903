import { useEffect, useId, useState } from 'react'
import type { Market } from '../../lib/markets.ts'
import type { Post, PostType } from '../../lib/schemas.ts'
import { adminApi } from './api.ts'

/** The post types a translation's original may be of (every list the admin has). */
const TYPES: PostType[] = ['article', 'featured', 'articleBottom', 'hero']

type Found = Pick<Post, '_id' | 'title' | 'market' | 'translationOf'>

/** "Ontario (/ca-on, en-CA)" or "every market": where a post is read and in what language. */
export function whereRead(post: Pick<Post, 'market'>, markets: readonly Market[]): string {
  if (!post.market) return 'every market'
  const m = markets.find((x) => x.key === post.market)
  return m ? `${m.name} (/${m.key}, ${m.language})` : `/${post.market}`
}

/**
 * "Translation of" (issue 32): the original is picked by its title from the site's posts, each shown with
 * its market and language; the form keeps its slug, as the API expects. Posts that are translations
 * themselves are not offered (a translation links to the original), nor the post being edited.
 */
export function TranslationPicker({ postId, value, markets, invalid, describedBy, onChange }: { postId?: string; value: string; markets: readonly Market[]; invalid: boolean; describedBy: string; onChange: (slug: string) => void }) {
  const [query, setQuery] = useState('')
  const [found, setFound] = useState<Found[] | null>(null)
  const [chosen, setChosen] = useState<Found | null>(null)
  const [failed, setFailed] = useState(false)
  const id = useId()

  // the chosen original's title, for a post saved with one (or a value set from outside)
  useEffect(() => {
    if (!value) return setChosen(null)
    if (chosen?._id === value) return
    let live = true
    adminApi
      .get(value)
      .then((p) => live && setChosen(p))
      .catch(() => live && setChosen({ _id: value, title: '', market: null, translationOf: null }))
    return () => {
      live = false
    }
  }, [value]) // eslint-disable-line react-hooks/exhaustive-deps -- the chosen one is what this reads

  useEffect(() => {
    const q = query.trim()
    if (!q) return setFound(null)
    let live = true
    const t = setTimeout(() => {
      Promise.all(TYPES.map((type) => adminApi.list(type, q)))
        .then((pages) => {
          if (!live) return
          setFailed(false)
          setFound(pages.flatMap((p) => p.posts).filter((p) => p._id !== postId && !p.translationOf))
        })
        .catch(() => live && setFailed(true))
    }, 250)
    return () => {
      live = false
      clearTimeout(t)
    }
  }, [query, postId])

  function pick(p: Found) {
    setChosen(p)
    setQuery('')
    setFound(null)
    onChange(p._id)
  }

  if (value) {
    return (
      <div className="translation-chosen" data-testid="translation-of">
        <span>
          {chosen?.title ? <strong>{chosen.title}</strong> : <code>{value}</code>}
          {chosen?.title ? <span className="muted small">{` · ${whereRead(chosen, markets)} · /${value}`}</span> : null}
        </span>
        {/* named as the field: a refused save marks it and puts focus here (components/FormError.tsx) */}
        <button type="button" name="translationOf" className="btn btn-small" aria-invalid={invalid || undefined} aria-describedby={describedBy} onClick={() => onChange('')} aria-label={`Not a translation of ${chosen?.title || value}`}>
          Remove
        </button>
      </div>
    )
  }
  return (
    <div className="translation-search">
      <input
        type="search"
        name="translationOf"
        value={query}
        placeholder="Search the original by its title"
        aria-label="Translation of: search the original by its title"
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
        aria-controls={`${id}-found`}
        onChange={(e) => setQuery(e.target.value)}
        onKeyDown={(e) => {
          // Enter picks the only match, and never submits the form
          if (e.key !== 'Enter') return
          e.preventDefault()
          if (found?.length === 1) pick(found[0]!)
        }}
      />
      {failed && <span className="form-error small">The posts could not be searched; try again.</span>}
      {found && (
        <ul id={`${id}-found`} className="translation-found" aria-label="Posts to translate">
          {found.length === 0 && <li className="muted small">No original post has “{query.trim()}” in its title.</li>}
          {found.map((p) => (
            <li key={p._id}>
              <button type="button" className="btn btn-small" onClick={() => pick(p)}>
                {p.title}
                <span className="muted small">{` · ${whereRead(p, markets)}`}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
