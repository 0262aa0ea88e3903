import * as z from 'zod'
import type { Post } from '../../lib/schemas.ts'
import { op } from '../batch.ts'
import { defineCollection, ensureCollection } from '../collections.ts'
import type { BatchOp, Store } from '../port.ts'
import type { Registry } from '../registry.ts'
import { storedPostSchema } from './posts.ts'

/**
 * Deleted posts, kept for a while (issue 32: Delete moves a post to a Trash that can restore it). A trashed
 * post is out of the posts collection, so no public read (pages, feeds, sitemaps, search) can meet it; its
 * entry here holds it whole, as it was, with when and by whom it was trashed. Its id stays its own: no new
 * post takes it while it is here (server/content/posts.ts), so its revisions and old addresses stay its.
 */
export type TrashedPost = { _id: string; post: Post; trashedAt: string; trashedBy: string }

const trashSchema = z.object({ _id: z.string().min(1).max(100), post: storedPostSchema, trashedAt: z.iso.datetime({ offset: true }), trashedBy: z.string().max(200) })

const POST_TRASH = defineCollection({ name: 'post_trash', backup: 'data', schema: trashSchema, indexes: [{ fields: { trashedAt: -1, _id: 1 } }] })

export function createPostTrashRepository(store: Store, registry: Registry) {
  registry.add(POST_TRASH)
  const trash = store.collection<TrashedPost & Record<string, unknown>>(POST_TRASH.name)
  return {
    init: () => ensureCollection(store, POST_TRASH),
    /** Newest trashed first. */
    list(limit: number): Promise<TrashedPost[]> {
      return trash.find({}, { sort: { trashedAt: -1, _id: 1 }, limit })
    },
    count: () => trash.count({}),
    find(id: string): Promise<TrashedPost | null> {
      return trash.findOne({ _id: id })
    },
    async has(id: string): Promise<boolean> {
      return (await trash.count({ _id: id })) > 0
    },
    /** Entries trashed before `before` (ISO time): those the 30 days have run out for. */
    trashedBefore(before: string, limit: number): Promise<TrashedPost[]> {
      return trash.find({ trashedAt: { $lt: before } }, { sort: { trashedAt: 1, _id: 1 }, limit })
    },
    /** The write that puts a post in the Trash, for the batch that takes it out of the posts. */
    insertOp(entry: TrashedPost): BatchOp {
      return op.insert(POST_TRASH.name, entry)
    },
    /** The write that takes a post out of the Trash (restored, or deleted for good). */
    removeOp(id: string): BatchOp {
      return op.delete(POST_TRASH.name, { _id: id })
    },
    async remove(id: string): Promise<boolean> {
      return (await trash.deleteOne({ _id: id })) > 0
    },
  }
}
export type PostTrashRepository = ReturnType<typeof createPostTrashRepository>
