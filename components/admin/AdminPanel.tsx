import { useCallback, useEffect, useState } from 'react'
import { navigate } from 'vike/client/router'
import type { Post, PostType } from '../../lib/schemas.ts'
import { type AdminContent, adminApi } from './api.ts'
import { PostForm, toDraft } from './PostForm.tsx'

export const tabs: { label: string; type: PostType }[] = [
  { label: 'Hero', type: 'hero' },
  { label: 'Featured', type: 'featured' },
  { label: 'Articles', type: 'article' },
  { label: 'ArticleBottom', type: 'articleBottom' },
]
const listNoun: Partial<Record<PostType, string>> = { article: 'article', articleBottom: 'articleBottom' }

/** Case-insensitive 'contains' title filter (spec §2). */
export function filterByTitle(posts: Post[], query: string) {
  const q = query.trim().toLowerCase()
  return q ? posts.filter((p) => p.title.toLowerCase().includes(q)) : posts
}

function PostList({ type, posts, onEdit, onDeleted, editingId }: { type: 'article' | 'articleBottom'; posts: Post[]; onEdit: (p: Post) => void; onDeleted: () => void; editingId?: string }) {
  const [filter, setFilter] = useState('')
  const [error, setError] = useState<string | null>(null)
  const noun = listNoun[type]!
  const shown = filterByTitle(posts, filter)

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
      {shown.length === 0 ? (
        <p className="muted">{posts.length === 0 ? 'Nothing here yet.' : 'No titles match.'}</p>
      ) : (
        <ul>
          {shown.map((p) => (
            <li key={p._id} data-testid="post-row" className={p._id === editingId ? 'editing' : undefined}>
              <span>{p.title}</span>
              <span className="actions">
                <a className="btn" href={`/article/${encodeURIComponent(p._id)}`} target="_blank" rel="noopener">
                  View
                </a>
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
      )}
    </section>
  )
}

/** The content admin (spec §2, "Admin Panel"): one tab per post type, each with an Add/Edit form. */
export function AdminPanel() {
  const [tab, setTab] = useState<PostType>('hero')
  const [content, setContent] = useState<AdminContent | null>(null)
  const [loadError, setLoadError] = useState<string | null>(null)
  const [editing, setEditing] = useState<Post | null>(null)
  const [formKey, setFormKey] = useState(0)

  const reload = useCallback(async () => {
    setLoadError(null)
    try {
      setContent(await adminApi.loadContent())
    } catch {
      setLoadError('Failed to load content')
    }
  }, [])

  // spec §2: switching tab reloads content
  useEffect(() => {
    setEditing(null)
    void reload()
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
  const list = tab === 'article' ? content?.articles : tab === 'articleBottom' ? content?.articleBottoms : undefined

  return (
    <div className="admin-panel">
      <button type="button" className="btn btn-primary" onClick={() => void navigate('/adminmarket')}>
        Go to Admin Market
      </button>
      <div className="tabs" role="tablist" aria-label="Content">
        {tabs.map((t) => (
          <button key={t.type} type="button" role="tab" aria-selected={tab === t.type} className={`tab${tab === t.type ? ' active' : ''}`} onClick={() => setTab(t.type)}>
            {t.label}
          </button>
        ))}
      </div>
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
          {list && (tab === 'article' || tab === 'articleBottom') && (
            <PostList type={tab} posts={list} editingId={editing?._id} onEdit={(p) => setEditing(p)} onDeleted={() => {
              if (editing) backToAdd()
              void reload()
            }} />
          )}
        </div>
      ) : null}
    </div>
  )
}
