import type { AuditService } from './audit.ts'
import { op } from '../../db/batch.ts'
import type { BatchOp, Store } from '../../db/port.ts'
import type { AuthorsRepository } from '../../db/repositories/authors.ts'
import type { BrandDoc, BrandsRepository } from '../../db/repositories/brands.ts'
import type { MarketsRepository } from '../../db/repositories/markets.ts'
import type { MediaDoc, MediaRepository } from '../../db/repositories/media.ts'
import type { PostsRepository } from '../../db/repositories/posts.ts'
import { itemKey, type RevisionsRepository } from '../../db/repositories/revisions.ts'
import { mediaRefsOf } from '../../lib/media-refs.ts'
import { type Post, postTypeSchema } from '../../lib/schemas.ts'
import { AppError } from '../errors.ts'
import { checkImport } from './transfer-check.ts'
import { canonical, datesToIso, type ExportBundle, type ImportInput, type Kind, type MarketRecord, type MediaRecord, type Problem, type RevisionRecord } from './transfer-format.ts'

export { canonical, type ExportBundle, type ImportInput, type Kind, type MediaRecord, parseExport, type Problem, problems, toNdjson } from './transfer-format.ts'

/**
 * Moving content in and out (the content-ops CLI). An export holds the records of its kind with every
 * image they (and their revisions) use, as base64: one self-contained file, lossless (export → import
 * into an empty store → export gives the same bytes). An import checks every record with the API's
 * rules before anything is written, and lands through one store batch: all or nothing on SQLite (one
 * transaction) and on a MongoDB replica set; on a standalone MongoDB each record is written whole, in order.
 */

export type OnConflict = 'skip' | 'overwrite' | 'fail'
export type ImportReport = { created: string[]; updated: string[]; skipped: string[]; invalid: Problem[]; written: boolean }

const byId = <T extends { _id: string }>(a: T, b: T) => (a._id < b._id ? -1 : a._id > b._id ? 1 : 0)

