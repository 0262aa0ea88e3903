import { useEffect, useState } from 'react'
import { useMarkets } from './markets-api.ts'
import { isLive } from '../../lib/publishing.ts'
import type { Post } from '../../lib/schemas.ts'
import { adminApi, type PostListPage } from './api.ts'
import { StatusBadge } from './StatusBadge.tsx'
import { TRASH_DAYS } from '../../lib/trash.ts'
import { ErrorLine } from '../Messages.tsx'
import { postPagePath } from '../../lib/links.ts'

const listNoun = { article: 'article', articleBottom: 'articleBottom' } as const
const newLabel = { article: '+ New article', articleBottom: '+ New bottom article' } as const

/**
 * One post type's list: a page at a time from the server, with the case-insensitive 'contains' title
 * filter (spec §2) applied there too, so the list costs the same with 20 articles or 100,000. It reloads
 * after every save (`reloadKey`) and when a scheduled post it shows goes live.
 */
export function PostList({ type, reloadKey, onEdit, onNew, onDeleted, editingId }: {
  type: 'article' | 'articleBottom'
  reloadKey: number
  onEdit: (p: Post) => void
  onNew: () => void
  onDeleted: (p: Post) => void
  editingId?: string | null
}) {
  const [filter, setFilter] = useState('')
  const [query, setQuery] = useState('')
  const [page, setPage] = useState<PostListPage | null>(null)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [tick, setTick] = useState(0)
  // issue 23: the market picker, shown once the site has markets
  const [market, setMarket] = useState('')
  const markets = useMarkets()
  const noun = listNoun[type]

  // typing settles for a moment before the server is asked
  useEffect(() => {
    const t = setTimeout(() => setQuery(filter), 250)
    return () => clearTimeout(t)
  }, [filter])

  useEffect(() => {
    let current = true
    setError(null)
    adminApi
      .list(type, query, null, market)
      .then((p) => current && setPage(p))
      .catch(() => current && setError('Failed to load content'))
    return () => {
      current = false
    }
  }, [type, query, market, reloadKey, tick])

  // a scheduled post in the list goes live by itself: the list follows when the first one is due
  useEffect(() => {
    const due = (page?.posts ?? []).filter((p) => p.status === 'scheduled' && p.publishAt).map((p) => new Date(p.publishAt!).getTime() - Date.now())
    const next = Math.min(...due.filter((ms) => ms > 0))
    if (!Number.isFinite(next) || next > 2 ** 31 - 1) return
    const t = setTimeout(() => setTick((n) => n + 1), next + 1500)
    return () => clearTimeout(t)
  }, [page])

  async function loadMore() {
    if (!page?.nextCursor) return
    setBusy(true)
    try {
      const next = await adminApi.list(type, query, page.nextCursor, market)
      setPage({ ...next, posts: [...page.posts, ...next.posts] })
    } catch {
      setError('Failed to load content')
    } finally {
      setBusy(false)
    }
  }

  async function remove(post: Post) {
    // spec §5's question, then which post (a list of similar titles is easy to misclick), then where it goes (issue 32)
    if (!window.confirm(`Delete this ${noun}?\n\n“${post.title}” (${post._id})\n\nIt moves to the Trash (in this admin), where it can be restored for ${TRASH_DAYS} days.`)) return
    setError(null)
    try {
      await adminApi.remove(post._id)
      onDeleted(post)
    } catch {
      setError(`Failed to delete ${noun}`)
    }
  }

  const posts = page?.posts ?? []
  return (
    <section className="post-list card" aria-label={type === 'article' ? 'Articles' : 'Bottom articles'}>
      <button type="button" className="btn btn-primary" onClick={onNew}>
        {newLabel[type]}
      </button>
      <label>
        Filter by title
        <input type="search" value={filter} onChange={(e) => setFilter(e.target.value)} placeholder="Search titles" />
      </label>
      {markets.length > 0 && (
        <label>
          Market
          <select value={market} onChange={(e) => setMarket(e.target.value)}>
            <option value="">All markets</option>
            <option value="shared">Written for every market</option>
            {markets.map((m) => (
              <option key={m.key} value={m.key}>{`${m.name} (/${m.key})`}</option>
            ))}
          </select>
        </label>
      )}
      <ErrorLine text={error} />
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
              <li key={p._id} data-testid="post-row" className={p._id === editingId ? 'editing' : undefined} aria-current={p._id === editingId ? 'true' : undefined}>
                <span>
                  {p.title}
                  <StatusBadge item={p} />
                </span>
                <span className="actions">
                  {isLive(p) && (
                    <a className="btn" href={postPagePath(p)} target="_blank" rel="noopener">
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
