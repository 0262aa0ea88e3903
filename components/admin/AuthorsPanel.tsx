import { useId, useRef, useState } from 'react'
import { AUTHOR_BIO_MAX, AUTHOR_LINKS_MAX, authorPath, isAuthorSlug } from '../../lib/authors.ts'
import { SlugField } from './SlugField.tsx'
import { ApiError, saveFailure } from '../api-client.ts'
import { FormError, type FormFailure, issueAt } from '../FormError.tsx'
import { AuthorPhotoField } from './AuthorPhotoField.tsx'
import { type AuthorDraft, type AuthorWithUsage, authorsApi, emptyAuthorDraft, toAuthorDraft } from './authors-api.ts'
import { changedByOthers, useVersionedSave } from './ConflictNotice.tsx'
import { useAdminList } from './use-admin-list.ts'
import { editorForm } from './form-keys.ts'

/** How a refused field is named to the admin: the form's labels, not the API's paths. */
export const AUTHOR_FIELD_LABELS: Record<string, string> = { name: 'Name', slug: 'URL slug', bio: 'Bio', expertise: 'Writes about', photo: 'Photo', links: 'Links' }

/** "Author of 4 posts · reviewer of 2": how many posts (drafts too) name a profile; one named anywhere cannot be deleted. */
function usageText(u: AuthorWithUsage['usage']) {
  if (!u.authored && !u.reviewed) return 'No posts yet'
  const posts = (n: number) => `${n} ${n === 1 ? 'post' : 'posts'}`
  return [u.authored && `Author of ${posts(u.authored)}`, u.reviewed && `reviewer of ${posts(u.reviewed)}`].filter(Boolean).join(' · ')
}

function AuthorForm({ initial, onSaved, onCancel }: { initial: AuthorDraft; onSaved: (a: AuthorDraft) => void; onCancel: () => void }) {
  const [draft, setDraft] = useState(initial)
  const [error, setError] = useState<FormFailure | null>(null)
  const [saved, setSaved] = useState(false)
  const formRef = useRef<HTMLFormElement>(null)
  const id = useId()
  const isNew = !draft._id
  const set = (patch: Partial<AuthorDraft>) => {
    setDraft((d) => ({ ...d, ...patch }))
    setSaved(false)
  }
  const setLink = (i: number, patch: Partial<AuthorDraft['links'][number]>) => set({ links: draft.links.map((l, k) => (k === i ? { ...l, ...patch } : l)) })
  const slugProblem = draft.slug !== '' && !isAuthorSlug(draft.slug) ? 'Use lowercase letters, digits and single hyphens, e.g. maya-chen' : null
  const issue = (path: string) => issueAt(error, path)
  const { save, busy, notice } = useVersionedSave({
    isNew,
    version: draft.version,
    persist: (version) => authorsApi.save(draft, version),
    started: () => setError(null),
    saved: (author) => {
      // the saved profile from now on: a new one becomes an edit (its id, an uploaded photo as its /media/ URL)
      const next = toAuthorDraft(author)
      setDraft(next)
      setSaved(true)
      onSaved(next)
    },
    failed: (err) => setError(saveFailure('Failed to save the author', err)),
    load: async () => toAuthorDraft(await authorsApi.get(draft._id!)),
    changes: (theirs) => changedByOthers(initial, theirs, draft, AUTHOR_FIELD_LABELS),
    reload: setDraft,
    versionOf: (theirs) => theirs.version,
  })
  return (
    <form className="post-form card author-form" {...editorForm(formRef, save)} aria-label={isNew ? 'Add author' : 'Edit author'}>
      {notice()}
      <h2>{isNew ? 'Add author' : `Edit ${initial.name}`}</h2>
      <FormError error={error} formRef={formRef} labels={AUTHOR_FIELD_LABELS} />
      {saved && (
        <p className="form-success" role="status">
          Saved.{' '}
          <a href={authorPath(draft.slug)} target="_blank" rel="noopener">
            View the page
          </a>
        </p>
      )}
      <div className="field">
        <label>
          Name
          <input name="name" required maxLength={100} value={draft.name} onChange={(e) => set({ name: e.target.value })} />
        </label>
        {issue('name') && <span className="field-issue">{issue('name')}</span>}
      </div>
      <SlugField
        id={id}
        prefix="/author/"
        value={draft.slug}
        from={draft.name}
        fromWhat="name"
        maxLength={60}
        invalid={Boolean(slugProblem)}
        issue={issue('slug') && <span className="field-issue">{issue('slug')}</span>}
        onChange={(slug) => set({ slug })}
        hint={slugProblem ?? (isNew ? 'The page’s address; left empty, it is made from the name.' : 'Changing it keeps the old address working (it leads to the new one).')}
      />
      <AuthorPhotoField value={draft.photo} name={draft.name} onChange={(photo) => set({ photo })} issue={issue('photo')} />
      <div className="field">
        <label>
          Writes about
          <input name="expertise" value={draft.expertise} placeholder="e.g. Casino bonuses, Esports betting" aria-describedby={`${id}-expertise-hint`} onChange={(e) => set({ expertise: e.target.value })} />
        </label>
        <span className="field-hint" id={`${id}-expertise-hint`}>
          Topics, separated by commas: shown on the author’s page.
        </span>
        {issue('expertise') && <span className="field-issue">{issue('expertise')}</span>}
      </div>
      <div className="field">
        <label>
          Bio
          <textarea name="bio" rows={6} maxLength={AUTHOR_BIO_MAX} value={draft.bio} aria-describedby={`${id}-bio-hint`} onChange={(e) => set({ bio: e.target.value })} />
        </label>
        <span className="field-hint" id={`${id}-bio-hint`}>
          Plain text, shown as typed (a blank line starts a paragraph). {draft.bio.length}/{AUTHOR_BIO_MAX}
        </span>
        {issue('bio') && <span className="field-issue">{issue('bio')}</span>}
      </div>
      <fieldset className="author-links-field">
        <legend>Links elsewhere</legend>
        {draft.links.length === 0 && <p className="muted small">Their own site or social profiles: listed on their page, and told to search engines as the same person.</p>}
        {draft.links.map((l, i) => (
          <div key={i} className="author-link-row">
            <label>
              Label
              <input name={`links.${i}.label`} value={l.label} maxLength={60} placeholder="e.g. LinkedIn" onChange={(e) => setLink(i, { label: e.target.value })} />
            </label>
            <label>
              URL
              <input name={`links.${i}.url`} type="url" inputMode="url" value={l.url} placeholder="https://…" onChange={(e) => setLink(i, { url: e.target.value })} />
            </label>
            <button type="button" className="btn" aria-label={`Remove link ${i + 1}`} onClick={() => set({ links: draft.links.filter((_, k) => k !== i) })}>
              Remove
            </button>
            {issue(`links.${i}`) && <span className="field-issue">{issue(`links.${i}`)}</span>}
          </div>
        ))}
        {draft.links.length < AUTHOR_LINKS_MAX && (
          <button type="button" className="btn" onClick={() => set({ links: [...draft.links, { label: '', url: '' }] })}>
            + Add link
          </button>
        )}
      </fieldset>
      <div className="actions form-actions">
        <button type="submit" className="btn btn-primary" disabled={busy || !draft.name.trim() || Boolean(slugProblem)}>
          {busy ? 'Saving…' : isNew ? 'Add' : 'Update'}
        </button>
        <button type="button" className="btn" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  )
}

