import type { Store } from '../../db/port.ts'
import { DuplicateKeyError } from '../../db/port.ts'
import type { PostsRepository } from '../../db/repositories/posts.ts'
import type { PostTrashRepository, TrashedPost } from '../../db/repositories/post-trash.ts'
import type { RedirectsRepository } from '../../db/repositories/redirects.ts'
import { statusOf } from '../../lib/publish-status.ts'
import { TRASH_DAYS, type TrashedPostSummary } from '../../lib/trash.ts'
import type { Post } from '../../lib/schemas.ts'
import { AppError, notFound } from '../errors.ts'
import { type AuditService, currentActor } from '../operations/audit.ts'
import type { RevisionsService } from '../editorial/revisions.ts'

const DAY_MS = 86_400_000
/** The most entries the Trash view lists (newest first); `total` says how many there are. */
const LIST_LIMIT = 200

/**
 * The posts' Trash (issue 32). Delete moves a post here in one batch with its removal from the posts, so
 * it leaves every public page, feed, sitemap and search at once (they read only the posts). Restore puts
 * it back exactly as it was (a live post is live again, a draft a draft); Delete forever, or 30 days,
 * erase it with its revisions and old addresses. Expired entries are purged when the Trash is read or
 * written and by the periodic maintenance job, on either store.
 */
export function createPostTrashService(deps: {
  posts: PostsRepository
  trash: PostTrashRepository
  store: Pick<Store, 'batch'>
  revisions: Pick<RevisionsService, 'removeAll'>
  redirects: Pick<RedirectsRepository, 'removeTo'>
  audit: AuditService
  now: () => Date
  onChange: () => void
}) {
  const { posts, trash } = deps
  const summary = (e: TrashedPost): TrashedPostSummary => ({
    _id: e._id,
    title: e.post.title,
    type: e.post.type,
    status: statusOf(e.post),
    market: e.post.market ?? null,
    trashedAt: e.trashedAt,
    trashedBy: e.trashedBy,
    purgeAt: new Date(Date.parse(e.trashedAt) + TRASH_DAYS * DAY_MS).toISOString(),
  })

  /** Erases an entry and what belonged to its post only; false if it was already gone. */
  async function erase(entry: TrashedPost, action: 'post.delete' | 'post.purge') {
    if (!(await trash.remove(entry._id))) return false
    await deps.revisions.removeAll('post', entry._id)
    await deps.redirects.removeTo('post', entry._id)
    await deps.audit.record({ action, target: `post:${entry._id}`, note: entry.post.title })
    return true
  }

  /** Erases every entry trashed more than 30 days ago; answers how many. */
  async function purgeExpired(): Promise<number> {
    const before = new Date(deps.now().getTime() - TRASH_DAYS * DAY_MS).toISOString()
    let purged = 0
    for (;;) {
      const due = await trash.trashedBefore(before, 100)
      for (const entry of due) if (await erase(entry, 'post.purge')) purged++
      if (due.length < 100) return purged
    }
  }

  const entryOrThrow = async (id: string) => {
    const entry = id.length <= 100 ? await trash.find(id) : null
    if (!entry) throw notFound('There is no post with this id in the Trash')
    return entry
  }

  return {
    /** Moves a post to the Trash (the API's DELETE /api/posts/:id); 404 when there is none. */
    async trash(id: string): Promise<TrashedPostSummary> {
      const existing = id.length <= 100 ? await posts.findById(id) : null
      if (!existing) throw notFound('Post not found')
      const entry: TrashedPost = { _id: id, post: existing, trashedAt: deps.now().toISOString(), trashedBy: currentActor().actor }
      // an older entry under this id (a post imported over a trashed one) gives way to the newer
      await deps.store.batch([posts.removeOp(id), trash.removeOp(id), trash.insertOp(entry)])
      deps.onChange()
      await deps.audit.record({ action: 'post.trash', target: `post:${id}`, note: existing.title })
      await purgeExpired()
      return summary(entry)
    },

    /** Puts a trashed post back as it was; 409 when another post has taken its address meanwhile. */
    async restore(id: string): Promise<Post> {
      const entry = await entryOrThrow(id)
      const taken = () => new AppError('conflict', `“${entry.post.title}” cannot be restored: another post now has its address, /article/${id}. Rename that post first.`)
      if (await posts.findById(id)) throw taken()
      try {
        await deps.store.batch([trash.removeOp(id), posts.insertOp(entry.post)])
      } catch (err) {
        if (err instanceof DuplicateKeyError) throw taken()
        throw err
      }
      deps.onChange()
      await deps.audit.record({ action: 'post.untrash', target: `post:${id}`, note: entry.post.title })
      return entry.post
    },

    /** Erases a trashed post now, with its revisions and old addresses. */
    async deleteForever(id: string): Promise<void> {
      const entry = await entryOrThrow(id)
      if (!(await erase(entry, 'post.delete'))) throw notFound('There is no post with this id in the Trash')
    },

    /** The Trash, newest first, after purging what has expired (a prune on read). */
    async list(): Promise<{ posts: TrashedPostSummary[]; total: number; days: number }> {
      await purgeExpired()
      const [entries, total] = await Promise.all([trash.list(LIST_LIMIT), trash.count()])
      return { posts: entries.map(summary), total, days: TRASH_DAYS }
    },

    /** Whether a trashed post holds this id (no new post may take it while it does). */
    holds: (id: string) => trash.has(id),
    purgeExpired,
  }
}
export type PostTrashService = ReturnType<typeof createPostTrashService>
