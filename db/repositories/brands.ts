import * as z from 'zod'
import { type BrandPage, brandWriteSchema, idSchema, type ImageRef, safeLinkSchema } from '../../lib/schemas.ts'
import type { Store } from '../port.ts'
import type { Registry } from '../registry.ts'
import { mediaIdSchema } from './media.ts'

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

const iso = z.iso.datetime({ offset: true })
const storedImageSchema = z.object({ cdnUrl: safeLinkSchema.optional(), mediaId: mediaIdSchema.optional(), contentType: z.string().max(100).optional() }).nullable()
/** A brand as stored: the API's rules, images as CDN links or media ids. Checks imported and restored brands. */
export const storedBrandSchema = brandWriteSchema.extend({ _id: idSchema, logo: storedImageSchema, bannerImage: storedImageSchema, createdAt: iso, updatedAt: iso })

export function createBrandsRepository(store: Store, registry: Registry) {
  registry.add({ name: 'brands', backup: 'data', schema: storedBrandSchema })
  const brands = store.collection<BrandDoc>('brands')
  return {
    async init() {
      await store.ensureIndex('brands', { fields: { createdAt: 1, _id: 1 } })
    },
    list() {
      return brands.find({}, { sort: { createdAt: 1, _id: 1 } })
    },
    /** One page of brands, oldest first (the order the offers list and the directory show). */
    page(opts: { skip: number; limit: number }) {
      return brands.find({}, { sort: { createdAt: 1, _id: 1 }, skip: opts.skip, limit: opts.limit })
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
