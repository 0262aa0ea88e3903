import { useEffect, useRef, useState } from 'react'
import type { InfoPage } from '../../lib/info-page-schemas.ts'
import { infoPath, isInfoSlug } from '../../lib/info-pages.ts'
import type { MdTree } from '../../lib/markdown-tree.ts'
import { MarkdownTree } from '../MarkdownTree.tsx'
import { changedByOthers, useVersionedSave } from './ConflictNotice.tsx'
import { useAdminList } from './use-admin-list.ts'
import { editorForm } from './form-keys.ts'
import { type InfoPageDraft, infoPagesApi } from './info-pages-api.ts'
import { ErrorLine } from '../Messages.tsx'

const emptyDraft: InfoPageDraft = { slug: '', title: '', body: '', seoTitle: '', seoDescription: '' }
const toDraft = (p: InfoPage): InfoPageDraft => ({ slug: p.slug, title: p.title, body: p.body, seoTitle: p.seoTitle, seoDescription: p.seoDescription, version: p.updatedAt })
const INFO_LABELS = { title: 'Title', body: 'Body', seoTitle: 'SEO title', seoDescription: 'SEO description' }

/** The body as the page will render it: the server's tree, asked for a moment after typing settles. */
function Preview({ body }: { body: string }) {
  const [tree, setTree] = useState<MdTree>([])
  const [error, setError] = useState(false)
  useEffect(() => {
    let current = true
    const t = setTimeout(() => {
      infoPagesApi.preview(body).then(
        (r) => {
          if (!current) return
          setTree(r.tree)
          setError(false)
        },
        () => current && setError(true),
      )
    }, 300)
    return () => {
      current = false
      clearTimeout(t)
    }
  }, [body])
  return (
    <section className="card info-preview" aria-label="Preview">
      <h3>Preview</h3>
      {error ? <p className="muted small">The preview is unavailable.</p> : <MarkdownTree tree={tree} />}
    </section>
  )
}