/**
 * The admin's "Authors" tab (issue 22, admins only; the server refuses editors too): author profiles
 * with their photo, bio, topics and links. A profile any post still names cannot be deleted: the
 * server's 409 says which posts.
 */
export function AuthorsPanel() {
  const [editing, setEditing] = useState<{ draft: AuthorDraft; key: number } | null>(null)
  const list = useAdminList(
    async () => (await authorsApi.list()).authors,
    'Failed to load authors',
    (err) => (err instanceof ApiError && err.explained ? err.message : 'Failed to delete the author'),
  )
  const { items: authors, loadError, error, reload } = list

  async function remove(a: AuthorWithUsage) {
    if (await list.remove(`Delete the author ${a.name}?`, () => authorsApi.remove(a._id))) setEditing((e) => (e?.draft._id === a._id ? null : e))
  }

  return (
    <div className="admin-columns authors-admin">
      {editing ? (
        <AuthorForm
          key={editing.key}
          initial={editing.draft}
          onSaved={(draft) => {
            setEditing((e) => e && { draft, key: e.key })
            void reload()
          }}
          onCancel={() => setEditing(null)}
        />
      ) : (
        <p className="muted">Choose an author to edit, or add one. Editors pick authors and reviewers on each article.</p>
      )}
      <section className="post-list card" aria-label="Authors">
        <button type="button" className="btn btn-primary" onClick={() => setEditing({ draft: emptyAuthorDraft, key: Date.now() })}>
          + Add author
        </button>
        {(loadError || error) && (
          <p className="form-error" role="alert">
            {loadError ?? error}
            {loadError && (
              <>
                {' '}
                <button type="button" className="btn" onClick={() => void reload()}>
                  Try again
                </button>
              </>
            )}
          </p>
        )}
        {!authors ? (
          !loadError && <p className="muted">Loading...</p>
        ) : authors.length === 0 ? (
          <p className="empty">No authors yet. Add one to credit articles to a person.</p>
        ) : (
          <ul>
            {authors.map((a) => (
              <li key={a._id} data-testid="author-row" className={a._id === editing?.draft._id ? 'editing' : undefined}>
                <span>
                  {a.name} <span className="muted small">/author/{a.slug}</span>
                  <br />
                  <span className="muted small">{usageText(a.usage)}</span>
                </span>
                <span className="actions">
                  <a className="btn" href={authorPath(a.slug)} target="_blank" rel="noopener">
                    View
                  </a>
                  <button type="button" className="btn" onClick={() => setEditing({ draft: toAuthorDraft(a), key: Date.now() })}>
                    Edit
                  </button>
                  <button type="button" className="btn" onClick={() => void remove(a)}>
                    Delete
                  </button>
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  )
}