export function createTransferService(deps: {
  store: Store
  posts: PostsRepository
  brands: BrandsRepository
  authors: Pick<AuthorsRepository, 'list' | 'findById' | 'findBySlug' | 'insertOp'>
  markets: Pick<MarketsRepository, 'list' | 'find' | 'insertOp'>
  revisions: Pick<RevisionsRepository, 'ofItems' | 'findById' | 'insertOp'>
  media: MediaRepository
  audit: AuditService
  newId: () => string
  now: () => Date
  onChange: () => void
  /** after markets are written: the markets service reads them again */
  marketsChanged: () => Promise<void>
}) {
  const { store } = deps

  /** The media items with these ids, each original with every rendition of it (the pages' srcset names them). */
  async function mediaRecords(ids: Set<string>): Promise<MediaRecord[]> {
    const found = new Map<string, MediaDoc>()
    const add = async (id: string) => {
      if (found.has(id)) return
      const m = await deps.media.findById(id)
      if (!m) return
      found.set(id, m)
      if (m.variantOf) await add(m.variantOf) // a rendition named alone: its original and siblings travel too
      for (const ref of m.variants ?? []) await add(ref.id)
    }
    for (const id of [...ids].sort()) await add(id)
    return datesToIso([...found.values()].sort(byId)) as unknown as MediaRecord[]
  }

  async function allPosts(): Promise<Post[]> {
    const types = postTypeSchema.options
    return (await Promise.all(types.map((t) => deps.posts.listByType(t)))).flat().sort(byId)
  }

  const service = {
    /**
     * The records of `kind`, each list sorted by id with keys sorted (the same store exports the same
     * bytes), with the revisions of its posts and brands and every image any of them uses. Posts travel
     * with the profiles they name, so a posts file imports whole.
     */
    async export(kind: Kind): Promise<ExportBundle> {
      const has = (k: Kind) => kind === k || kind === 'all'
      const posts = has('posts') ? await allPosts() : []
      const brands = has('brands') ? ((await deps.brands.list()) as BrandDoc[]).sort(byId) : []
      const named = new Set(posts.flatMap((p) => [p.authorId, p.reviewerId]).filter((id): id is string => Boolean(id)))
      const authors = kind === 'all' || kind === 'authors' || kind === 'posts' ? (await deps.authors.list()).filter((a) => kind !== 'posts' || named.has(a._id)).sort(byId) : []
      const markets: MarketRecord[] = has('markets') ? (await deps.markets.list()).map((m) => ({ ...m, _id: m.key })).sort(byId) : []
      const items = [...posts.map((p) => itemKey('post', p._id)), ...brands.map((b) => itemKey('brand', b._id))]
      const revisions: RevisionRecord[] = (await deps.revisions.ofItems(items)).map(({ mediaRefs: _derived, ...r }) => r)
      const ids = new Set([...posts, ...brands, ...authors, ...revisions.map((r) => r.record)].flatMap((r) => mediaRefsOf(r)))
      const bundle = { posts, brands, authors, markets, revisions, media: await mediaRecords(ids) }
      return { format: 'gamewise-export', version: 2, kind, ...canonical(datesToIso(bundle)) }
    },

    async import(kind: Kind, raw: ImportInput, opts: { dryRun?: boolean; onConflict?: OnConflict; skipInvalid?: boolean } = {}): Promise<ImportReport> {
      const onConflict = opts.onConflict ?? 'fail'
      const report: ImportReport = { created: [], updated: [], skipped: [], invalid: [], written: false }
      // a file of another kind names its records here when a caller skipped parseExport's check
      const stray = (list: keyof ImportInput, allowed: Kind[], label: string) => {
        const records = raw[list]
        if (kind !== 'all' && !allowed.includes(kind) && Array.isArray(records) && records.length)
          report.invalid.push({ record: `${list}[0]`, field: '(record)', message: `${label} record in a ${kind} import` })
      }
      stray('posts', ['posts'], 'a post')
      stray('brands', ['brands'], 'a brand')
      stray('authors', ['authors', 'posts'], 'an author') // a posts file carries the profiles its posts name
      stray('markets', ['markets'], 'a market')

      const checked = await checkImport(
        raw,
        {
          postExists: async (id) => Boolean(await deps.posts.findById(id)),
          brandExists: async (id) => Boolean(await deps.brands.findById(id)),
          authorExists: async (id) => Boolean(await deps.authors.findById(id)),
          authorBySlug: async (slug) => (await deps.authors.findBySlug(slug))?._id,
          newId: deps.newId,
        },
        deps.now().toISOString(),
      )
      report.invalid.push(...checked.invalid)
      if (report.invalid.length && !opts.skipInvalid) return report

      const ops: BatchOp[] = []
      for (const m of checked.media) if (!(await deps.media.findById(m._id))) ops.push(op.insert('media', m))
      const plan = async <T>(collection: string, items: T[], idOf: (item: T) => string, exists: (id: string) => Promise<boolean>, label: string, insertOp: (item: T) => BatchOp) => {
        for (const item of items) {
          const id = idOf(item)
          if (!(await exists(id))) {
            ops.push(insertOp(item))
            report.created.push(`${label} ${id}`)
          } else if (onConflict === 'skip') report.skipped.push(`${label} ${id}`)
          else if (onConflict === 'overwrite') {
            ops.push(op.delete(collection, { _id: id }), insertOp(item))
            report.updated.push(`${label} ${id}`)
          } else throw new AppError('conflict', `${label} ${id} already exists; use --on-conflict skip or overwrite`)
        }
      }
      const _id = (r: { _id: string }) => r._id
      await plan('posts', checked.posts, _id, async (id) => Boolean(await deps.posts.findById(id)), 'post', deps.posts.insertOp) // with the fields lists read
      await plan('brands', checked.brands, _id, async (id) => Boolean(await deps.brands.findById(id)), 'brand', deps.brands.insertOp)
      // in the same batch as the posts naming them: all land or none do
      await plan('authors', checked.authors, _id, async (id) => Boolean(await deps.authors.findById(id)), 'author', deps.authors.insertOp)
      await plan('markets', checked.markets, (m) => m.key, async (key) => Boolean(await deps.markets.find(key)), 'market', deps.markets.insertOp)
      // a revision never changes: one already kept is the same one
      for (const r of checked.revisions) {
        if (await deps.revisions.findById(r._id)) continue
        ops.push(deps.revisions.insertOp(r))
        report.created.push(`revision ${r._id}`)
      }
      if (opts.dryRun || ops.length === 0) return report
      await store.batch(ops)
      report.written = true
      if (checked.markets.length) await deps.marketsChanged()
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
