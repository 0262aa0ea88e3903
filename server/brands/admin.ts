import { type BrandDoc, type BrandsRepository, type StoredImage, withStoredGeo } from '../../db/repositories/brands.ts'
import type { PostsRepository } from '../../db/repositories/posts.ts'
import { changedFields } from '../../lib/audit.ts'
import { isSafeHref, isTrackedLink } from '../../lib/links.ts'
import { type BrandPage, type BrandWrite, brandWriteSchema, TRACKED_IMAGE_MESSAGE } from '../../lib/schemas.ts'
import { freeSlug } from '../../lib/slug.ts'
import { AppError, invalidInput, notFound } from '../errors.ts'
import { assertCurrentVersion, nextVersion } from '../editorial/edit-versions.ts'
import type { AuditService } from '../operations/audit.ts'
import { publishingOf } from '../editorial/publishing.ts'
import { isLive } from '../../lib/publishing.ts'
import { DUE_DAYS, offersDue, STALE_FACTS_DAYS, windowIssue } from '../../lib/offer-lifecycle.ts'
import type { RevisionsService } from '../editorial/revisions.ts'
import { toBrandPage } from './service.ts'
import { amountsWithoutCurrency } from '../../lib/offer-money.ts'
import { MAX_IMAGE_BYTES, type MediaService } from '../media/service.ts'

// `geo` (compliance: where the brand may be shown, lib/geo.ts) is additive to spec §7's form: a client
// that does not send it creates a brand shown everywhere, and on update keeps the stored rule
const JSON_FIELDS = ['type', 'position', 'customParams', 'promoTable', 'promoTables', 'timelines', 'highlights', 'sections', 'dealBox', 'geo'] as const
const TEXT_FIELDS = ['brandName', 'campaignType', 'tagline', 'offerHighlight', 'bonusOffer', 'bonusCondition'] as const
const FLAGS = ['enableClickId', 'enableGaid', 'enableUserAgent', 'enableCustomParams'] as const
/**
 * Text fields added after spec §7's form (compliance: significant terms). A client that does not send
 * one keeps working: a new brand gets '' and an update keeps the brand's current value, so an older
 * admin cannot wipe terms it does not know about.
 */
const ADDITIVE_TEXT_FIELDS = ['termsSummary', 'termsUrl', 'bannerAlt', 'validFrom', 'validUntil', 'offerCurrency'] as const
/** Issue 22's JSON fields (and issue 34's offers per market), additive the same way: absent keeps the brand's facts and review ('null' removes a review). */
const ADDITIVE_JSON_FIELDS = ['facts', 'review', 'marketOffers'] as const
type AdditiveField = (typeof ADDITIVE_TEXT_FIELDS)[number] | (typeof ADDITIVE_JSON_FIELDS)[number]
/** What a new brand gets for an additive field it was not sent. */
const ADDITIVE_DEFAULTS: Record<AdditiveField, unknown> = { termsSummary: '', termsUrl: '', bannerAlt: '', validFrom: null, validUntil: null, offerCurrency: '', facts: {}, review: null, marketOffers: [] }

/**
 * One image slot of the form: a new file, a CDN link ('' clears it), or neither (keep what is there).
 * The file's `type` is what the client declared for it (server/multipart.ts), never a guess from its name.
 */
export type ImageInput = { file?: File; cdnUrl?: string }
export type BrandForm = { fields: BrandWrite; logo: ImageInput; bannerImage: ImageInput; absent?: AdditiveField[] }

function flag(name: string, v: FormDataEntryValue | null): boolean {
  if (v === null) return false
  const s = String(v).trim().toLowerCase()
  if (['true', 'on', '1'].includes(s)) return true
  if (['false', 'off', '0', ''].includes(s)) return false
  throw new AppError('bad_request', `Invalid ${name}: use true or false`)
}

function imageInput(form: FormData, fileField: string, urlField: string): ImageInput {
  const file = form.get(fileField)
  const url = form.get(urlField)
  const out: ImageInput = {}
  if (file !== null && typeof file !== 'string' && file.size > 0) out.file = file
  else if (typeof file === 'string' && file !== '') throw new AppError('bad_request', `Invalid ${fileField}: send an image file`)
  if (typeof url === 'string') {
    const trimmed = url.trim()
    if (trimmed && !isSafeHref(trimmed)) throw new AppError('bad_request', `Invalid ${urlField}: use an http(s) URL or a path on this site`)
    if (trimmed && isTrackedLink(trimmed)) throw new AppError('bad_request', `Invalid ${urlField}: ${TRACKED_IMAGE_MESSAGE}`, [{ path: urlField, message: TRACKED_IMAGE_MESSAGE }])
    out.cdnUrl = trimmed
  }
  return out
}

