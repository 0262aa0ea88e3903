import { createHash } from 'node:crypto'
import type { AuthorsRepository } from '../../db/repositories/authors.ts'
import type { BrandsRepository } from '../../db/repositories/brands.ts'
import type { InfoPagesRepository } from '../../db/repositories/info-pages.ts'
import { type MediaKey, type MediaMeta, type MediaRepository, mediaIdSchema } from '../../db/repositories/media.ts'
import type { PostsRepository } from '../../db/repositories/posts.ts'
import type { RevisionsRepository } from '../../db/repositories/revisions.ts'
import type { SiteSettingsRepository } from '../../db/repositories/site-settings.ts'
import { type MediaUse, mediaRefsOf } from '../../lib/media-refs.ts'
export type { MediaUse }
import { hasVariants, originalMediaId, variantMediaId } from '../../lib/images.ts'
import { AppError, badRequest, notFound } from '../errors.ts'
import { displayedSize, makeRenditions, type Renditions } from './renditions.ts'
import type { AuditService } from '../operations/audit.ts'

export { MAX_IMAGE_BYTES } from '../../lib/media-limits.ts'
import { MAX_IMAGE_BYTES } from '../../lib/media-limits.ts'

/** The image type the bytes themselves say, or null. SVG is refused: it can carry script. */
export function sniffImageType(b: Uint8Array): string | null {
  const at = (i: number, s: string) => [...s].every((ch, k) => b[i + k] === ch.charCodeAt(0))
  if (b.length >= 8 && b[0] === 0x89 && at(1, 'PNG') && b[4] === 0x0d && b[5] === 0x0a) return 'image/png'
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg'
  if (b.length >= 6 && (at(0, 'GIF87a') || at(0, 'GIF89a'))) return 'image/gif'
  if (b.length >= 12 && at(0, 'RIFF') && at(8, 'WEBP')) return 'image/webp'
  if (b.length >= 12 && at(4, 'ftyp') && (at(8, 'avif') || at(8, 'avis'))) return 'image/avif'
  return null
}

/**
 * A client's declared type, comparable with a sniffed one: lower-case, without parameters, image/jpg
 * read as image/jpeg. Nothing (or application/octet-stream, what clients send for "unknown") declares nothing.
 */
export function declaredImageType(type: string | undefined): string | undefined {
  const t = type?.split(';')[0].trim().toLowerCase()
  if (!t || t === 'application/octet-stream') return undefined
  return t === 'image/jpg' || t === 'image/pjpeg' ? 'image/jpeg' : t
}

const EXT: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/avif': 'avif',
}

const sameSize = (a: { width: number; height: number }, b: { width: number; height: number }) => a.width === b.width && a.height === b.height

export function createMediaService(deps: { media: MediaRepository; audit: AuditService; now: () => Date }) {
  return {
    /**
     * Checks the bytes and size, stores them once, and answers the URL pages should use. The type is the
     * bytes' own; a type the client declared only refuses a mismatch (a file name is never consulted).
     */
    async saveImage(bytes: Uint8Array, info: { filename?: string; alt?: string; declaredType?: string; renditions?: Renditions } = {}) {
      if (bytes.byteLength > MAX_IMAGE_BYTES) throw new AppError('payload_too_large', 'Image is larger than 5 MB')
      const contentType = sniffImageType(bytes)
      if (!contentType) throw new AppError('unsupported_media_type', 'Only PNG, JPEG, GIF, WebP or AVIF images are accepted')
      const declared = declaredImageType(info.declaredType)
      if (declared && declared !== contentType)
        throw new AppError('unsupported_media_type', `The image says it is ${declared}, but its bytes are ${contentType}`)
      const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 32)
      // decoded before anything is written: unreadable bytes or a decompression bomb store nothing.
      // Renditions the caller already made of these bytes (the demo seed's cache) are used when the
      // image's header agrees with their size.
      const given = info.renditions
      const { width, height, variants } =
        given && hasVariants(EXT[contentType]) && sameSize(await displayedSize(bytes), given) ? given : await makeRenditions(bytes, EXT[contentType])
      const id = originalMediaId(hash, width, height, EXT[contentType])
      const createdAt = deps.now()
      const refs = variants.map((v) => ({ id: variantMediaId(hash, width, height, v.width, v.ext), width: v.width, height: v.height, contentType: v.contentType }))
      // renditions first: an original on record always has its renditions (an interrupted upload leaves
      // only unreferenced renditions, which the same upload again completes)
      for (const [i, v] of variants.entries())
        await deps.media.put({
          _id: refs[i].id,
          contentType: v.contentType,
          size: v.bytes.byteLength,
          data: Buffer.from(v.bytes).toString('base64'),
          filename: refs[i].id,
          alt: '',
          createdAt,
          width: v.width,
          height: v.height,
          variantOf: id,
        })
      const { created } = await deps.media.put({
        _id: id,
        contentType,
        size: bytes.byteLength,
        data: Buffer.from(bytes).toString('base64'),
        filename: info.filename ?? id,
        alt: info.alt ?? '',
        createdAt,
        width,
        height,
        variants: refs,
      })
      return { id, url: `/media/${id}`, contentType, size: bytes.byteLength, created }
    },

    /** Removes an image with its whole file set (variants); the caller has checked that nothing uses it any more. */
    async remove(id: string) {
      return (await deps.media.removeItem(id)) > 0
    },

    /**
     * The audit entries for images a save stored or dropped, once that save has landed (a refused save
     * removes what it stored and records nothing). Bytes already stored are not a new item.
     */
    async recordChanges(changes: { created?: readonly { id: string; contentType: string; size: number }[]; removed?: readonly string[] }) {
      for (const m of changes.created ?? []) await deps.audit.record({ action: 'media.create', target: `media:${m.id}`, changes: [{ field: 'contentType', to: m.contentType }, { field: 'size', to: m.size }] })
      for (const id of changes.removed ?? []) await deps.audit.record({ action: 'media.delete', target: `media:${id}`, note: 'no longer used after a save' })
    },

    async getOrThrow(id: string) {
      const doc = mediaIdSchema.safeParse(id).success ? await deps.media.findById(id) : null
      if (!doc) throw notFound('Media not found')
      return { bytes: Buffer.from(doc.data, 'base64'), contentType: doc.contentType }
    },
  }
}
export type MediaService = ReturnType<typeof createMediaService>

