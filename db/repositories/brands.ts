import * as z from 'zod'
import { type GeoRule, isEverywhere } from '../../lib/geo.ts'
import { type BrandPage, brandWriteSchema, idSchema, type ImageRef, safeLinkSchema } from '../../lib/schemas.ts'
import type { Filter, Store } from '../port.ts'
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

/** "Everywhere" is stored as no `geo` at all: the shape every brand saved before geo rules has. */
export function withStoredGeo<T extends { geo?: GeoRule }>(doc: T): T {
  if (!('geo' in doc) || !isEverywhere(doc.geo)) return doc
  const { geo: _everywhere, ...rest } = doc
  return rest as T
}

export function createBrandsRepository(store: Store, registry: Registry) {
  registry.add({ name: 'brands', backup: 'data', schema: storedBrandSchema })
  const brands = store.collection<BrandDoc>('brands')
  return {
    async init() {
      await store.ensureIndex('brands', { fields: { createdAt: 1, _id: 1 } })
    },
    /** Every brand, oldest first; `filter` narrows it (geo availability: lib/geo.ts availabilityFilter). */
    list(filter: Filter = {}) {
      return brands.find(filter, { sort: { createdAt: 1, _id: 1 } })
    },
    /** One page of brands, oldest first (the order the offers list and the directory show). */
    page(opts: { skip: number; limit: number; filter?: Filter }) {
      return brands.find(opts.filter ?? {}, { sort: { createdAt: 1, _id: 1 }, skip: opts.skip, limit: opts.limit })
    },
    findById(id: string) {
      return brands.findOne({ _id: id })
    },
    insert(doc: BrandDoc) {
      return brands.insertOne(withStoredGeo(doc))
    },
    /** Fields left undefined keep their stored value; a geo rule of "everywhere" removes `geo`. */
    async replace(id: string, fields: Omit<BrandDoc, '_id' | 'createdAt'>) {
      const set = Object.fromEntries(Object.entries(fields).filter(([k, v]) => v !== undefined && !(k === 'geo' && isEverywhere(v as GeoRule))))
      const unset = 'geo' in fields && fields.geo !== undefined && isEverywhere(fields.geo as GeoRule) ? { $unset: { geo: '' as const } } : {}
      return (await brands.updateOne({ _id: id }, { $set: set, ...unset })).matched > 0
    },
    async remove(id: string) {
      return (await brands.deleteOne({ _id: id })) > 0
    },
    /** How many brands show this media id as logo or banner. */
    usingMedia(mediaId: string) {
      return brands.count({ $or: [{ 'logo.mediaId': mediaId }, { 'bannerImage.mediaId': mediaId }] })
    },
    count(filter: Filter = {}) {
      return brands.count(filter)
    },
  }
}
export type BrandsRepository = ReturnType<typeof createBrandsRepository>
