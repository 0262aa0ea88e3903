import { useCallback, useEffect, useState } from 'react'
import { isLive } from '../../lib/publishing.ts'
import { StatusBadge } from './StatusBadge.tsx'
import { navigate } from 'vike/client/router'
import type { Post, PostType } from '../../lib/schemas.ts'
import { AdminNav } from './AdminNav.tsx'
import { type AdminContent, adminApi, type PostListPage } from './api.ts'
import { InfoPagesPanel } from './InfoPagesPanel.tsx'
import { PostForm, toDraft } from './PostForm.tsx'

export const tabs: { label: string; type: PostType }[] = [
  { label: 'Hero', type: 'hero' },
  { label: 'Featured', type: 'featured' },
  { label: 'Articles', type: 'article' },
  { label: 'Bottom articles', type: 'articleBottom' }, // the spec's 'ArticleBottom' was an internal name (issue 12)
]
const listNoun: Partial<Record<PostType, string>> = { article: 'article', articleBottom: 'articleBottom' }

/**
 * One post type's list: a page at a time from the server, with the case-insensitive 'contains' title
 * filter (spec §2) applied there too, so the list costs the same with 20 articles or 100,000.
 */
function PostList({ type, reloadKey, onEdit, onDeleted, editingId }: { type: 'article' | 'articleBottom'; reloadKey: number; onEdit: (p: Post) => void; onDeleted: () => void; editingId?: string }) {
  const [filter, setFilter] = useState('')
  const [query, setQuery] = useState('')
  const [page, setPage] = useState<PostListPage | null>(null)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const noun = listNoun[type]!

  // typing settles for a moment before the server is asked
  useEffect(() => {
    const t = setTimeout(() => setQuery(filter), 250)
    return () => clearTimeout(t)
  }, [filter])

  useEffect(() => {
    let current = true
    setError(null)
    adminApi
      .list(type, query)
      .then((p) => current && setPage(p))
      .catch(() => current && setError('Failed to load content'))
    return () => {
      current = false
    }
  }, [type, query, reloadKey])

  async function loadMore() {
    if (!page?.nextCursor) return
    setBusy(true)
    try {
      const next = await adminApi.list(type, query, page.nextCursor)
      setPage({ ...next, posts: [...page.posts, ...next.posts] })
    } catch {
      setError('Failed to load content')
    } finally {
      setBusy(false)
    }
  }

  async function remove(post: Post) {
    if (!window.confirm(`Delete this ${noun}?`)) return
    setError(null)
    try {
      await adminApi.remove(post._id)
      onDeleted()
    } catch {
      setError(`Failed to delete ${noun}`)
    }
  }

  const posts = page?.posts ?? []
  return (
    <section className="post-list card">
      <label>
        Filter by title
        <input type="search" value={filter} onChange={(e) => setFilter(e.target.value)} placeholder="Search titles" />
      </label>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      {!page ? (
        !error && <p className="muted">Loading...</p>
      ) : posts.length === 0 ? (
        <p className="muted">{query.trim() ? 'No titles match.' : 'Nothing here yet.'}</p>
      ) : (
        <>
          <p className="muted small" data-testid="list-count">
            Showing {posts.length} of {page.total}
          </p>
          <ul>
            {posts.map((p) => (
              <li key={p._id} data-testid="post-row" className={p._id === editingId ? 'editing' : undefined}>
                <span>
                  {p.title}
                  <StatusBadge item={p} />
                </span>
                <span className="actions">
                  {isLive(p) && (
                    <a className="btn" href={`/article/${encodeURIComponent(p._id)}`} target="_blank" rel="noopener">
                      View
                    </a>
                  )}
                  <button type="button" className="btn" onClick={() => onEdit(p)}>
                    Edit
                  </button>
                  <button type="button" className="btn" onClick={() => void remove(p)}>
                    Delete
                  </button>
                </span>
              </li>
            ))}
          </ul>
          {page.nextCursor && (
            <button type="button" className="btn btn-outline" onClick={() => void loadMore()} disabled={busy} aria-busy={busy}>
              Load more
            </button>
          )}
        </>
      )}
    </section>
  )
}

/** The content admin (spec §2, "Admin Panel"): one tab per post type, each with an Add/Edit form, and the info pages. */
export function AdminPanel() {
  const [tab, setTab] = useState<PostType | 'info'>('hero')
  const [content, setContent] = useState<AdminContent | null>(null)
  const [loadError, setLoadError] = useState<string | null>(null)
  const [editing, setEditing] = useState<Post | null>(null)
  const [formKey, setFormKey] = useState(0)
  const [listKey, setListKey] = useState(0)

  const reload = useCallback(async () => {
    setLoadError(null)
    setListKey((k) => k + 1)
    try {
      setContent(await adminApi.loadContent())
    } catch {
      setLoadError('Failed to load content')
    }
  }, [])

  // spec §2: switching tab reloads content (the info pages tab loads its own)
  useEffect(() => {
    setEditing(null)
    if (tab !== 'info') void reload()
  }, [tab, reload])

  const backToAdd = () => {
    setEditing(null)
    setFormKey((k) => k + 1)
  }
  const afterSave = () => {
    backToAdd()
    void reload()
  }

  // hero and featured: the form edits the current one if it exists, else creates (spec §4)
  const single = tab === 'hero' ? content?.hero : tab === 'featured' ? content?.featured : null
  const formPost = tab === 'hero' || tab === 'featured' ? single : editing

  return (
    <div className="admin-panel">
      <button type="button" className="btn btn-primary" onClick={() => void navigate('/adminmarket')}>
        Go to Admin Market
      </button>
      <AdminNav />
      <div className="tabs" role="tablist" aria-label="Content">
        {tabs.map((t) => (
          <button key={t.type} type="button" role="tab" aria-selected={tab === t.type} className={`tab${tab === t.type ? ' active' : ''}`} onClick={() => setTab(t.type)}>
            {t.label}
          </button>
        ))}
        <button type="button" role="tab" aria-selected={tab === 'info'} className={`tab${tab === 'info' ? ' active' : ''}`} onClick={() => setTab('info')}>
          Info pages
        </button>
      </div>
      {tab === 'info' ? (
        <InfoPagesPanel />
      ) : (
        <>
          {loadError && (
            <p className="form-error" role="alert">
              {loadError}
            </p>
          )}
          {!content && !loadError ? (
            <p className="empty">Loading...</p>
          ) : content ? (
            <div className="admin-columns">
              <PostForm
                key={`${tab}-${formPost?._id ?? 'new'}-${formKey}`}
                type={tab}
                initial={toDraft(formPost)}
                onSaved={afterSave}
                onCancel={tab === 'article' || tab === 'articleBottom' ? backToAdd : undefined}
              />
              {(tab === 'article' || tab === 'articleBottom') && (
                <PostList key={tab} type={tab} reloadKey={listKey} editingId={editing?._id} onEdit={(p) => setEditing(p)} onDeleted={() => {
                  if (editing) backToAdd()
                  void reload()
                }} />
              )}
            </div>
          ) : null}
        </>
      )}
    </div>
  )
}
