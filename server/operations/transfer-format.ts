import * as z from 'zod'
import type { BrandDoc } from '../../db/repositories/brands.ts'
import type { MediaDoc } from '../../db/repositories/media.ts'
import type { RevisionDoc } from '../../db/repositories/revisions.ts'
import type { Author } from '../../lib/author-schemas.ts'
import { parseCsv } from '../../lib/csv.ts'
import type { Market } from '../../lib/markets.ts'
import type { Post } from '../../lib/schemas.ts'
import { AppError } from '../errors.ts'

/**
 * The export file (format `gamewise-export`): what it holds, how it is read (JSON, NDJSON, a CSV of
 * posts) and what a file given to `import` turns out to be. Dates travel as ISO strings: records that
 * keep a Date in the store (media) get it back on import, whatever their date fields are called.
 */

export const KINDS = ['posts', 'brands', 'authors', 'markets', 'all'] as const
export type Kind = (typeof KINDS)[number]
export const isKind = (v: string): v is Kind => (KINDS as readonly string[]).includes(v)

/** A record as the file holds it: every Date an ISO string. */
export type MediaRecord = Omit<MediaDoc, 'createdAt' | 'touchedAt'> & { createdAt: string; touchedAt?: string }
export type MarketRecord = Market & { _id: string }
export type RevisionRecord = Omit<RevisionDoc, 'mediaRefs'>
/**
 * Version 2 names its `kind` and adds markets and revisions; version 1 files (no kind, none of those)
 * read as before.
 */
export type ExportBundle = {
  format: 'gamewise-export'
  version: 2
  kind: Kind
  posts: Post[]
  brands: BrandDoc[]
  authors: Author[]
  markets: MarketRecord[]
  revisions: RevisionRecord[]
  media: MediaRecord[]
}
export type Problem = { record: string; field: string; message: string }
/** What an import reads: records by collection, unchecked (lists a caller leaves out are empty). */
export type ImportInput = { posts: unknown[]; brands: unknown[]; authors?: unknown[]; markets?: unknown[]; revisions?: unknown[]; media: unknown[]; csv?: boolean }
type Lists = Required<Omit<ImportInput, 'csv'>>
const LISTS = ['posts', 'brands', 'authors', 'markets', 'revisions', 'media'] as const
/** NDJSON's `kind` of a line → the list it joins. */
const LINE_KINDS: Record<string, keyof Lists> = { post: 'posts', brand: 'brands', author: 'authors', market: 'markets', revision: 'revisions', media: 'media' }

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

/** Every Date as its ISO string, at any depth (what an export file holds). */
export function datesToIso<T>(value: T): T {
  if (value instanceof Date) return value.toISOString() as T
  if (Array.isArray(value)) return value.map(datesToIso) as T
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, datesToIso(v)])) as T
  return value
}

const isoDate = z.union([z.date(), z.iso.datetime({ offset: true }).transform((s) => new Date(s))])
/**
 * A stored schema whose Date fields (required or optional) also take the ISO string an export writes.
 * Derived from the schema, so a date field added later round-trips too.
 */
export function acceptingIsoDates<S extends z.ZodObject>(schema: S) {
  const dates: Record<string, z.ZodType> = {}
  for (const [key, field] of Object.entries(schema.shape as Record<string, z.ZodType>)) {
    if (field instanceof z.ZodDate) dates[key] = isoDate
    else if (field instanceof z.ZodOptional && field.unwrap() instanceof z.ZodDate) dates[key] = isoDate.optional()
  }
  return schema.extend(dates)
}

/** A zod error as problems named by record and field. */
export function problems(record: string, err: z.ZodError): Problem[] {
  return err.issues.map((i) => ({ record, field: i.path.join('.') || '(record)', message: i.message }))
}

const NOUN: Record<Kind, string> = { posts: 'posts (with the author profiles they name)', brands: 'brand pages', authors: 'author profiles', markets: 'markets', all: 'all content' }
const cmd = (args: string) => `bun run cli -- ${args}`

/** The kind an export holds: its own word (version 2), or what its lists hold (version 1, NDJSON). */
function kindOf(lists: Lists): Kind {
  const has = (k: keyof Lists) => lists[k].length > 0
  if (has('posts')) return has('brands') || has('markets') ? 'all' : 'posts'
  if (has('brands')) return has('authors') || has('markets') ? 'all' : 'brands'
  if (has('markets')) return has('authors') ? 'all' : 'markets'
  return 'authors'
}

/** Refuses a file of another kind than asked for, saying what it is and the command that takes it. */
function checkKind(asked: Kind, held: Kind, name: string) {
  if (asked === 'all' || asked === held) return
  throw new AppError('bad_request', `${name} is an export of ${NOUN[held]}, not of ${NOUN[asked]}: import it with ${cmd(`import ${held} ${name}`)}`)
}

/** A JSON value that is no export: what it looks like, and which command takes it. */
function notAnExport(v: Record<string, unknown>, name: string): AppError {
  if (v.format === 'gamewise-backup')
    return new AppError('bad_request', `${name} is a backup (gamewise-backup, version ${String(v.version)}), not an export: restore it into an empty store with ${cmd(`restore ${name}`)}`)
  if (typeof v.key === 'string' && 'countries' in v) return new AppError('bad_request', `${name} is one market's settings, not an export: save it with ${cmd(`markets save ${name}`)}`)
  if (typeof v.format === 'string') return new AppError('bad_request', `${name} is a "${v.format}" file, not a GameWise export (format gamewise-export)`)
  return new AppError('bad_request', `${name} is not a GameWise export: expected an object with lists of posts, brands, authors, markets or media (as ${cmd('export …')} writes), a list of records, or one record`)
}

