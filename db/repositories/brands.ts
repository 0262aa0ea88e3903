import * as z from 'zod'
import { type GeoRule, isEverywhere } from '../../lib/geo.ts'
import { type BrandPage, brandWriteSchema, idSchema, type ImageRef, safeLinkSchema } from '../../lib/schemas.ts'
import { mediaRefsOf } from '../../lib/media-refs.ts'
import { isLive } from '../../lib/publishing.ts'
import { windowIssue } from '../../lib/offer-lifecycle.ts'
import { op } from '../batch.ts'
import { backfill, defineCollection, ensureCollection } from '../collections.ts'
import type { BatchOp, Filter, Store } from '../port.ts'
import type { Registry } from '../registry.ts'
import { publishDue } from './publishing.ts'
import { mediaIdSchema } from './media.ts'
import { type BrandQuery, brandFilter } from './brand-query.ts'

/** How an image is kept: an outside CDN link, or a media id whose bytes live in the media collection. */
export type StoredImage = { cdnUrl?: string; mediaId?: string; contentType?: string }
export type BrandDoc = Omit<BrandPage, 'logo' | 'bannerImage' | 'facts' | 'review' | 'validFrom' | 'validUntil'> & {
  logo: StoredImage | null
  bannerImage: StoredImage | null
  // issue 22's fields are absent on brands saved before them (toBrandPage answers {} and null)
  facts?: BrandPage['facts']
  review?: BrandPage['review']
  validFrom?: string | null
  validUntil?: string | null
} & Record<string, unknown>

export function toImageRef(img: StoredImage | null | undefined): ImageRef | null {
  if (!img) return null
  const url = img.cdnUrl || (img.mediaId ? `/media/${img.mediaId}` : '')
  return url ? { data: null, contentType: img.contentType ?? '', cdnUrl: url } : null
}

const iso = z.iso.datetime({ offset: true })
const storedImageSchema = z.object({ cdnUrl: safeLinkSchema.optional(), mediaId: mediaIdSchema.optional(), contentType: z.string().max(100).optional() }).nullable()
/** A brand as stored: the API's rules, images as CDN links or media ids. Checks imported and restored brands. */
export const storedBrandSchema = brandWriteSchema
  .extend({ _id: idSchema, logo: storedImageSchema, bannerImage: storedImageSchema, publishAt: iso.transform((v) => new Date(v).toISOString()).optional() /* compared as text by the scheduler: one form */, createdAt: iso, updatedAt: iso })
  .superRefine((b, ctx) => {
    const problem = windowIssue(b) // issue 22: an offer cannot end before it starts
    if (problem) ctx.addIssue({ code: 'custom', path: ['validUntil'], message: problem })
  })

export type { BrandQuery } from './brand-query.ts'

/** "Everywhere" is stored as no `geo` at all: the shape every brand saved before geo rules has. */
export function withStoredGeo<T extends { geo?: GeoRule }>(doc: T): T {
  if (!('geo' in doc) || !isEverywhere(doc.geo)) return doc
  const { geo: _everywhere, ...rest } = doc
  return rest as T
}

/**
 * A brand as written: `mediaRefs` (the media library items it uses, lib/media-refs.ts) is derived on
 * every write and list-indexed for the media library's "used by"; `live` (published: lib/publishing.ts)
 * is what every public read asks for. Reads leave both out.
 */
export function toStoredBrand(doc: BrandDoc): BrandDoc {
  const { mediaRefs: _old, live: _live, ...brand } = withStoredGeo(doc)
  return { ...brand, live: isLive(brand), mediaRefs: mediaRefsOf(brand) } as BrandDoc
}
function fromDoc<T extends BrandDoc | null>(doc: T): T {
  if (!doc) return doc
  const { mediaRefs: _m, live: _l, ...brand } = doc
  return brand as T
}

const BRANDS = defineCollection({
  name: 'brands',
  backup: 'data',
  // a restored brand gets its derived field back
  schema: storedBrandSchema.transform((b) => toStoredBrand(b as BrandDoc)),
  indexes: [
    { fields: { createdAt: 1, _id: 1 } },
    { fields: { live: 1, createdAt: 1, _id: 1 } },
    // the scheduler's due brand pages
    { fields: { status: 1, publishAt: 1 } },
  ],
  listIndexes: ['mediaRefs'],
})

