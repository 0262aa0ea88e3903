import type { AuditService } from './audit.ts'
import * as z from 'zod'
import { op } from '../../db/batch.ts'
import type { BatchOp, Store } from '../../db/port.ts'
import { type BrandDoc, type BrandsRepository, storedBrandSchema, withStoredGeo } from '../../db/repositories/brands.ts'
import { type MediaDoc, type MediaRepository, storedMediaSchema } from '../../db/repositories/media.ts'
import { type PostsRepository, storedPostSchema } from '../../db/repositories/posts.ts'
import type { AuthorsRepository } from '../../db/repositories/authors.ts'
import { type Author, storedAuthorSchema } from '../../lib/author-schemas.ts'
import { parseCsv } from '../../lib/csv.ts'
import { type Post, postInputSchema, postTypeSchema } from '../../lib/schemas.ts'
import { freeSlug } from '../../lib/slug.ts'
import { AppError } from '../errors.ts'
import { sniffImageType } from '../media/service.ts'
import { mediaIdFromUrl } from '../../lib/images.ts'

/**
 * Moving content in and out (the content-ops CLI). Records are validated with the same schemas as
 * the API before anything is written, and each import lands through one store batch: all or nothing
 * on SQLite (one transaction) and on a MongoDB replica set; on a standalone MongoDB each record is
 * written whole, in order.
 */

export type Kind = 'posts' | 'brands' | 'authors' | 'all'
export type MediaRecord = Omit<MediaDoc, 'createdAt'> & { createdAt: string }
/** `authors` (issue 22) is additive: a file written before profiles has none, and reads as before. */
export type ExportBundle = { format: 'gamewise-export'; version: 1; posts: Post[]; brands: BrandDoc[]; authors: Author[]; media: MediaRecord[] }
export type OnConflict = 'skip' | 'overwrite' | 'fail'
export type Problem = { record: string; field: string; message: string }
export type ImportReport = { created: string[]; updated: string[]; skipped: string[]; invalid: Problem[]; written: boolean }

// exports keep media dates as ISO strings (format gamewise-export, version 1)
const importMediaSchema = storedMediaSchema.extend({ createdAt: z.iso.datetime({ offset: true }) })

/** Keys sorted at every level: the same content always serialises to the same bytes, whatever order it was stored in. */
export function canonical<T>(value: T): T {
  if (Array.isArray(value)) return value.map(canonical) as T
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, canonical((value as Record<string, unknown>)[k])]),
    ) as T
  }
  return value
}

const byId = <T extends { _id: string }>(a: T, b: T) => (a._id < b._id ? -1 : a._id > b._id ? 1 : 0)
const mediaIdOf = (url: string) => mediaIdFromUrl(url) ?? undefined

/** A zod error as problems named by record and field. */
export function problems(record: string, err: z.ZodError): Problem[] {
  return err.issues.map((i) => ({ record, field: i.path.join('.') || '(record)', message: i.message }))
}

/** What an import reads: records by collection, unchecked (`authors` absent in a caller older than profiles). */
export type ImportInput = { posts: unknown[]; brands: unknown[]; authors?: unknown[]; media: unknown[]; csv?: boolean }

