import { DuplicateKeyError, type Store } from '../port.ts'

export type MediaDoc = {
  _id: string
  contentType: string
  size: number
  /** base64 of the bytes: portable across both backends and under MongoDB's document limit at our size cap. */
  data: string
  filename: string
  alt: string
  createdAt: Date
}

export function createMediaRepository(store: Store) {
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