/** The spec's multipart brand form (§7) → validated fields and image inputs. Throws 400s naming the field. */
export function parseBrandForm(form: FormData): BrandForm {
  const raw: Record<string, unknown> = {}
  const absent: AdditiveField[] = []
  for (const name of [...JSON_FIELDS, ...ADDITIVE_JSON_FIELDS]) {
    const v = form.get(name)
    if (v === null || v === '') {
      if ((ADDITIVE_JSON_FIELDS as readonly string[]).includes(name)) absent.push(name as AdditiveField)
      continue
    }
    if (typeof v !== 'string') throw new AppError('bad_request', `Invalid ${name}: expected JSON text`, [{ path: name, message: 'expected JSON text' }])
    try {
      raw[name] = JSON.parse(v)
    } catch {
      throw new AppError('bad_request', `Invalid ${name}: malformed JSON`, [{ path: name, message: 'malformed JSON' }])
    }
  }
  for (const name of TEXT_FIELDS) {
    const v = form.get(name)
    if (v !== null) raw[name] = String(v)
  }
  for (const name of ADDITIVE_TEXT_FIELDS) {
    const v = form.get(name)
    if (v === null) absent.push(name)
    else if (typeof v !== 'string') throw new AppError('bad_request', `Invalid ${name}: expected text`, [{ path: name, message: 'expected text' }])
    else raw[name] = v
  }
  // issue 13: draft / scheduled / published; absent keeps the brand's own (a new brand is published)
  for (const name of ['status', 'publishAt'] as const) {
    const v = form.get(name)
    if (v === null || (name === 'status' && v === '')) continue
    if (typeof v !== 'string') throw new AppError('bad_request', `Invalid ${name}: expected text`, [{ path: name, message: 'expected text' }])
    raw[name] = v
  }
  for (const name of FLAGS) raw[name] = flag(name, form.get(name))
  const rating = form.get('rating')
  if (rating !== null && String(rating).trim() !== '') {
    const n = Number(rating)
    if (!Number.isFinite(n)) throw new AppError('bad_request', 'Invalid rating: must be a number from 0 to 5')
    raw.rating = n
  } else raw.rating = null
  const parsed = brandWriteSchema.safeParse(raw)
  if (!parsed.success) {
    throw invalidInput(parsed.error, 'brand')
  }
  checkWindow(parsed.data)
  // an older client that sends no currency keeps the brand's (checked on create, where there is none to keep)
  const noCurrency = absent.includes('offerCurrency') ? null : amountsWithoutCurrency(parsed.data)
  if (noCurrency) throw new AppError('bad_request', `Invalid offerCurrency: ${noCurrency}`, [{ path: 'offerCurrency', message: noCurrency }])
  return { fields: parsed.data, logo: imageInput(form, 'logo', 'logoCdnUrl'), bannerImage: imageInput(form, 'bannerImage', 'bannerCdnUrl'), absent }
}

/** An offer that ends before it starts is refused, naming validUntil (and changes nothing). */
function checkWindow(w: { validFrom?: string | null; validUntil?: string | null }) {
  const problem = windowIssue(w)
  if (problem) throw new AppError('bad_request', `Invalid validUntil: ${problem}`, [{ path: 'validUntil', message: problem }])
}

/**
 * Brand page writes for the brand admin (spec §7). Files are checked before anything is written,
 * stored once, and removed again when nothing uses them; every write clears the render cache.
 */
