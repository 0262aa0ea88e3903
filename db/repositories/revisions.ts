import * as z from 'zod'
import { mediaRefsOf } from '../../lib/media-refs.ts'
import { REVISION_ACTIONS, type RevisionAction, type RevisionEvent, type RevisionKind } from '../../lib/revisions.ts'
import { op } from '../batch.ts'
import { defineCollection, ensureCollection } from '../collections.ts'
import type { BatchOp, Store } from '../port.ts'
import type { Registry } from '../registry.ts'

/**
 * A kept version of a post or brand page (lib/revisions.ts): the whole record as it was saved. `item` is
 * `<kind>:<id>`; ids are time-ordered (server/operations/audit.ts auditId), so an item's newest revision
 * has the largest id. `mediaRefs` (the media items the record uses) keeps those images in the media
 * library's "used by": restoring a revision brings its images back with it.
 */
export type RevisionDoc = {
  _id: string
  item: string
  kind: RevisionKind
  itemId: string
  at: string
  actor: string
  action: RevisionAction
  /** what it did (lib/revisions.ts revisionEvent); absent on revisions kept before events were */
  event?: RevisionEvent
  /** which fields changed since the saved revision before it, in one line */
  summary?: string
  restoredFrom?: string
  /** an autosave's base: the item's `updatedAt` it was typed on */
  baseVersion?: string
  /** the post's title or the brand's name in this revision, for the list */
  title: string
  record: Record<string, unknown>
  mediaRefs: string[]
}

/** A revision as stored, less `mediaRefs` (derived from its record): checks imported and restored revisions. */
export const revisionSchema = z.object({
  _id: z.string().min(1).max(100),
  item: z.string().min(1).max(200),
  kind: z.enum(['post', 'brand']),
  itemId: z.string().min(1).max(100),
  at: z.iso.datetime({ offset: true }),
  actor: z.string().max(200),
  action: z.enum(REVISION_ACTIONS),
  event: z.enum(['saved', 'published', 'scheduled', 'unpublished', 'restored', 'autosaved']).optional(),
  summary: z.string().max(1_000).optional(),
  restoredFrom: z.string().max(100).optional(),
  baseVersion: z.string().max(64).optional(),
  title: z.string().max(1_000).default(''),
  record: z.record(z.string(), z.unknown()),
  mediaRefs: z.array(z.string()).default([]),
})

export const itemKey = (kind: RevisionKind, id: string) => `${kind}:${id}`

const REVISIONS = defineCollection({
  name: 'revisions',
  backup: 'data',
  schema: revisionSchema.transform((r) => ({ ...r, mediaRefs: mediaRefsOf(r.record) })),
  indexes: [{ fields: { item: 1, _id: -1 } }],
  listIndexes: ['mediaRefs'],
})

export function createRevisionsRepository(store: Store, registry: Registry) {
  registry.add(REVISIONS)
  const revisions = store.collection<RevisionDoc & Record<string, unknown>>(REVISIONS.name)
  const repo = {
    init: () => ensureCollection(store, REVISIONS),
    async insert(doc: Omit<RevisionDoc, 'mediaRefs' | 'title'>) {
      const title = String(doc.record.title ?? doc.record.brandName ?? '')
      await revisions.insertOne({ ...doc, title, mediaRefs: mediaRefsOf(doc.record) } as RevisionDoc & Record<string, unknown>)
    },
    /** An item's revisions, newest first, without their records. */
    async list(item: string, limit: number): Promise<Omit<RevisionDoc, 'record' | 'mediaRefs'>[]> {
      const rows = await revisions.find({ item }, { sort: { _id: -1 }, limit, projection: ['item', 'kind', 'itemId', 'at', 'actor', 'action', 'event', 'summary', 'restoredFrom', 'baseVersion', 'title'] })
      return rows as Omit<RevisionDoc, 'record' | 'mediaRefs'>[]
    },
    /** An item's newest revision with its record (`saved`: the newest that is not an autosave), or null. */
    async newest(item: string, opts: { saved?: boolean } = {}): Promise<RevisionDoc | null> {
      const [row] = await revisions.find(opts.saved ? { item, action: { $ne: 'autosave' } } : { item }, { sort: { _id: -1 }, limit: 1 })
      return (row as RevisionDoc | undefined) ?? null
    },
    /** Removes one revision of one item (an autosave replaced by the next). */
    async remove(item: string, id: string): Promise<boolean> {
      return (await revisions.deleteMany({ _id: id, item })) > 0
    },
    /** One revision of one item (a revision of another item is not found). */
    async find(item: string, id: string): Promise<RevisionDoc | null> {
      return (await revisions.findOne({ _id: id, item })) as RevisionDoc | null
    },
    /** Drops an item's revisions beyond the newest `keep`; answers how many went. */
    async prune(item: string, keep: number): Promise<number> {
      const old = await revisions.find({ item }, { sort: { _id: -1 }, skip: keep, limit: 1_000, projection: ['_id'] })
      return old.length ? revisions.deleteMany({ _id: { $in: old.map((r) => r._id) } }) : 0
    },
    /** The writes that move an item's revisions to its new id (a renamed post), for the batch that moves the item. */
    async renameOps(kind: RevisionKind, from: string, to: string): Promise<BatchOp[]> {
      const rows = await revisions.find({ item: itemKey(kind, from) }, { projection: ['_id'] })
      return rows.map((r) => op.update('revisions', { _id: r._id }, { $set: { item: itemKey(kind, to), itemId: to } }))
    },
    /** Every revision of these items (by `itemKey`), oldest first: what an export of them carries. */
    async ofItems(items: readonly string[]): Promise<RevisionDoc[]> {
      if (!items.length) return []
      const rows = (await revisions.find({ item: { $in: [...new Set(items)] } })) as RevisionDoc[]
      return rows.sort((a, b) => (a._id < b._id ? -1 : a._id > b._id ? 1 : 0))
    },
    findById(id: string): Promise<RevisionDoc | null> {
      return revisions.findOne({ _id: id }) as Promise<RevisionDoc | null>
    },
    /** The write that puts a checked revision in a batch (imports), with what it derives from its record. */
    insertOp(doc: Omit<RevisionDoc, 'mediaRefs'>): BatchOp {
      return op.insert('revisions', { ...doc, mediaRefs: mediaRefsOf(doc.record) } as RevisionDoc & Record<string, unknown>)
    },
    /** Every revision of an item goes with it. */
    removeAll(item: string) {
      return revisions.deleteMany({ item })
    },
    /** The revisions using any of these media items, from the list index (the media library's "used by"). */
    usingMedia(mediaIds: readonly string[], limit = 1_000) {
      if (!mediaIds.length) return Promise.resolve([])
      return revisions.find({ mediaRefs: { $in: [...mediaIds] } }, { limit, projection: ['item', 'kind', 'itemId', 'title', 'mediaRefs'] }) as Promise<Pick<RevisionDoc, '_id' | 'item' | 'kind' | 'itemId' | 'title' | 'mediaRefs'>[]>
    },
  }
  return repo
}
export type RevisionsRepository = ReturnType<typeof createRevisionsRepository>