export function createBrandsRepository(store: Store, registry: Registry) {
  registry.add(BRANDS)
  const brands = store.collection<BrandDoc>(BRANDS.name)
  const repo = {
    async init() {
      await ensureCollection(store, BRANDS)
      // brands saved before mediaRefs or live existed get them (once, in batches)
      for (const missing of ['mediaRefs', 'live'])
        await backfill(store, () => brands.find({ [missing]: null }, { limit: 500 }), (d) => op.update('brands', { _id: d._id }, { $set: { mediaRefs: mediaRefsOf(fromDoc(d)), live: isLive(d) } }))
    },
    /** Every brand the query asks for (./brand-query.ts), oldest first; no query: every brand of any status. */
    async list(query: BrandQuery = {}) {
      return (await brands.find(brandFilter(query), { sort: { createdAt: 1, _id: 1 } })).map(fromDoc)
    },
    /** One page of the brands the query asks for, oldest first (the order the offers list and the directory show). */
    async page(opts: { skip: number; limit: number; query?: BrandQuery }) {
      return (await brands.find(brandFilter(opts.query), { sort: { createdAt: 1, _id: 1 }, skip: opts.skip, limit: opts.limit })).map(fromDoc)
    },
    /** The offer windows of published brands that still have an edge ahead of `now` (issue 22: the render cache's expiry). */
    async upcomingEdges(now: Date): Promise<{ validFrom?: string | null; validUntil?: string | null }[]> {
      const at = now.toISOString()
      return (await brands.find({ $and: [{ live: true }, { $or: [{ validFrom: { $gt: at } }, { validUntil: { $gte: at } }] }] }, { projection: ['validFrom', 'validUntil'] })) as { validFrom?: string | null; validUntil?: string | null }[]
    },
    /** A brand of any status (the admin, the CLI); public reads use `findLive`. */
    async findById(id: string) {
      return fromDoc(await brands.findOne({ _id: id }))
    },
    /** A published brand. */
    async findLive(id: string) {
      return fromDoc(await brands.findOne({ _id: id, live: true }))
    },
    /** Publishes the scheduled brand pages whose time has come, each once across processes (./publishing.ts). */
    async publishDue(now: Date): Promise<BrandDoc[]> {
      return (await publishDue(brands, now, () => ({ live: true }))).map(fromDoc)
    },
    async insert(doc: BrandDoc) {
      return fromDoc(await brands.insertOne(toStoredBrand(doc)))
    },
    /** The write that puts a brand in a batch (imports): with its derived field, like every other. */
    insertOp(doc: BrandDoc): BatchOp {
      return op.insert('brands', toStoredBrand(doc))
    },
    /**
     * Fields left undefined keep their stored value, except those named in `remove`; a geo rule of
     * "everywhere" removes `geo`. With `ifUpdatedAt`, only while the stored brand has that version.
     */
    async replace(id: string, fields: Omit<BrandDoc, '_id' | 'createdAt'>, remove: string[] = [], ifUpdatedAt?: string) {
      const existing = await repo.findById(id)
      if (!existing || (ifUpdatedAt !== undefined && existing.updatedAt !== ifUpdatedAt)) return false
      const set = Object.fromEntries(Object.entries(fields).filter(([k, v]) => v !== undefined && !remove.includes(k) && !(k === 'geo' && isEverywhere(v as GeoRule))))
      const gone = [...remove, ...('geo' in fields && fields.geo !== undefined && isEverywhere(fields.geo as GeoRule) ? ['geo'] : [])]
      const unset = gone.length ? { $unset: Object.fromEntries(gone.map((k) => [k, '' as const])) } : {}
      const next = { ...existing, ...set } as BrandDoc
      for (const k of gone) delete next[k]
      const { mediaRefs, live } = toStoredBrand(next)
      return (await brands.updateOne(ifUpdatedAt === undefined ? { _id: id } : { _id: id, updatedAt: ifUpdatedAt }, { $set: { ...set, mediaRefs, live }, ...unset })).matched > 0
    },
    async remove(id: string) {
      return (await brands.deleteOne({ _id: id })) > 0
    },
    /** How many brands show this media id as logo or banner. */
    usingMedia(mediaId: string) {
      return brands.count({ $or: [{ 'logo.mediaId': mediaId }, { 'bannerImage.mediaId': mediaId }] })
    },
    count(query: BrandQuery = {}) {
      return brands.count(brandFilter(query))
    },
    /** The brands using any of these media items (logo, banner or anywhere in their text), from the list index. */
    usingMediaIds(mediaIds: readonly string[], limit = 1_000) {
      if (!mediaIds.length) return Promise.resolve([])
      return brands.find({ mediaRefs: { $in: [...mediaIds] } }, { limit, projection: ['brandName', 'mediaRefs'] }) as unknown as Promise<{ _id: string; brandName: string; mediaRefs: string[] }[]>
    },
  }
  return repo
}
export type BrandsRepository = ReturnType<typeof createBrandsRepository>