export function createBrandAdminService(deps: {
  brands: BrandsRepository
  posts: PostsRepository
  media: MediaService
  /** where media items are used, anywhere (the media library's lookup) */
  usedBy: (ids: readonly string[]) => Promise<Map<string, unknown[]>>
  audit: AuditService
  revisions: RevisionsService
  now: () => Date
  onChange: () => void
}) {
  const { brands, media } = deps

  /** Removes the images nothing uses any more; answers the ids removed. */
  async function unusedMedia(ids: (string | undefined)[]) {
    // used anywhere (a post's text, an info page, another brand) is kept: not only as a logo, banner or lead image
    const uses = await deps.usedBy([...new Set(ids.filter(Boolean) as string[])])
    const removed: string[] = []
    for (const [id, where] of uses) if (!where.length && (await media.remove(id))) removed.push(id)
    return removed
  }

  /** Stores new files; answers the stored images and the ids of bytes this call added. */
  async function storeImages(form: BrandForm, existing?: BrandDoc) {
    const created: { id: string; contentType: string; size: number }[] = []
    const resolve = async (input: ImageInput, current: StoredImage | null | undefined, alt: string): Promise<StoredImage | null> => {
      if (input.file) {
        if (input.file.size > MAX_IMAGE_BYTES) throw new AppError('payload_too_large', 'Image is larger than 5 MB')
        const saved = await media.saveImage(new Uint8Array(await input.file.arrayBuffer()), { filename: input.file.name, alt, declaredType: input.file.type || undefined })
        if (saved.created) created.push(saved)
        return { mediaId: saved.id, contentType: saved.contentType, ...(input.cdnUrl ? { cdnUrl: input.cdnUrl } : {}) }
      }
      if (input.cdnUrl !== undefined) {
        if (!input.cdnUrl) return null // cleared
        return { ...(current?.mediaId ? { mediaId: current.mediaId, contentType: current.contentType } : {}), cdnUrl: input.cdnUrl }
      }
      return current ?? null // not sent: unchanged
    }
    try {
      const logo = await resolve(form.logo, existing?.logo, `${form.fields.brandName} logo`)
      const bannerImage = await resolve(form.bannerImage, existing?.bannerImage, `${form.fields.brandName} banner`)
      return { logo, bannerImage, created }
    } catch (err) {
      await unusedMedia(created.map((c) => c.id)) // the second file failed: drop the first rather than orphan it
      throw err
    }
  }

  /** Refuses a write based on another version than the stored brand's (server/editorial/edit-versions.ts). */
  const versionCheck = (base: string | undefined, stored: BrandDoc) =>
    assertCurrentVersion({ base, current: stored.updatedAt, name: `The brand page “${stored.brandName}”`, lastWrite: () => deps.audit.lastWrite(`brand:${stored._id}`) })

  /** Replaces a brand's fields (a scheduled time is removed unless scheduled), then audits and keeps a revision. */
  async function save(
    existing: BrandDoc,
    fields: Omit<BrandDoc, '_id' | 'createdAt'>,
    how: { action: string; revision: 'update' | 'restore'; restoredFrom?: string; created: { id: string; contentType: string; size: number }[] },
  ): Promise<BrandPage> {
    const id = existing._id
    // going live is when a brand page is published: it takes its place as the newest
    if (!isLive(existing) && isLive(fields)) (fields as { createdAt?: string }).createdAt = deps.now().toISOString()
    const remove = [...(fields.status === 'scheduled' ? [] : ['publishAt']), ...(fields.status === undefined ? ['status'] : [])]
    try {
      // written only over the version read: a save that landed meanwhile is refused, not overwritten
      if (!(await brands.replace(id, fields, remove, existing.updatedAt))) {
        const now = await brands.findById(id)
        if (!now) throw notFound('Brand not found')
        await versionCheck(existing.updatedAt, now)
        throw new AppError('edit_conflict', 'The brand page changed while it was being saved; reload it')
      }
    } catch (err) {
      await unusedMedia(how.created.map((c) => c.id))
      throw err
    }
    const replaced = await unusedMedia([existing.logo?.mediaId, existing.bannerImage?.mediaId]) // images this save replaced
    deps.onChange()
    await media.recordChanges({ created: how.created, removed: replaced })
    // geo not sent: the stored rule stays (brands.replace leaves undefined fields alone)
    const updated = withStoredGeo({ ...existing, ...fields, geo: fields.geo ?? existing.geo } as BrandDoc)
    for (const k of remove) delete updated[k]
    await deps.audit.record({ action: how.action, target: `brand:${id}`, changes: changedFields(existing, updated), ...(how.restoredFrom ? { note: `revision ${how.restoredFrom}` } : {}) })
    await deps.revisions.keep('brand', id, updated, how.revision, { restoredFrom: how.restoredFrom })
    return toBrandPage(updated)
  }

  return {
    /** GET /api/brands/static-offers-admin: every field the table and the form need. */
    async listAdmin(): Promise<BrandPage[]> {
      return (await brands.list()).map(toBrandPage)
    },

    /** Offers ending within `days`, ended ones and facts due a check (issue 22; lib/offer-lifecycle.ts). */
    async offersDue(days?: number) {
      return { days: days ?? DUE_DAYS.default, staleAfterDays: STALE_FACTS_DAYS, ...offersDue((await brands.list()).map(toBrandPage), deps.now(), days) }
    },

    /** One brand page of any status (the admin); 404 when there is none. */
    async get(id: string): Promise<BrandPage> {
      const doc = id.length <= 100 ? await brands.findById(id) : null
      if (!doc) throw notFound('Brand not found')
      return toBrandPage(doc)
    },

    async create(form: BrandForm): Promise<BrandPage> {
      const images = await storeImages(form)
      const at = deps.now().toISOString()
      try {
        const _id = await freeSlug(form.fields.brandName, async (id) => Boolean(await brands.findById(id)))
        const { status, publishAt, ...fields } = form.fields
        const defaults = Object.fromEntries((form.absent ?? []).map((k) => [k, ADDITIVE_DEFAULTS[k]]))
        const noCurrency = amountsWithoutCurrency({ ...fields, ...defaults })
        if (noCurrency) throw new AppError('bad_request', `Invalid offerCurrency: ${noCurrency}`, [{ path: 'offerCurrency', message: noCurrency }])
        const doc: BrandDoc = { ...fields, ...defaults, ...publishingOf({ status, publishAt }, null, deps.now()), _id, logo: images.logo, bannerImage: images.bannerImage, createdAt: at, updatedAt: at }
        await brands.insert(doc)
        deps.onChange()
        await media.recordChanges({ created: images.created })
        await deps.audit.record({ action: 'brand.create', target: `brand:${_id}`, changes: changedFields(null, doc) })
        await deps.revisions.keep('brand', _id, withStoredGeo(doc), 'create')
        return toBrandPage(withStoredGeo(doc))
      } catch (err) {
        await unusedMedia(images.created.map((c) => c.id))
        throw err
      }
    },

    /** `baseVersion`: the `updatedAt` the editor loaded (If-Match); a newer save is refused with 409, not overwritten. */
    async update(id: string, form: BrandForm, opts: { baseVersion?: string } = {}): Promise<BrandPage> {
      const existing = await brands.findById(id)
      if (!existing) throw notFound('Brand not found')
      await versionCheck(opts.baseVersion, existing)
      const { status, publishAt, ...sent } = form.fields
      const publishing = publishingOf({ status, publishAt }, existing, deps.now()) // before any file is stored: a bad time changes nothing
      const images = await storeImages(form, existing)
      const kept = Object.fromEntries((form.absent ?? []).map((k) => [k, existing[k] ?? ADDITIVE_DEFAULTS[k]]))
      checkWindow({ validFrom: sent.validFrom ?? (kept.validFrom as string | null), validUntil: sent.validUntil ?? (kept.validUntil as string | null) })
      const fields = { ...sent, ...kept, ...publishing, logo: images.logo, bannerImage: images.bannerImage, updatedAt: nextVersion(existing.updatedAt, deps.now()) }
      return save(existing, fields, { action: 'brand.update', revision: 'update', created: images.created })
    },

    /**
     * Brings back a revision's fields as a new save (itself a revision); the brand's publishing state
     * stays as it is now. Its images come back too: a revision keeps the images it uses in the library.
     */
    async restoreRevision(id: string, revisionId: string): Promise<BrandPage> {
      const existing = await brands.findById(id)
      if (!existing) throw notFound('Brand not found')
      const revision = await deps.revisions.get('brand', id, revisionId)
      const { _id: _i, createdAt: _c, updatedAt: _u, status: _s, publishAt: _p, mediaRefs: _m, live: _l, ...record } = revision.record as BrandDoc
      const fields = { ...record, geo: record.geo ?? { allow: [], deny: [] }, status: existing.status, publishAt: existing.publishAt, updatedAt: nextVersion(existing.updatedAt, deps.now()) } as Omit<BrandDoc, '_id' | 'createdAt'>
      return save(existing, fields, { action: 'brand.restore', revision: 'restore', restoredFrom: revisionId, created: [] })
    },

    async remove(id: string) {
      const existing = await brands.findById(id)
      if (!existing || !(await brands.remove(id))) throw notFound('Brand not found')
      await deps.revisions.removeAll('brand', id) // first: its revisions no longer keep its images
      const removed = await unusedMedia([existing.logo?.mediaId, existing.bannerImage?.mediaId])
      deps.onChange()
      await deps.audit.record({ action: 'brand.delete', target: `brand:${id}`, note: existing.brandName })
      await media.recordChanges({ removed })
    },
  }

}
export type BrandAdminService = ReturnType<typeof createBrandAdminService>
