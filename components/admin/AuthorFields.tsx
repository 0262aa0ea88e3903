import type { Post } from '../../lib/schemas.ts'

/** A profile as the pickers list it. */
export type AuthorOption = { _id: string; name: string }
/** The pickers' profiles: null while loading, 'failed' when they could not be loaded. */
export type AuthorOptions = AuthorOption[] | null | 'failed'

/**
 * The post form's byline (issue 22): the author and the reviewer as profiles (each links its page from
 * the article), and the byline's own text for a writer without one. Without the list (loading, or
 * failed) the choice the post has stays, and the text fields still work.
 */
export function AuthorFields({ authors, meta, authorId, reviewerId, onChange, issue }: {
  authors: AuthorOptions
  meta: Post['meta']
  authorId: string
  reviewerId: string
  onChange: (patch: { authorId?: string; reviewerId?: string; meta?: Post['meta'] }) => void
  issue: (path: string) => string | null
}) {
  const options = Array.isArray(authors) ? authors : []
  // a profile the post names but the list lacks (not loaded) still shows as chosen
  const named = (id: string) => (id && !options.some((a) => a._id === id) ? [{ _id: id, name: authors === null ? 'Loading…' : `Profile ${id}` }] : [])
  const fieldIssue = (path: string) => {
    const text = issue(path)
    return text ? <span className="field-issue">{text}</span> : null
  }
  return (
    <>
      <div className="field">
        <label>
          Author
          <select name="authorId" value={authorId} onChange={(e) => onChange({ authorId: e.target.value, ...(e.target.value === reviewerId ? { reviewerId: '' } : {}) })}>
            <option value="">No profile</option>
            {[...named(authorId), ...options].map((a) => (
              <option key={a._id} value={a._id}>
                {a.name}
              </option>
            ))}
          </select>
        </label>
        {authors === 'failed' && <span className="field-hint">The author profiles could not be loaded: reload the page to pick one.</span>}
        {fieldIssue('authorId')}
      </div>
      <div className="field">
        <label>
          Reviewed by
          <select name="reviewerId" value={reviewerId} onChange={(e) => onChange({ reviewerId: e.target.value })}>
            <option value="">No profile</option>
            {[...named(reviewerId), ...options].map((a) => (
              <option key={a._id} value={a._id} disabled={a._id === authorId}>
                {a.name}
              </option>
            ))}
          </select>
        </label>
        {fieldIssue('reviewerId')}
      </div>
      {!authorId && (
        <label>
          Author name (without a profile)
          <input name="meta.author" value={meta.author} onChange={(e) => onChange({ meta: { ...meta, author: e.target.value } })} />
        </label>
      )}
      {!reviewerId && (
        <label>
          Reviewer name (without a profile)
          <input name="meta.reviewer" value={meta.reviewer} onChange={(e) => onChange({ meta: { ...meta, reviewer: e.target.value } })} />
        </label>
      )}
    </>
  )
}
