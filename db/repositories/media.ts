import * as z from 'zod'
import { DuplicateKeyError, type Store } from '../port.ts'
import type { Registry } from '../registry.ts'

/** Content-addressed: a hash of the bytes and the type's extension. */
export const mediaIdSchema = z.string().regex(/^[a-f0-9]{32}\.[a-z]{3,4}$/)

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
})
export type MediaDoc = z.infer<typeof storedMediaSchema>

export function createMediaRepository(store: Store, registry: Registry) {
  registry.add({ name: 'media', backup: 'data', schema: storedMediaSchema })
  const media = store.collection<MediaDoc & Record<string, unknown>>('media')
  return {
    async init() {},
    findById(id: string) {
      return media.findOne({ _id: id }) as Promise<MediaDoc | null>
    },
    async remove(id: string) {
      return (await media.deleteOne({ _id: id })) > 0
    },
    /** Metadata of every stored image (no bytes), newest first: the media library. */
    async list() {
      const docs = await media.find({}, { sort: { createdAt: -1 } })
      return docs.map(({ data: _bytes, ...meta }) => meta as Omit<MediaDoc, 'data'>)
    },
    /** Content-addressed: the same bytes are stored once. */
    async put(doc: MediaDoc) {
      try {
        await media.insertOne(doc as MediaDoc & Record<string, unknown>)
        return { created: true }
      } catch (err) {
        if (!(err instanceof DuplicateKeyError)) throw err
        return { created: false } // already stored: same id, same bytes
      }
    },
  }
}
export type MediaRepository = ReturnType<typeof createMediaRepository>
