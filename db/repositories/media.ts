import * as z from 'zod'
import { MEDIA_ID } from '../../lib/images.ts'
import { op } from '../batch.ts'
import { defineCollection, ensureCollection } from '../collections.ts'
import { DuplicateKeyError, type Store } from '../port.ts'
import type { Registry } from '../registry.ts'

/**
 * Content-addressed: a hash of the original's bytes, its displayed size, and the type's extension;
 * a rendition adds its width (the file layout: lib/images.ts).
 */
export const mediaIdSchema = z.string().regex(MEDIA_ID)

const variantRefSchema = z.object({ id: mediaIdSchema, width: z.number().int().min(1), height: z.number().int().min(1), contentType: z.string() })

/** An image as stored. Restore also checks the bytes are the image the record says (the transfer service). */
export const storedMediaSchema = z.object({
  _id: mediaIdSchema,
  contentType: z.string(),
  size: z.number().int().min(0),
  /** base64 of the bytes: portable across both backends and under MongoDB's document limit at our size cap. */
  data: z.string().min(1),
  filename: z.string().max(300),
  alt: z.string().max(500),
  createdAt: z.date(),
  /**
   * An item's other files (another format or width of the same image) are records of their own that
   * name the original here: deleting or pruning an item removes its whole set (`removeItem`).
   */
  variantOf: mediaIdSchema.optional(),
  /** when a save last asked for these bytes again (content-addressed: an old item reused) */
  touchedAt: z.date().optional(),
  /** Displayed size in pixels (after EXIF rotation); absent on uploads from before renditions. */
  width: z.number().int().min(1).optional(),
  height: z.number().int().min(1).optional(),
  /** An original's renditions (each its own record, sharing the original's hash prefix). */
  variants: z.array(variantRefSchema).max(20).optional(),
})
export type MediaDoc = z.infer<typeof storedMediaSchema>
/** What the library shows of an item: everything but its bytes. */
export type MediaMeta = Omit<MediaDoc, 'data'>
/** Where an item stands in the library's order (newest first). */
export type MediaKey = { createdAt: Date; _id: string }
const META = ['contentType', 'size', 'filename', 'alt', 'createdAt', 'variantOf', 'touchedAt', 'width', 'height', 'variants'] as const

const MEDIA = defineCollection({ name: 'media', backup: 'data', schema: storedMediaSchema, indexes: [{ fields: { variantOf: 1, createdAt: -1, _id: 1 } }] })

export function createMediaRepository(store: Store, registry: Registry) {
  registry.add(MEDIA)
  const media = store.collection<MediaDoc & Record<string, unknown>>(MEDIA.name)
  return {
    init: () => ensureCollection(store, MEDIA),
    findById(id: string) {
      return media.findOne({ _id: id }) as Promise<MediaDoc | null>
    },
    async remove(id: string) {
      return (await media.deleteOne({ _id: id })) > 0
    },
    /** Metadata of every stored original (no bytes, no renditions), newest first: the media library. */
    async list() {
      const docs = await media.find({}, { sort: { createdAt: -1 }, projection: ['contentType', 'size', 'filename', 'alt', 'createdAt', 'width', 'height', 'variantOf'] })
      return docs.filter((d) => !d.variantOf) as Omit<MediaDoc, 'data'>[]
    },
    /** Content-addressed: the same bytes are stored once (asking again marks the item touched, so a prune running meanwhile keeps it). */
    async put(doc: MediaDoc) {
      try {
        await media.insertOne(doc as MediaDoc & Record<string, unknown>)
        return { created: true }
      } catch (err) {
        if (!(err instanceof DuplicateKeyError)) throw err
        await media.updateOne({ _id: doc._id }, { $set: { touchedAt: doc.createdAt } })
        return { created: false } // already stored: same id, same bytes
      }
    },
    /** One page of library items (originals, not their variants), newest first, after `after`; no bytes read. */
    async page(opts: { after?: MediaKey; limit: number }): Promise<MediaMeta[]> {
      const after = opts.after
      const filter = after
        ? { variantOf: null, $or: [{ createdAt: { $lt: after.createdAt } }, { createdAt: after.createdAt, _id: { $gt: after._id } }] }
        : { variantOf: null }
      return (await media.find(filter, { sort: { variantOf: 1, createdAt: -1, _id: 1 }, limit: opts.limit, projection: META })) as MediaMeta[]
    },
    /** Variants whose original is gone (a write interrupted half-way, or an older delete). */
    async orphanVariants(): Promise<MediaMeta[]> {
      const variants = (await media.find({ variantOf: { $gt: '' } }, { projection: META })) as MediaMeta[]
      const parents = new Set((await media.find({ _id: { $in: [...new Set(variants.map((v) => v.variantOf!))] } }, { projection: [] })).map((d) => d._id))
      return variants.filter((v) => !parents.has(v.variantOf!))
    },
    /** The variants of these items (ids only). */
    variantsOf(ids: readonly string[]) {
      if (!ids.length) return Promise.resolve([])
      return media.find({ variantOf: { $in: [...ids] } }, { projection: ['variantOf'] }) as Promise<{ _id: string; variantOf: string }[]>
    },
    /** The item's size with all its variants. */
    async setSize(id: string) {
      const docs = await media.find({ $or: [{ _id: id }, { variantOf: id }] }, { projection: ['size'] })
      return { files: docs.length, bytes: docs.reduce((n, d) => n + (Number(d.size) || 0), 0) }
    },
    /** Removes an item and every file of its set (its variants) in one batch; answers how many records went. */
    async removeItem(id: string) {
      const before = await media.count({ $or: [{ _id: id }, { variantOf: id }] })
      if (!before) return 0
      await store.batch([op.delete('media', { $or: [{ _id: id }, { variantOf: id }] })])
      return before
    },
  }
}
export type MediaRepository = ReturnType<typeof createMediaRepository>
