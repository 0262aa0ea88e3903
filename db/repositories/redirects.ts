import * as z from 'zod'
import { idSchema } from '../../lib/schemas.ts'
import { op } from '../batch.ts'
import { defineCollection, ensureCollection } from '../collections.ts'
import type { BatchOp, Store } from '../port.ts'
import type { Registry } from '../registry.ts'

/**
 * Old addresses of renamed items (issue 25: an editable slug): `post:<old id>` → the id it has now, and
 * `author:<old slug>` → the author page's slug now (issue 22). A rename points every older address of the
 * item at the new one, so a chain is never followed.
 */
export type RedirectDoc = { _id: string; kind: 'post' | 'author'; from: string; to: string; at: string }

const redirectSchema = z.object({ _id: z.string().min(1).max(120), kind: z.enum(['post', 'author']), from: idSchema, to: idSchema, at: z.iso.datetime({ offset: true }) })
const key = (kind: RedirectDoc['kind'], id: string) => `${kind}:${id}`

const REDIRECTS = defineCollection({ name: 'redirects', backup: 'data', schema: redirectSchema, indexes: [{ fields: { kind: 1, to: 1 } }] })

export function createRedirectsRepository(store: Store, registry: Registry) {
  registry.add(REDIRECTS)
  const redirects = store.collection<RedirectDoc & Record<string, unknown>>(REDIRECTS.name)
  return {
    init: () => ensureCollection(store, REDIRECTS),
    /** Where an old address of a post leads now, or null. */
    async target(kind: RedirectDoc['kind'], from: string): Promise<string | null> {
      return (await redirects.findOne({ _id: key(kind, from) }))?.to ?? null
    },
    /**
     * The writes of a rename, for the batch that moves the item: `from` leads to `to`, every address
     * that led to `from` now leads to `to`, and `to` itself is an address of a live item again.
     */
    async renameOps(kind: RedirectDoc['kind'], from: string, to: string, at: string): Promise<BatchOp[]> {
      const older = await redirects.find({ kind, to: from }, { projection: ['_id'] })
      return [
        op.delete('redirects', { _id: key(kind, to) }),
        ...older.map((r) => op.update('redirects', { _id: r._id }, { $set: { to, at } })),
        op.update('redirects', { _id: key(kind, from) }, { $set: { kind, from, to, at } }, { upsert: true }),
      ]
    },
    /** A deleted item's old addresses go with it (they would lead nowhere). */
    removeTo(kind: RedirectDoc['kind'], to: string) {
      return redirects.deleteMany({ kind, to })
    },
  }
}
export type RedirectsRepository = ReturnType<typeof createRedirectsRepository>
