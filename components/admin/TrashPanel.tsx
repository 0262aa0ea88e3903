import { useCallback, useEffect, useState } from 'react'
import { adminTime, adminTimeZone } from '../../lib/format.ts'
import { STATUS_LABELS } from '../../lib/publish-status.ts'
import type { Post } from '../../lib/schemas.ts'
import type { TrashedPostSummary } from '../../lib/trash.ts'
import { adminHref, type AdminLocation, goAdmin } from './admin-location.ts'
import { adminApi } from './api.ts'
import { ErrorLine } from '../Messages.tsx'

const TYPE_LABELS: Record<TrashedPostSummary['type'], string> = { hero: 'Hero', featured: 'Featured', article: 'Article', articleBottom: 'Bottom article' }
/** Where a post is edited in this admin: its tab, and the post itself in the list tabs. */
const editLocation = (p: Pick<Post, '_id' | 'type'>): AdminLocation =>
  p.type === 'article' || p.type === 'articleBottom' ? { tab: p.type === 'article' ? 'articles' : 'bottom-articles', post: p._id } : { tab: p.type, post: null }

/** What the editor is told after a restore: back, as what, and where to find it. */
function Restored({ post }: { post: Post }) {
  const live = post.status == null || post.status === 'published'
  return (
    <p className="form-success saved-notice" role="status" data-testid="restored-notice">
      “{post.title}” is back, {live ? 'published' : `as ${STATUS_LABELS[post.status!].toLowerCase()}`}.{' '}
      <a
        href={adminHref(editLocation(post))}
        onClick={(e) => {
          if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return // a new tab opens it there
          e.preventDefault() // this page's own address: the panel follows it (Vike's router would not re-render)
          goAdmin(editLocation(post))
        }}
      >
        Edit it
      </a>
      {live && post.type !== 'hero' && (
        <>
          {' · '}
          <a href={`/article/${encodeURIComponent(post._id)}`} target="_blank" rel="noopener">
            View the page
          </a>
        </>
      )}
    </p>
  )
}

/**
 * The posts' Trash (issue 32): what Delete moved here, newest first, each with Restore (back as it was:
 * a published post is live again, a draft stays a draft) and Delete forever. Erased after 30 days.
 */
export function TrashPanel() {
  const [trash, setTrash] = useState<{ posts: TrashedPostSummary[]; total: number; days: number } | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState<string | null>(null)
  const [restored, setRestored] = useState<Post | null>(null)

  const load = useCallback(async () => {
    try {
      setTrash(await adminApi.trash())
    } catch {
      setError('Failed to load the Trash')
    }
  }, [])
  useEffect(() => {
    void load()
  }, [load])

  async function act(p: TrashedPostSummary, what: 'restore' | 'erase') {
    if (what === 'erase' && !window.confirm(`Delete “${p.title}” forever?\n\nIts text and revisions are erased; this cannot be undone.`)) return
    setBusy(p._id)
    setError(null)
    setRestored(null)
    try {
      if (what === 'restore') setRestored(await adminApi.restoreFromTrash(p._id))
      else await adminApi.deleteForever(p._id)
      await load()
    } catch (err) {
      setError(err instanceof Error && err.message ? err.message : what === 'restore' ? 'Failed to restore' : 'Failed to delete')
    } finally {
      setBusy(null)
    }
  }

  return (
    <section className="trash-panel card" aria-labelledby="trash-heading">
      <h2 id="trash-heading">Trash</h2>
      <p className="muted small">
        Deleted posts wait here for {trash?.days ?? 30} days, off every public page, feed and search; then they are erased. Restore puts one back as it was. Times in {adminTimeZone()}.
      </p>
      {restored && <Restored post={restored} />}
      <ErrorLine text={error} />
      {!trash ? (
        !error && <p className="muted">Loading...</p>
      ) : trash.posts.length === 0 ? (
        <p className="muted">The Trash is empty.</p>
      ) : (
        <ul className="trash-list">
          {trash.posts.map((p) => (
            <li key={p._id} data-testid="trash-row">
              <span>
                <strong>{p.title}</strong>
                <span className="trash-kind">{TYPE_LABELS[p.type]}</span>
                <span className="trash-kind">{STATUS_LABELS[p.status]}</span>
                <br />
                <span className="muted small">
                  {p.type === 'hero' ? p._id : `/article/${p._id}`} · deleted {adminTime(p.trashedAt)} by {p.trashedBy} · erased {adminTime(p.purgeAt)}
                </span>
              </span>
              <span className="actions">
                <button type="button" className="btn btn-primary" disabled={busy !== null} onClick={() => void act(p, 'restore')}>
                  Restore
                </button>
                <button type="button" className="btn" disabled={busy !== null} onClick={() => void act(p, 'erase')}>
                  Delete forever
                </button>
              </span>
            </li>
          ))}
        </ul>
      )}
      {trash && trash.total > trash.posts.length && <p className="muted small">Showing the newest {trash.posts.length} of {trash.total}.</p>}
    </section>
  )
}
