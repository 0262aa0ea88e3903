import { useCallback, useEffect, useRef, useState } from 'react'
import { navigate } from 'vike/client/router'
import { adminTime } from '../../lib/format.ts'
import { isLive } from '../../lib/publishing.ts'
import type { Post, PostType } from '../../lib/schemas.ts'
import { ApiError } from '../api-client.ts'
import { AdminOnly } from '../account/AdminOnly.tsx'
import { useSession } from '../account/session.ts'
import { type AdminTab, goAdmin, TAB_TYPES, useAdminLocation } from './admin-location.ts'
import { AdminNav } from './AdminNav.tsx'
import { type AdminContent, adminApi } from './api.ts'
import type { AuthorOptions } from './AuthorFields.tsx'
import { authorsApi } from './authors-api.ts'
import { AuthorsPanel } from './AuthorsPanel.tsx'
import { InfoPagesPanel } from './InfoPagesPanel.tsx'
import { PostForm } from './PostForm.tsx'
import { PostList } from './PostList.tsx'
import { RevisionsPanel } from './RevisionsPanel.tsx'
import { TrashPanel } from './TrashPanel.tsx'
import { clearUnsaved, confirmLeave } from './unsaved.ts'
import { ErrorLine } from '../Messages.tsx'
import { postPagePath } from '../../lib/links.ts'

export const tabs: { label: string; tab: AdminTab; adminOnly?: true }[] = [
  { label: 'Hero', tab: 'hero' },
  { label: 'Featured', tab: 'featured' },
  { label: 'Articles', tab: 'articles' },
  { label: 'Bottom articles', tab: 'bottom-articles' }, // the spec's 'ArticleBottom' was an internal name (issue 12)
  { label: 'Info pages', tab: 'info' },
  // issue 22: editors pick authors on posts; only admins manage the profiles (the server refuses editors too)
  { label: 'Authors', tab: 'authors', adminOnly: true },
  // issue 32: what Delete moved away, restorable for 30 days
  { label: 'Trash', tab: 'trash' },
]

/** What the editor is told after a save: done, and where the post can be seen. */
function SavedNotice({ post }: { post: Post }) {
  const readable = post.type !== 'hero'
  return (
    <p className="form-success saved-notice" role="status" data-testid="saved-notice">
      Saved.{' '}
      {isLive(post) ? (
        readable && (
          <a href={postPagePath(post)} target="_blank" rel="noopener">
            View the page
          </a>
        )
      ) : post.status === 'scheduled' && post.publishAt ? (
        `It goes live by itself on ${adminTime(post.publishAt)}.`
      ) : (
        'It is a draft: only editors see it (Preview shows it).'
      )}
    </p>
  )
}

/**
 * One post's editor: the post the URL names, loaded by id (an Edit from the list hands it over at once),
 * or a new one; after a save it stays on the post with "Saved" (issue 25).
 */
function PostEditor({ type, postId, handed, onSaved, onCancel, focusTitle, tagSuggestions, aiConfigured, authors, newTitle }: {
  type: PostType
  /** a new post's title to start from (?title=, issue 26) */
  newTitle?: string | null
  postId: string | null
  handed: Post | null
  onSaved: (post: Post) => void
  onCancel: () => void
  focusTitle: boolean
  tagSuggestions: string[]
  aiConfigured: boolean | null
  authors: AuthorOptions
}) {
  const [post, setPost] = useState<Post | null>(handed && handed._id === postId ? handed : null)
  const [missing, setMissing] = useState<string | null>(null)
  const [saved, setSaved] = useState<Post | null>(null)

  useEffect(() => {
    setMissing(null)
    if (!postId) {
      setPost(null)
      return
    }
    if (post?._id === postId) return
    if (handed?._id === postId) {
      setPost(handed)
      return
    }
    let current = true
    setPost(null)
    adminApi
      .get(postId)
      .then((p) => current && setPost(p))
      .catch((err) => current && setMissing(err instanceof ApiError && err.status === 404 ? `There is no post at “${postId}”: it may have been deleted or moved.` : 'Failed to load content'))
    return () => {
      current = false
    }
  }, [postId]) // eslint-disable-line react-hooks/exhaustive-deps -- `post` and `handed` are read, not followed

  if (missing) {
    return (
      <div className="post-form card">
        <p className="form-error" role="alert">
          {missing}
        </p>
        <button type="button" className="btn" onClick={onCancel}>
          Write a new one instead
        </button>
      </div>
    )
  }
  if (postId && post?._id !== postId) return <p className="post-form card muted">Loading...</p>
  return (
    <div className="post-editor">
      {saved && saved._id === (post?._id ?? null) && <SavedNotice post={saved} />}
      <PostForm
        key={`${post?._id ?? 'new'}-${post?.updatedAt ?? ''}`}
        type={type}
        saved={post}
        initialTitle={post ? undefined : (newTitle ?? undefined)}
        focusTitle={focusTitle}
        tagSuggestions={tagSuggestions}
        aiConfigured={aiConfigured}
        authors={authors}
        onSaved={(p) => {
          setPost(p)
          setSaved(p)
          onSaved(p)
        }}
        onCancel={type === 'article' || type === 'articleBottom' ? onCancel : undefined}
        onReload={(p) => {
          setPost(p)
          setSaved(null)
        }}
      />
      {/* one panel per post, open across saves and restores: it reloads its list after each */}
      {post && (
        <RevisionsPanel<Post>
          key={post._id}
          kind="post"
          id={post._id}
          reloadKey={post.updatedAt}
          onRestored={(p) => {
            setPost(p)
            setSaved(null)
            onSaved(p)
          }}
        />
      )}
    </div>
  )
}

