import { type StoredInfoPage, storedInfoPageSchema } from '../../lib/info-page-schemas.ts'
import { defineCollection, ensureCollection } from '../collections.ts'
import type { Store } from '../port.ts'
import type { Registry } from '../registry.ts'

type InfoPageDoc = StoredInfoPage & Record<string, unknown>

const INFO_PAGES = defineCollection({ name: 'info_pages', backup: 'data', schema: storedInfoPageSchema })

/** Info pages (`_id` is the slug): a few dozen small documents at most, so lists read them whole. */
export function createInfoPagesRepository(store: Store, registry: Registry) {
  registry.add(INFO_PAGES)
  const pages = store.collection<InfoPageDoc>(INFO_PAGES.name)
  return {
    init: () => ensureCollection(store, INFO_PAGES),
    list(): Promise<StoredInfoPage[]> {
      return pages.find({}, { sort: { _id: 1 } })
    },
    /** Slugs and change times only: what a sitemap needs. */
    sitemapEntries() {
      return pages.find({}, { sort: { _id: 1 }, projection: ['updatedAt'] }) as Promise<Pick<StoredInfoPage, '_id' | 'updatedAt'>[]>
    },
    findBySlug(slug: string): Promise<StoredInfoPage | null> {
      return pages.findOne({ _id: slug })
    },
    /** Throws the store's `DuplicateKeyError` when the slug is taken. */
    async insert(page: StoredInfoPage) {
      await pages.insertOne(page as InfoPageDoc)
    },
    /** Inserts the pages whose slug is free; answers the slugs inserted (safe to run from every process at once). */
    insertMissing(list: StoredInfoPage[]) {
      return pages.insertMissing(list as InfoPageDoc[])
    },
    async update(slug: string, fields: Omit<StoredInfoPage, '_id' | 'createdAt'>) {
      return (await pages.updateOne({ _id: slug }, { $set: fields })).matched > 0
    },
    async remove(slug: string) {
      return (await pages.deleteOne({ _id: slug })) > 0
    },
  }
}
export type InfoPagesRepository = ReturnType<typeof createInfoPagesRepository>