function InfoPageForm({ initial, isNew, required, onSaved, onCancel }: { initial: InfoPageDraft; isNew: boolean; required: boolean; onSaved: (p: InfoPage) => void; onCancel: () => void }) {
  const [draft, setDraft] = useState(initial)
  const [error, setError] = useState<string | null>(null)
  const [saved, setSaved] = useState(false)
  const set = (patch: Partial<InfoPageDraft>) => {
    setDraft((d) => ({ ...d, ...patch }))
    setSaved(false)
  }
  const slugProblem = isNew && draft.slug !== '' && !isInfoSlug(draft.slug) ? 'Use lowercase letters, digits and single hyphens, e.g. bonus-policy' : null
  const formRef = useRef<HTMLFormElement>(null)
  const { save, busy, notice } = useVersionedSave({
    isNew,
    version: draft.version,
    persist: (version) => (isNew ? infoPagesApi.create(draft) : infoPagesApi.update(draft, version)),
    started: () => setError(null),
    saved: (page) => {
      setDraft((d) => ({ ...d, version: page.updatedAt }))
      setSaved(true)
      onSaved(page)
    },
    failed: (err) => setError(err instanceof Error ? err.message : 'Failed to save the page'),
    load: async () => toDraft(await infoPagesApi.get(draft.slug)),
    changes: (theirs) => changedByOthers(initial, theirs, draft, INFO_LABELS),
    reload: setDraft,
    versionOf: (theirs) => theirs.version,
  })
  return (
    <div className="info-editor">
      <form className="post-form card" {...editorForm(formRef, save)} aria-label={isNew ? 'Add info page' : 'Edit info page'}>
        {notice()}
        <h2>{isNew ? 'Add page' : `Edit /info/${draft.slug}`}</h2>
        {required && <p className="muted small">A default page: the footer, brand pages and the cookie banner link to it, so it can be edited but not deleted.</p>}
        <ErrorLine text={error} />
        {saved && (
          <p className="form-success" role="status">
            Saved.
          </p>
        )}
        {isNew && (
          <label>
            Slug (the page's address: /info/slug)
            <input required value={draft.slug} maxLength={60} onChange={(e) => set({ slug: e.target.value.trim() })} aria-invalid={slugProblem ? true : undefined} />
            {slugProblem && <span className="form-error small">{slugProblem}</span>}
          </label>
        )}
        <label>
          Title
          <input required maxLength={120} value={draft.title} onChange={(e) => set({ title: e.target.value })} />
        </label>
        <label>
          Body (Markdown: ## headings, **bold**, *italic*, lists, [links](https://…), &gt; quotes, ``` code)
          <textarea rows={18} value={draft.body} onChange={(e) => set({ body: e.target.value })} />
        </label>
        <fieldset>
          <legend>Search engines</legend>
          <label>
            SEO title (empty: the title)
            <input maxLength={70} value={draft.seoTitle} onChange={(e) => set({ seoTitle: e.target.value })} />
          </label>
          <label>
            SEO description (empty: the start of the text)
            <textarea rows={2} maxLength={160} value={draft.seoDescription} onChange={(e) => set({ seoDescription: e.target.value })} />
          </label>
        </fieldset>
        <div className="actions">
          <button type="submit" className="btn btn-primary" disabled={busy || !draft.title.trim() || (isNew && !isInfoSlug(draft.slug))}>
            {busy ? 'Saving…' : isNew ? 'Add' : 'Update'}
          </button>
          <button type="button" className="btn" onClick={onCancel}>
            Cancel
          </button>
        </div>
      </form>
      <Preview body={draft.body} />
    </div>
  )
}

/** The admin's "Info pages" tab: privacy, terms, responsible gambling and any page editors add. */
export function InfoPagesPanel() {
  const [editing, setEditing] = useState<{ page: InfoPage | null; key: number } | null>(null)
  const list = useAdminList(
    async () => (await infoPagesApi.list()).pages,
    'Failed to load pages',
    (err) => (err instanceof Error ? err.message : 'Failed to delete the page'),
  )
  const { items: pages, reload } = list
  const error = list.loadError ?? list.error

  async function remove(page: InfoPage) {
    if (await list.remove('Delete this info page?', () => infoPagesApi.remove(page.slug))) setEditing((e) => (e?.page?.slug === page.slug ? null : e))
  }

  return (
    <div className="admin-columns info-pages-admin">
      {editing ? (
        <InfoPageForm
          key={editing.key}
          initial={editing.page ? toDraft(editing.page) : emptyDraft}
          isNew={!editing.page}
          required={editing.page?.required ?? false}
          onSaved={(page) => {
            setEditing((e) => e && { page, key: e.key })
            void reload()
          }}
          onCancel={() => setEditing(null)}
        />
      ) : (
        <p className="muted">Choose a page to edit, or add one.</p>
      )}
      <section className="post-list card" aria-label="Info pages">
        <button type="button" className="btn btn-primary" onClick={() => setEditing({ page: null, key: Date.now() })}>
          + Add page
        </button>
        <ErrorLine text={error} />
        {!pages ? (
          !error && <p className="muted">Loading...</p>
        ) : (
          <ul>
            {pages.map((p) => (
              <li key={p.slug} data-testid="info-page-row" className={p.slug === editing?.page?.slug ? 'editing' : undefined}>
                <span>
                  {p.title} <span className="muted small">/info/{p.slug}</span>
                </span>
                <span className="actions">
                  <a className="btn" href={infoPath(p.slug)} target="_blank" rel="noopener">
                    View
                  </a>
                  <button type="button" className="btn" onClick={() => setEditing({ page: p, key: Date.now() })}>
                    Edit
                  </button>
                  {p.required ? (
                    <span className="muted small" title="The footer, brand pages and the cookie banner link to this page">
                      Default page
                    </span>
                  ) : (
                    <button type="button" className="btn" onClick={() => void remove(p)}>
                      Delete
                    </button>
                  )}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  )
}