/**
 * The content admin (spec §2, "Admin Panel"): one tab per post type, each with an Add/Edit form, and the
 * info pages. The tab and the post being edited are the page's address (./admin-location.ts).
 */
export function AdminPanel() {
  const loc = useAdminLocation()
  const [content, setContent] = useState<AdminContent | null>(null)
  const [loadError, setLoadError] = useState<string | null>(null)
  const [listKey, setListKey] = useState(0)
  const [handed, setHanded] = useState<Post | null>(null)
  const [focusTitle, setFocusTitle] = useState(false)
  const [aiConfigured, setAiConfigured] = useState<boolean | null>(null)
  const [tagSuggestions, setTagSuggestions] = useState<string[]>([])
  const [authors, setAuthors] = useState<AuthorOptions>(null)
  const { user } = useSession()
  const type = loc.tab === 'info' || loc.tab === 'authors' || loc.tab === 'trash' ? null : TAB_TYPES[loc.tab]
  const listed = type === 'article' || type === 'articleBottom'

  const reload = useCallback(async () => {
    setLoadError(null)
    setListKey((k) => k + 1)
    try {
      setContent(await adminApi.loadContent())
    } catch {
      setLoadError('Failed to load content')
    }
  }, [])

  // spec §2: switching tab reloads content (the info pages and authors tabs load their own)
  useEffect(() => {
    if (type) void reload()
  }, [type, reload])

  // the author pickers' profiles, again on every tab (an admin may just have added one); a failure leaves the text fields
  useEffect(() => {
    if (!type) return
    authorsApi
      .list()
      .then((r) => setAuthors(r.authors.map((a) => ({ _id: a._id, name: a.name }))))
      .catch(() => setAuthors('failed'))
  }, [type])

  // what the form can offer: AI writing, and the tags in use (neither blocks the form)
  const loadTags = useCallback(() => {
    adminApi.tags().then((r) => setTagSuggestions(r.tags), () => {})
  }, [])
  useEffect(() => {
    adminApi.writingTools().then((r) => setAiConfigured(r.ai), () => {})
    loadTags()
  }, [loadTags])

  const leave = () => {
    if (!confirmLeave()) return false
    clearUnsaved()
    return true
  }
  const openTab = (tab: AdminTab) => {
    if (tab === loc.tab && !loc.post) return
    if (!leave()) return
    setFocusTitle(false)
    goAdmin({ tab, post: null })
  }
  const edit = (p: Post) => {
    if (p._id !== loc.post && !leave()) return
    setHanded(p)
    setFocusTitle(true)
    goAdmin({ tab: loc.tab, post: p._id })
  }
  const newPost = () => {
    if (loc.post && !leave()) return
    setFocusTitle(true)
    goAdmin({ tab: loc.tab, post: null })
  }
  const afterSave = (post: Post) => {
    setListKey((k) => k + 1)
    loadTags()
    if (listed) {
      // a new post gets its address; a renamed one replaces the old address in the history
      if (post._id !== loc.post) goAdmin({ tab: loc.tab, post: post._id }, { replace: Boolean(loc.post) })
    } else void reload()
  }

  // hero and featured: the form edits the current one if it exists, else creates (spec §4)
  const single = loc.tab === 'hero' ? content?.hero ?? null : loc.tab === 'featured' ? content?.featured ?? null : null
  const panelRef = useRef<HTMLDivElement>(null)
  // what every post form here gets, the listed tabs' and the single post's alike
  const shared = { type: type!, tagSuggestions, aiConfigured, authors, onSaved: afterSave }

  return (
    <div className="admin-panel" ref={panelRef}>
      <button type="button" className="btn btn-primary" onClick={() => leave() && void navigate('/adminmarket')}>
        Go to Admin Market
      </button>
      <AdminNav />
      <div className="tabs" role="tablist" aria-label="Content">
        {tabs.filter((t) => !t.adminOnly || user?.role === 'admin' || loc.tab === t.tab).map((t) => (
          <button key={t.tab} type="button" role="tab" aria-selected={loc.tab === t.tab} className={`tab${loc.tab === t.tab ? ' active' : ''}`} onClick={() => openTab(t.tab)}>
            {t.label}
          </button>
        ))}
      </div>
      {loc.tab === 'authors' ? (
        <AdminOnly>
          <AuthorsPanel />
        </AdminOnly>
      ) : loc.tab === 'trash' ? (
        <TrashPanel />
      ) : loc.tab === 'info' || !type ? (
        <InfoPagesPanel />
      ) : (
        <>
          <ErrorLine text={loadError} />
          {!content && !loadError ? (
            <p className="empty">Loading...</p>
          ) : content ? (
            <div className={`admin-columns${listed ? ' with-list' : ''}${loc.post ? ' editing' : ''}`}>
              {listed ? (
                <PostEditor
                  key={`editor-${loc.tab}`}
                  {...shared}
                  postId={loc.post}
                  newTitle={loc.title}
                  handed={handed}
                  focusTitle={focusTitle}
                  onCancel={() => leave() && goAdmin({ tab: loc.tab, post: null })}
                />
              ) : (
                <PostEditor key={`${loc.tab}-${single?._id ?? 'new'}`} {...shared} postId={single?._id ?? null} handed={single} focusTitle={false} onCancel={() => {}} />
              )}
              {listed && (
                <PostList
                  key={`list-${loc.tab}`}
                  type={type}
                  reloadKey={listKey}
                  editingId={loc.post}
                  onEdit={edit}
                  onNew={newPost}
                  onDeleted={(p) => {
                    if (p._id === loc.post) {
                      clearUnsaved()
                      goAdmin({ tab: loc.tab, post: null }, { replace: true })
                    }
                    void reload()
                  }}
                />
              )}
            </div>
          ) : null}
        </>
      )}
    </div>
  )
}
