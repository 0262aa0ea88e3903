import { adminTime } from '../../lib/format.ts'
import { useCallback, useEffect, useState } from 'react'
import { authorPath } from '../../lib/authors.ts'
import { infoPath } from '../../lib/info-pages.ts'
import { ApiError } from '../api-client.ts'
import { type MediaItem, type MediaPage, type MediaUse, mediaApi } from './media-api.ts'
import { ErrorLine, StatusLine } from '../Messages.tsx'

const failure = (err: unknown, fallback: string) => (err instanceof ApiError && err.explained ? err.message : fallback)
const size = (n: number) => (n >= 1024 * 1024 ? `${(n / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(n / 1024))} KB`)
const kindLabel: Record<MediaUse['kind'], string> = { post: 'Post', brand: 'Brand', 'info-page': 'Info page', 'site-setting': 'Setting', revision: 'Revision', author: 'Author' }
/** Where a use can be seen on the site (a post may be a hero, which has no page of its own: named only). */
const useHref = (u: MediaUse) => (u.kind === 'brand' ? `/brands/${encodeURIComponent(u.id)}` : u.kind === 'info-page' ? infoPath(u.id) : u.kind === 'author' ? authorPath(u.id) : null)

function MediaCard({ item, onDelete, busy }: { item: MediaItem; onDelete: (i: MediaItem) => void; busy: boolean }) {
  return (
    <li className="card media-item" data-testid={`media-${item._id}`}>
      <a href={item.url} target="_blank" rel="noopener" className="media-thumb">
        <img src={item.url} alt={item.alt} loading="lazy" width={160} height={120} />
      </a>
      <div className="card-body">
        <p className="small">
          {item.alt ? item.alt : <span className="muted">No alt text</span>}
        </p>
        <p className="muted small">
          {item.contentType.replace('image/', '').toUpperCase()} · {size(item.size)}
          {item.files > 1 ? ` · ${item.files} files` : ''} · {adminTime(item.createdAt)}
        </p>
        {item.usedBy.length ? (
          <ul className="media-uses small" aria-label="Used by">
            {item.usedBy.map((u) => {
              const href = useHref(u)
              return (
                <li key={`${u.kind}-${u.id}`}>
                  {kindLabel[u.kind]}: {href ? <a href={href}>{u.title}</a> : u.title}
                </li>
              )
            })}
          </ul>
        ) : (
          <p className="small">
            <strong>Not used</strong>
          </p>
        )}
        {!item.usedBy.length && (
          <button type="button" className="btn" disabled={busy} aria-busy={busy} onClick={() => onDelete(item)}>
            Delete
          </button>
        )}
      </div>
    </li>
  )
}

/**
 * The Media screen (admins only): the library's images, newest first, with alt text, size and where
 * each is used; a filter for unused ones, Load more, and delete (confirmed) for images nothing uses.
 */
export function MediaPanel() {
  const [unused, setUnused] = useState(false)
  const [page, setPage] = useState<MediaPage | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [notice, setNotice] = useState<string | null>(null)
  const [loadingMore, setLoadingMore] = useState(false)
  const [deleting, setDeleting] = useState<string | null>(null)

  const load = useCallback(async (onlyUnused: boolean) => {
    setPage(null)
    setError(null)
    try {
      setPage(await mediaApi.list({ unused: onlyUnused }))
    } catch (err) {
      setError(failure(err, 'Failed to load the media library'))
    }
  }, [])
  useEffect(() => {
    void load(unused)
  }, [load, unused])

  async function more() {
    if (!page?.nextCursor) return
    setLoadingMore(true)
    try {
      const next = await mediaApi.list({ unused, cursor: page.nextCursor })
      setPage({ items: [...page.items, ...next.items], nextCursor: next.nextCursor })
    } catch (err) {
      setError(failure(err, 'Failed to load more images'))
    } finally {
      setLoadingMore(false)
    }
  }

  async function remove(item: MediaItem) {
    if (!window.confirm(`Delete ${item.filename || item._id}? This cannot be undone.`)) return
    setDeleting(item._id)
    setError(null)
    setNotice(null)
    try {
      await mediaApi.remove(item._id)
      setPage((p) => (p ? { ...p, items: p.items.filter((i) => i._id !== item._id) } : p))
      setNotice('Image deleted.')
    } catch (err) {
      setError(failure(err, 'Failed to delete the image'))
    } finally {
      setDeleting(null)
    }
  }

  return (
    <section className="media-panel admin-panel" aria-label="Media library">
      <h2>Media library</h2>
      <label className="checkbox">
        <input type="checkbox" checked={unused} onChange={(e) => setUnused(e.target.checked)} /> Only unused images
      </label>
      <ErrorLine text={error} />
      <StatusLine text={notice} />
      {!page ? (
        !error && <p className="empty">Loading...</p>
      ) : page.items.length === 0 ? (
        <p className="empty">{unused ? 'No unused images: everything in the library is in use.' : 'No images yet. Images uploaded with posts and brands appear here.'}</p>
      ) : (
        <ul className="media-grid">
          {page.items.map((item) => (
            <MediaCard key={item._id} item={item} busy={deleting === item._id} onDelete={(i) => void remove(i)} />
          ))}
        </ul>
      )}
      {page?.nextCursor && (
        <button type="button" className="btn btn-outline" onClick={() => void more()} disabled={loadingMore} aria-busy={loadingMore}>
          {loadingMore ? 'Loading...' : 'Load more'}
        </button>
      )}
    </section>
  )
}