/** Reads an export file's text: a JSON bundle, NDJSON lines of {kind, record}, or (posts only) CSV. */
export function parseExport(text: string, format: 'json' | 'ndjson' | 'csv'): { posts: unknown[]; brands: unknown[]; authors: unknown[]; media: unknown[]; csv?: boolean } {
  if (format === 'csv') {
    let rows: string[][]
    try {
      rows = parseCsv(text)
    } catch (err) {
      throw new AppError('bad_request', `Malformed CSV: ${(err as Error).message}`)
    }
    const [header, ...body] = rows
    const cols = (header ?? []).map((h) => h.trim().toLowerCase())
    if (!cols.includes('title')) throw new AppError('bad_request', 'Malformed CSV: the first line must name the columns, including title')
    return {
      csv: true,
      brands: [],
      authors: [],
      media: [],
      posts: body.map((cells) => Object.fromEntries(cols.map((c, i) => [c, cells[i] ?? '']))),
    }
  }
  if (format === 'ndjson') {
    const out = { posts: [] as unknown[], brands: [] as unknown[], authors: [] as unknown[], media: [] as unknown[] }
    text.split('\n').forEach((line, n) => {
      if (!line.trim()) return
      let parsed: { kind?: string; record?: unknown }
      try {
        parsed = JSON.parse(line)
      } catch {
        throw new AppError('bad_request', `Malformed NDJSON on line ${n + 1}`)
      }
      const lists: Record<string, unknown[]> = { post: out.posts, brand: out.brands, author: out.authors, media: out.media }
      const list = typeof parsed.kind === 'string' && Object.hasOwn(lists, parsed.kind) ? lists[parsed.kind] : null
      if (!list) throw new AppError('bad_request', `Line ${n + 1}: kind must be post, brand, author or media`)
      list.push(parsed.record)
    })
    return out
  }
  let parsed: Partial<ExportBundle>
  try {
    parsed = JSON.parse(text)
  } catch (err) {
    throw new AppError('bad_request', `Malformed JSON: ${(err as Error).message}`)
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new AppError('bad_request', 'Malformed export: expected an object with posts, brands, authors and media')
  const list = (key: 'posts' | 'brands' | 'authors' | 'media') => {
    const v = parsed[key] ?? []
    if (!Array.isArray(v)) throw new AppError('bad_request', `Malformed export: ${key} must be a list of records`)
    return v as unknown[]
  }
  return { posts: list('posts'), brands: list('brands'), authors: list('authors'), media: list('media') }
}

export function toNdjson(bundle: ExportBundle): string {
  const lines = [
    ...bundle.media.map((record) => ({ kind: 'media', record })),
    ...bundle.authors.map((record) => ({ kind: 'author', record })),
    ...bundle.posts.map((record) => ({ kind: 'post', record })),
    ...bundle.brands.map((record) => ({ kind: 'brand', record })),
  ]
  return lines.map((l) => JSON.stringify(l)).join('\n') + (lines.length ? '\n' : '')
}

export function createTransferService(deps: {
  store: Store
  posts: PostsRepository
  brands: BrandsRepository
  authors: Pick<AuthorsRepository, 'list' | 'findById' | 'findBySlug' | 'insertOp'>
  media: MediaRepository
  audit: AuditService
  now: () => Date
  onChange: () => void
}) {
  const { store } = deps

  async function mediaRecords(ids: Set<string>): Promise<MediaRecord[]> {
    const out: MediaRecord[] = []
    for (const id of [...ids].sort()) {
      const m = await deps.media.findById(id)
      if (!m) continue
      out.push({ ...m, createdAt: new Date(m.createdAt).toISOString() })
      // an original travels with its renditions (the pages' srcset names them)
      for (const ref of m.variants ?? []) {
        const v = await deps.media.findById(ref.id)
        if (v) out.push({ ...v, createdAt: new Date(v.createdAt).toISOString() })
      }
    }
    return out
  }

  async function allPosts(): Promise<Post[]> {
    const types = postTypeSchema.options
    return (await Promise.all(types.map((t) => deps.posts.listByType(t)))).flat().sort(byId)
  }

  const service = {
    /**
     * Every post, brand and/or author profile with the media they use (as base64), sorted: the same store
     * exports the same bytes. Posts travel with the profiles they name, so a posts file imports whole.
     */
    async export(kind: Kind): Promise<ExportBundle> {
      const posts = kind === 'brands' || kind === 'authors' ? [] : await allPosts()
      const brands = kind === 'posts' || kind === 'authors' ? [] : ((await deps.brands.list()) as BrandDoc[]).sort(byId)
      const named = new Set(posts.flatMap((p) => [p.authorId, p.reviewerId]).filter((id): id is string => Boolean(id)))
      const authors = kind === 'brands' ? [] : (await deps.authors.list()).filter((a) => kind !== 'posts' || named.has(a._id)).sort(byId)
      const ids = new Set<string>()
      for (const p of posts) {
        const id = mediaIdOf(p.image)
        if (id) ids.add(id)
      }
      for (const b of brands) for (const img of [b.logo, b.bannerImage]) if (img?.mediaId) ids.add(img.mediaId)
      for (const a of authors) {
        const id = mediaIdOf(a.photo)
        if (id) ids.add(id)
      }
      return { format: 'gamewise-export', version: 1, posts: canonical(posts), brands: canonical(brands), authors: canonical(authors), media: canonical(await mediaRecords(ids)) }
    },

    async import(kind: Kind, raw: ImportInput, opts: { dryRun?: boolean; onConflict?: OnConflict; skipInvalid?: boolean } = {}): Promise<ImportReport> {
      const onConflict = opts.onConflict ?? 'fail'
      const report: ImportReport = { created: [], updated: [], skipped: [], invalid: [], written: false }
      if (kind === 'posts' && raw.brands.length) report.invalid.push({ record: 'brands[0]', field: '(record)', message: 'a brand record in a posts import' })
      if ((kind === 'brands' || kind === 'authors') && raw.posts.length) report.invalid.push({ record: 'posts[0]', field: '(record)', message: `a post record in a ${kind} import` })
      if (kind === 'authors' && raw.brands.length) report.invalid.push({ record: 'brands[0]', field: '(record)', message: 'a brand record in an authors import' })
      // a posts file carries the profiles its posts name (export), so only a brands import refuses them
      if (kind === 'brands' && raw.authors?.length) report.invalid.push({ record: 'authors[0]', field: '(record)', message: 'an author record in a brands import' })

      const at = deps.now().toISOString()
      const posts: Post[] = []
      const postNames: string[] = [] // each valid post's name in the file, for problems found later
      raw.posts.forEach((rec, i) => {
        const name = raw.csv ? `row ${i + 2}` : `posts[${i}]`
        if (raw.csv) {
          const row = rec as Record<string, string>
          const parsed = postInputSchema.safeParse({
            title: row.title,
            description: row.description || undefined,
            tag: row.tag || undefined,
            image: row.image || undefined,
            position: row.position?.trim() ? Number(row.position) : undefined,
            type: row.type?.trim() || 'article',
          })
          if (!parsed.success) report.invalid.push(...problems(name, parsed.error))
          else {
            posts.push({ ...parsed.data, _id: '', createdAt: at, updatedAt: at } as Post)
            postNames.push(name)
          }
          return
        }
        const parsed = storedPostSchema.safeParse(rec)
        if (!parsed.success) report.invalid.push(...problems(name, parsed.error))
        else {
          posts.push(parsed.data as Post)
          postNames.push(name)
        }
      })
      const brands: BrandDoc[] = []
      raw.brands.forEach((rec, i) => {
        const parsed = storedBrandSchema.safeParse(rec)
        if (!parsed.success) report.invalid.push(...problems(`brands[${i}]`, parsed.error))
        else brands.push(withStoredGeo(parsed.data as BrandDoc)) // "everywhere" is stored as no geo
      })
      const authors: Author[] = []
      const slugs = new Map<string, string>()
      for (const [i, rec] of (raw.authors ?? []).entries()) {
        const parsed = storedAuthorSchema.safeParse(rec)
        if (!parsed.success) {
          report.invalid.push(...problems(`authors[${i}]`, parsed.error))
          continue
        }
        const a = parsed.data
        // one address per profile: another in this file, or another profile in the store, holding the slug
        const holder = slugs.get(a.slug) ?? (await deps.authors.findBySlug(a.slug))?._id
        if (holder && holder !== a._id) report.invalid.push({ record: `authors[${i}]`, field: 'slug', message: `"${a.slug}" is the address of another author (${holder})` })
        else {
          slugs.set(a.slug, a._id)
          authors.push(a)
        }
      }
      // a post names profiles that exist: in this file or in the store
      const importedAuthors = new Set(authors.map((a) => a._id))
      const knownAuthor = async (id: string) => importedAuthors.has(id) || Boolean(await deps.authors.findById(id))
      for (let i = posts.length - 1; i >= 0; i--) {
        let known = true
        for (const field of ['authorId', 'reviewerId'] as const) {
          const id = posts[i][field]
          if (id && !(await knownAuthor(id))) {
            report.invalid.push({ record: postNames[i], field, message: `no author profile ${id} in this file or the store` })
            known = false
          }
        }
        if (!known) posts.splice(i, 1) // never written, also with --skip-invalid
      }
      const media: MediaDoc[] = []
      raw.media.forEach((rec, i) => {
        const parsed = importMediaSchema.safeParse(rec)
        if (!parsed.success) return report.invalid.push(...problems(`media[${i}]`, parsed.error))
        const bytes = Buffer.from(parsed.data.data, 'base64')
        const type = sniffImageType(bytes)
        if (!type || type !== parsed.data.contentType) return report.invalid.push({ record: `media[${i}]`, field: 'data', message: 'the bytes are not the image the record says' })
        media.push({ ...parsed.data, createdAt: new Date(parsed.data.createdAt) })
      })
      if (report.invalid.length && !opts.skipInvalid) return report

      const ops: BatchOp[] = []
      for (const m of media) if (!(await deps.media.findById(m._id))) ops.push(op.insert('media', m))
      const plan = async <T extends { _id: string }>(collection: string, items: T[], exists: (id: string) => Promise<boolean>, label: string, insertOp: (item: T) => BatchOp) => {
        for (const item of items) {
          if (!(await exists(item._id))) {
            ops.push(insertOp(item))
            report.created.push(`${label} ${item._id}`)
          } else if (onConflict === 'skip') report.skipped.push(`${label} ${item._id}`)
          else if (onConflict === 'overwrite') {
            ops.push(op.delete(collection, { _id: item._id }), insertOp(item))
            report.updated.push(`${label} ${item._id}`)
          } else throw new AppError('conflict', `${label} ${item._id} already exists; use --on-conflict skip or overwrite`)
        }
      }
      if (raw.csv) {
        const taken = new Set<string>()
        for (const p of posts) {
          p._id = await freeSlug(p.title, async (id) => taken.has(id) || Boolean(await deps.posts.findById(id)))
          taken.add(p._id)
        }
      }
      await plan('posts', posts, async (id) => Boolean(await deps.posts.findById(id)), 'post', deps.posts.insertOp) // with the fields lists read
      await plan('brands', brands, async (id) => Boolean(await deps.brands.findById(id)), 'brand', deps.brands.insertOp)
      // in the same batch as the posts naming them: all land or none do
      await plan('authors', authors, async (id) => Boolean(await deps.authors.findById(id)), 'author', deps.authors.insertOp)
      if (opts.dryRun || ops.length === 0) return report
      await store.batch(ops)
      report.written = true
      deps.onChange()
      // one entry per import, naming what it wrote (the first ids; the counts always)
      const names = [...report.created, ...report.updated]
      await deps.audit.record({
        action: 'import.run',
        target: kind,
        note: `created ${report.created.length}, updated ${report.updated.length}, skipped ${report.skipped.length}${names.length ? `: ${names.slice(0, 20).join(', ')}${names.length > 20 ? ', …' : ''}` : ''}`,
      })
      return report
    },
  }
  return service
}
export type TransferService = ReturnType<typeof createTransferService>
