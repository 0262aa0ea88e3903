import * as z from 'zod'
import { MEDIA_ID_PATTERN } from '../../lib/images.ts'
import { DuplicateKeyError, type Store } from '../port.ts'
import type { Registry } from '../registry.ts'

/**
 * Content-addressed: a hash of the original's bytes, its displayed size, and the type's extension;
 * a rendition adds its width (the file layout: lib/images.ts).
 */
export const mediaIdSchema = z.string().regex(MEDIA_ID_PATTERN)

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
  /** Displayed size in pixels (after EXIF rotation); absent on uploads from before renditions. */
  width: z.number().int().min(1).optional(),
  height: z.number().int().min(1).optional(),
  /** An original's renditions (each its own record, sharing the original's hash prefix). */
  variants: z.array(variantRefSchema).max(20).optional(),
  /** On a rendition: the original it was made from (the media library lists originals only). */
  variantOf: mediaIdSchema.optional(),
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
    /** Metadata of every stored original (no bytes, no renditions), newest first: the media library. */
    async list() {
      const docs = await media.find({}, { sort: { createdAt: -1 }, projection: ['contentType', 'size', 'filename', 'alt', 'createdAt', 'width', 'height', 'variantOf'] })
      return docs.filter((d) => !d.variantOf) as Omit<MediaDoc, 'data'>[]
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