/** An export given to `restore`: what it is, and the import that takes it (null: not an export). */
export function exportGivenToRestore(v: unknown, name: string): string | null {
  if (!v || typeof v !== 'object' || (v as Record<string, unknown>).format !== 'gamewise-export') return null
  const r = v as Record<string, unknown>
  const lists = Object.fromEntries(LISTS.map((k) => [k, Array.isArray(r[k]) ? r[k] : []])) as Lists
  const kind = typeof r.kind === 'string' && isKind(r.kind) ? r.kind : kindOf(lists)
  return `${name} is an export of ${NOUN[kind]}, not a backup: import it with ${cmd(`import ${kind} ${name}`)}`
}

/** One hand-written record, or a list of them, for one kind: the kind's list. */
function recordsOf(asked: Kind, records: unknown[], name: string): Lists {
  if (asked === 'all') throw new AppError('bad_request', `${name} holds records without saying their kind: import them with ${cmd(`import posts|brands|authors|markets ${name}`)}`)
  const lists: Lists = { posts: [], brands: [], authors: [], markets: [], revisions: [], media: [] }
  lists[asked] = records
  return lists
}

/**
 * Reads a file given to `import <asked>`: an export bundle (JSON), NDJSON lines of `{kind, record}`, a CSV
 * of posts, or hand-written JSON (a list of records, or one record, of the kind asked for). A file of
 * another kind, a backup, or JSON that is none of these is refused with what it is. `name` is how
 * messages name the file.
 */
export function parseExport(text: string, format: 'json' | 'ndjson' | 'csv', asked: Kind = 'all', name = 'the file'): ImportInput {
  if (format === 'csv') {
    if (asked !== 'posts' && asked !== 'all') throw new AppError('bad_request', `A CSV file can only hold posts: use ${cmd(`import posts ${name}`)}`)
    let rows: string[][]
    try {
      rows = parseCsv(text)
    } catch (err) {
      throw new AppError('bad_request', `Malformed CSV: ${(err as Error).message}`)
    }
    const [header, ...body] = rows
    const cols = (header ?? []).map((h) => h.trim().toLowerCase())
    if (!cols.includes('title')) throw new AppError('bad_request', 'Malformed CSV: the first line must name the columns, including title')
    return { csv: true, brands: [], authors: [], markets: [], revisions: [], media: [], posts: body.map((cells) => Object.fromEntries(cols.map((c, i) => [c, cells[i] ?? '']))) }
  }
  if (format === 'ndjson') {
    const lists: Lists = { posts: [], brands: [], authors: [], markets: [], revisions: [], media: [] }
    text.split('\n').forEach((line, n) => {
      if (!line.trim()) return
      let parsed: { kind?: string; record?: unknown }
      try {
        parsed = JSON.parse(line)
      } catch {
        throw new AppError('bad_request', `Malformed NDJSON on line ${n + 1}`)
      }
      const list = typeof parsed?.kind === 'string' && Object.hasOwn(LINE_KINDS, parsed.kind) ? lists[LINE_KINDS[parsed.kind]] : null
      if (!list) throw new AppError('bad_request', `Line ${n + 1}: kind must be post, brand, author, market, revision or media`)
      list.push(parsed.record)
    })
    if (LISTS.some((k) => lists[k].length)) checkKind(asked, kindOf(lists), name)
    return lists
  }
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch (err) {
    throw new AppError('bad_request', `Malformed JSON: ${(err as Error).message}`)
  }
  if (Array.isArray(parsed)) return recordsOf(asked, parsed, name)
  if (!parsed || typeof parsed !== 'object') throw notAnExport({}, name)
  const v = parsed as Record<string, unknown>
  const bundleKeys = LISTS.filter((k) => k in v)
  if (v.format !== undefined && v.format !== 'gamewise-export') throw notAnExport(v, name)
  if (!bundleKeys.length) {
    if (v.format === 'gamewise-export') return { posts: [], brands: [], authors: [], markets: [], revisions: [], media: [] }
    if (asked !== 'all' && !('key' in v && asked !== 'markets')) return recordsOf(asked, [v], name) // one hand-written record
    throw notAnExport(v, name)
  }
  const lists = Object.fromEntries(
    LISTS.map((key) => {
      const list = v[key] ?? []
      if (!Array.isArray(list)) throw new AppError('bad_request', `Malformed export: ${key} must be a list of records`)
      return [key, list]
    }),
  ) as Lists
  checkKind(asked, typeof v.kind === 'string' && (KINDS as readonly string[]).includes(v.kind) ? (v.kind as Kind) : kindOf(lists), name)
  return lists
}

/** NDJSON: a line per record, images first, so a reader can stream it in order. */
export function toNdjson(bundle: ExportBundle): string {
  const lines = [
    ...bundle.media.map((record) => ({ kind: 'media', record })),
    ...bundle.markets.map((record) => ({ kind: 'market', record })),
    ...bundle.authors.map((record) => ({ kind: 'author', record })),
    ...bundle.posts.map((record) => ({ kind: 'post', record })),
    ...bundle.brands.map((record) => ({ kind: 'brand', record })),
    ...bundle.revisions.map((record) => ({ kind: 'revision', record })),
  ]
  return lines.map((l) => JSON.stringify(l)).join('\n') + (lines.length ? '\n' : '')
}
