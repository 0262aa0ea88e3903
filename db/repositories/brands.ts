import type { BrandPage, ImageRef } from '../../lib/schemas.ts'
import type { Store } from '../port.ts'

/** How an image is kept: an outside CDN link, or a media id whose bytes live in the media collection. */
export type StoredImage = { cdnUrl?: string; mediaId?: string; contentType?: string }
export type BrandDoc = Omit<BrandPage, 'logo' | 'bannerImage'> & {
  logo: StoredImage | null
  bannerImage: StoredImage | null
} & Record<string, unknown>

export function toImageRef(img: StoredImage | null | undefined): ImageRef | null {
  if (!img) return null
  const url = img.cdnUrl || (img.mediaId ? `/media/${img.mediaId}` : '')
  return url ? { data: null, contentType: img.contentType ?? '', cdnUrl: url } : null
}

export function createBrandsRepository(store: Store) {
  const brands = store.collection<BrandDoc>('brands')
  return {
    async init() {},
    list() {
      return brands.find({}, { sort: { createdAt: 1 } })
    },
    findById(id: string) {
      return brands.findOne({ _id: id })
    },
    insert(doc: BrandDoc) {
      return brands.insertOne(doc)
    },
    async replace(id: string, fields: Omit<BrandDoc, '_id' | 'createdAt'>) {
      return (await brands.updateOne({ _id: id }, { $set: fields })).matched > 0
    },
    async remove(id: string) {
      return (await brands.deleteOne({ _id: id })) > 0
    },
    /** How many brands show this media id as logo or banner. */
    usingMedia(mediaId: string) {
      return brands.count({ $or: [{ 'logo.mediaId': mediaId }, { 'bannerImage.mediaId': mediaId }] })
    },
    count() {
      return brands.count()
    },
  }
}
export type BrandsRepository = ReturnType<typeof createBrandsRepository>