// ---------- the media library (admin: /admin/media, GET/DELETE /api/media, `cli media prune`) ----------

/** Where an item is used. */
export type MediaItem = Omit<MediaMeta, 'variantOf' | 'touchedAt'> & { url: string; files: number; usedBy: MediaUse[] }

export const MEDIA_PAGE_DEFAULT = 40
export const MEDIA_PAGE_MAX = 100
/** A prune leaves items alone that were uploaded (or asked for again) this recently: the post or brand using them may still be being saved. */
export const PRUNE_GRACE_MS = 10 * 60 * 1000
/** At most this many "used by" entries per item and kind (an image on every post of a large archive). */
const USES_SHOWN = 20

const encodeCursor = (k: MediaKey) => Buffer.from(JSON.stringify([k.createdAt.toISOString(), k._id])).toString('base64url')
function decodeCursor(cursor: string): MediaKey {
  try {
    const [at, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'))
    const createdAt = new Date(at)
    if (typeof at === 'string' && typeof id === 'string' && id.length <= 100 && !Number.isNaN(createdAt.getTime())) return { createdAt, _id: id }
  } catch {
    // answered below
  }
  throw badRequest('Invalid cursor: use the nextCursor of a previous answer')
}

/**
 * The library's reads and its deletes. Usage comes from the posts' and brands' list-indexed
 * `mediaRefs` (one indexed query per page of items, whatever the archive's size) and from the info
 * pages, site settings and author profiles, which are a handful of documents read whole.
 */
export function createMediaLibraryService(deps: {
  media: MediaRepository
  posts: PostsRepository
  brands: BrandsRepository
  revisions: RevisionsRepository
  infoPages: InfoPagesRepository
  siteSettings: SiteSettingsRepository
  /** author profiles (their photos): a handful, read whole like the info pages */
  authors: Pick<AuthorsRepository, 'list'>
  audit: AuditService
  now: () => Date
}) {
  const { media } = deps

  /** Where each item is used: a use of any file of its set (a variant's own URL) counts for the item. */
  async function usedBy(items: readonly string[]): Promise<Map<string, MediaUse[]>> {
    const uses = new Map<string, MediaUse[]>(items.map((id) => [id, []]))
    const owner = new Map<string, string>(items.map((id) => [id, id]))
    for (const v of await media.variantsOf(items)) owner.set(v._id, v.variantOf)
    const ids = [...owner.keys()]
    const add = (refs: readonly string[], use: MediaUse) => {
      for (const ref of new Set(refs.map((r) => owner.get(r)).filter((r): r is string => Boolean(r)))) {
        const list = uses.get(ref)
        if (list && list.filter((u) => u.kind === use.kind).length < USES_SHOWN) list.push(use)
      }
    }
    if (!ids.length) return uses
    const limit = ids.length * USES_SHOWN
    for (const p of await deps.posts.usingMedia(ids, limit)) add(p.mediaRefs, { kind: 'post', id: p._id, title: p.title })
    for (const b of await deps.brands.usingMediaIds(ids, limit)) add(b.mediaRefs, { kind: 'brand', id: b._id, title: b.brandName })
    // a kept revision keeps its images (a restore brings them back); listed only where the item itself no longer uses them
    for (const r of await deps.revisions.usingMedia(ids, limit)) {
      const refs = r.mediaRefs.filter((ref) => !uses.get(owner.get(ref) ?? '')?.some((u) => (u.kind === r.kind && u.id === r.itemId) || (u.kind === 'revision' && u.id === r.item)))
      add(refs, { kind: 'revision', id: r.item, title: r.title })
    }
    for (const page of await deps.infoPages.list()) add(mediaRefsOf(page), { kind: 'info-page', id: page._id, title: page.title })
    for (const setting of await deps.siteSettings.all()) add(mediaRefsOf(setting), { kind: 'site-setting', id: setting._id, title: setting._id })
    for (const author of await deps.authors.list()) add(mediaRefsOf(author), { kind: 'author', id: author.slug, title: author.name })
    return uses
  }

  async function withUsage(items: MediaMeta[]): Promise<MediaItem[]> {
    const uses = await usedBy(items.map((i) => i._id))
    return Promise.all(
      items.map(async ({ variantOf: _v, touchedAt: _t, ...item }) => {
        const set = await media.setSize(item._id)
        return { ...item, size: set.bytes || item.size, files: set.files || 1, url: `/media/${item._id}`, usedBy: uses.get(item._id) ?? [] }
      }),
    )
  }

  const service = {
    usedBy,

    /**
     * A page of the library, newest first, each item with where it is used. `unused` keeps only items
     * nothing uses, reading on through the library until the page is full (at most 20 pages' worth per call;
     * the cursor then continues where the reading stopped, even if the page is short).
     */
    async list(opts: { cursor?: string; limit?: number; unused?: boolean } = {}) {
      const limit = Math.min(Math.max(opts.limit ?? MEDIA_PAGE_DEFAULT, 1), MEDIA_PAGE_MAX)
      let after = opts.cursor ? decodeCursor(opts.cursor) : undefined
      const items: MediaItem[] = []
      for (let reads = 0; reads < (opts.unused ? 20 : 1); reads++) {
        const rows = await media.page({ after, limit: limit - items.length + 1 })
        const more = rows.length > limit - items.length
        const page = await withUsage(rows.slice(0, limit - items.length))
        items.push(...(opts.unused ? page.filter((i) => !i.usedBy.length) : page))
        const last = page[page.length - 1]
        after = last ? { createdAt: last.createdAt, _id: last._id } : after
        if (!more) return { items, nextCursor: null }
        if (items.length >= limit) break
      }
      return { items, nextCursor: after ? encodeCursor(after) : null }
    },

    /** Deletes an item and its whole file set; 409 while anything uses it. */
    async remove(id: string) {
      const meta = mediaIdSchema.safeParse(id).success ? await metaOf(id) : null
      if (!meta || meta.variantOf) throw notFound('Media not found')
      const [item] = await withUsage([meta])
      if (item.usedBy.length) {
        const where = item.usedBy.slice(0, 3).map((u) => `${u.kind.replace('-', ' ')} "${u.title}"`).join(', ')
        throw new AppError('conflict', `This image is still used by ${where}${item.usedBy.length > 3 ? ' and more' : ''}: remove it there first`)
      }
      const files = await media.removeItem(id)
      await deps.audit.record({ action: 'media.delete', target: `media:${id}`, changes: [{ field: 'files', from: files, to: 0 }] })
      return { ok: true as const, id, files }
    },

    /**
     * Removes every item nothing uses (with its variants) and every variant whose original is gone.
     * Items uploaded or reused within PRUNE_GRACE_MS are kept: a save may be about to use them.
     */
    async prune(opts: { dryRun?: boolean } = {}) {
      const cutoff = deps.now().getTime() - PRUNE_GRACE_MS
      const removed: { id: string; size: number; files: number; reason: 'unused' | 'orphan-variant' }[] = []
      let kept = 0
      let recent = 0
      let after: MediaKey | undefined
      for (;;) {
        const rows = await media.page({ after, limit: 200 })
        if (!rows.length) break
        const uses = await usedBy(rows.map((r) => r._id))
        for (const row of rows) {
          if (uses.get(row._id)?.length) kept++
          else if (Math.max(row.createdAt.getTime(), row.touchedAt?.getTime() ?? 0) > cutoff) recent++
          else {
            const set = await media.setSize(row._id)
            removed.push({ id: row._id, size: set.bytes, files: set.files, reason: 'unused' })
          }
        }
        const last = rows[rows.length - 1]
        after = { createdAt: last.createdAt, _id: last._id }
      }
      for (const v of await media.orphanVariants()) removed.push({ id: v._id, size: v.size, files: 1, reason: 'orphan-variant' })
      if (!opts.dryRun) {
        for (const r of removed) await media.removeItem(r.id)
        if (removed.length) await deps.audit.record({ action: 'media.prune', target: 'media', note: `${removed.length} removed: ${removed.slice(0, 20).map((r) => r.id).join(', ')}${removed.length > 20 ? ', …' : ''}` })
      }
      return { dryRun: Boolean(opts.dryRun), removed, kept, recent, bytes: removed.reduce((n, r) => n + r.size, 0) }
    },
  }

  async function metaOf(id: string): Promise<MediaMeta | null> {
    const doc = await media.findById(id)
    if (!doc) return null
    const { data: _bytes, ...meta } = doc
    return meta
  }
  return service
}
export type MediaLibraryService = ReturnType<typeof createMediaLibraryService>
