import * as z from 'zod'
import { type BrandDoc, storedBrandSchema, withStoredGeo } from '../../db/repositories/brands.ts'
import { type MediaDoc, storedMediaSchema } from '../../db/repositories/media.ts'
import { storedPostSchema } from '../../db/repositories/posts.ts'
import { revisionSchema } from '../../db/repositories/revisions.ts'
import { type Author, storedAuthorSchema } from '../../lib/author-schemas.ts'
import { isAuthorSlug } from '../../lib/authors.ts'
import { marketInputSchema } from '../../lib/market-schema.ts'
import type { Market } from '../../lib/markets.ts'
import { type Post, postInputSchema } from '../../lib/schemas.ts'
import { freeSlug, slugify } from '../../lib/slug.ts'
import { sniffImageType } from '../media/service.ts'
import { acceptingIsoDates, type ImportInput, type Problem, problems, type RevisionRecord } from './transfer-format.ts'

/**
 * Every record of an import checked before anything is written, with the API's rules. A record a person
 * wrote by hand needs only what a person would write: a post its title (and content), a brand its
 * fields, an author a name, a market its settings; a missing id is made as the admin makes one (a slug
 * of the title or name, free in the file and the store) and missing times are the import's.
 */

export type Checked = { posts: Post[]; brands: BrandDoc[]; authors: Author[]; markets: Market[]; revisions: RevisionRecord[]; media: MediaDoc[]; invalid: Problem[] }

/** What the check asks of the store: whether an id or a slug is taken. */
export type CheckDeps = {
  postExists: (id: string) => Promise<boolean>
  brandExists: (id: string) => Promise<boolean>
  authorExists: (id: string) => Promise<boolean>
  authorBySlug: (slug: string) => Promise<string | undefined>
  newId: () => string
}

const importMediaSchema = acceptingIsoDates(storedMediaSchema) as unknown as z.ZodType<MediaDoc>
const importMarketSchema = marketInputSchema.extend({ _id: z.string().optional(), createdAt: z.iso.datetime({ offset: true }).optional(), updatedAt: z.iso.datetime({ offset: true }).optional() })
const isRecord = (v: unknown): v is Record<string, unknown> => Boolean(v) && typeof v === 'object' && !Array.isArray(v)

/** A hand-written record with the import's times where it has none (a record of another shape is left to the schema to refuse). */
const withTimes = (rec: unknown, at: string) => (isRecord(rec) ? { createdAt: at, updatedAt: at, ...rec } : rec)

export async function checkImport(raw: ImportInput, deps: CheckDeps, at: string): Promise<Checked> {
  const invalid: Problem[] = []
  const out: Checked = { posts: [], brands: [], authors: [], markets: [], revisions: [], media: [], invalid }
  const takenPosts = new Set<string>()
  const takenBrands = new Set<string>()

  // posts: a CSV row, a record from an export, or a hand-written one (no id or times: made here)
  const postNames: string[] = []
  for (const [i, rec] of raw.posts.entries()) {
    const name = raw.csv ? `row ${i + 2}` : `posts[${i}]`
    let parsed
    if (raw.csv) {
      const row = rec as Record<string, string>
      parsed = postInputSchema.safeParse({
        title: row.title,
        description: row.description || undefined,
        tag: row.tag || undefined,
        image: row.image || undefined,
        position: row.position?.trim() ? Number(row.position) : undefined,
        type: row.type?.trim() || 'article',
      })
    } else {
      const fill = isRecord(rec) ? { type: 'article', ...(withTimes(rec, at) as object), _id: rec._id ?? '_' } : rec
      parsed = storedPostSchema.safeParse(fill)
    }
    if (!parsed.success) {
      invalid.push(...problems(name, parsed.error))
      continue
    }
    const post = (raw.csv ? { ...parsed.data, _id: '', createdAt: at, updatedAt: at } : parsed.data) as Post
    if (raw.csv || !(rec as Record<string, unknown>)._id) post._id = await freeSlug(post.title, async (id) => takenPosts.has(id) || (await deps.postExists(id)))
    takenPosts.add(post._id)
    out.posts.push(post)
    postNames.push(name)
  }

  for (const [i, rec] of raw.brands.entries()) {
    // no images unless named, as the admin's form saves a brand without them
    const fill = isRecord(rec) ? { logo: null, bannerImage: null, ...(withTimes(rec, at) as object), _id: rec._id ?? '_' } : rec
    const parsed = storedBrandSchema.safeParse(fill)
    if (!parsed.success) {
      invalid.push(...problems(`brands[${i}]`, parsed.error))
      continue
    }
    const brand = withStoredGeo(parsed.data as BrandDoc) // "everywhere" is stored as no geo
    if (!(rec as Record<string, unknown>)._id) brand._id = await freeSlug(brand.brandName, async (id) => takenBrands.has(id) || (await deps.brandExists(id)))
    takenBrands.add(brand._id)
    out.brands.push(brand)
  }

  const slugs = new Map<string, string>()
  for (const [i, rec] of (raw.authors ?? []).entries()) {
    const name = `authors[${i}]`
    const given = isRecord(rec) ? rec : {}
    const slug = typeof given.slug === 'string' ? given.slug : slugify(String(given.name ?? '')).slice(0, 60).replace(/-+$/, '')
    const parsed = storedAuthorSchema.safeParse(isRecord(rec) ? { ...(withTimes(rec, at) as object), _id: rec._id ?? deps.newId(), slug } : rec)
    if (!parsed.success) {
      invalid.push(...problems(name, parsed.error))
      continue
    }
    const a = parsed.data
    if (!isAuthorSlug(a.slug)) {
      invalid.push({ record: name, field: 'slug', message: 'cannot be made from this name: give one, e.g. maya-chen' })
      continue
    }
    // one address per profile: another in this file, or another profile in the store, holding the slug
    const holder = slugs.get(a.slug) ?? (await deps.authorBySlug(a.slug))
    if (holder && holder !== a._id) invalid.push({ record: name, field: 'slug', message: `"${a.slug}" is the address of another author (${holder})` })
    else {
      slugs.set(a.slug, a._id)
      out.authors.push(a)
    }
  }

  // a post names profiles that exist: in this file or in the store; one that does not is never written,
  // also with --skip-invalid
  const importedAuthors = new Set(out.authors.map((a) => a._id))
  const knownAuthor = async (id: string) => importedAuthors.has(id) || (await deps.authorExists(id))
  for (let i = out.posts.length - 1; i >= 0; i--) {
    let known = true
    for (const field of ['authorId', 'reviewerId'] as const) {
      const id = out.posts[i][field]
      if (id && !(await knownAuthor(id))) {
        invalid.push({ record: postNames[i], field, message: `no author profile ${id} in this file or the store` })
        known = false
      }
    }
    if (!known) out.posts.splice(i, 1)
  }

  for (const [i, rec] of (raw.markets ?? []).entries()) {
    const parsed = importMarketSchema.safeParse(rec)
    if (!parsed.success) {
      invalid.push(...problems(`markets[${i}]`, parsed.error))
      continue
    }
    const { _id: _key, createdAt, updatedAt, ...market } = parsed.data
    out.markets.push({ ...market, createdAt: createdAt ?? at, updatedAt: updatedAt ?? at })
  }

  for (const [i, rec] of (raw.revisions ?? []).entries()) {
    const parsed = revisionSchema.safeParse(rec)
    if (!parsed.success) invalid.push(...problems(`revisions[${i}]`, parsed.error))
    else {
      const { mediaRefs: _derived, ...revision } = parsed.data
      out.revisions.push(revision)
    }
  }

  for (const [i, rec] of raw.media.entries()) {
    const parsed = importMediaSchema.safeParse(rec)
    if (!parsed.success) {
      invalid.push(...problems(`media[${i}]`, parsed.error))
      continue
    }
    const type = sniffImageType(Buffer.from(parsed.data.data, 'base64'))
    if (!type || type !== parsed.data.contentType) invalid.push({ record: `media[${i}]`, field: 'data', message: 'the bytes are not the image the record says' })
    else out.media.push(parsed.data)
  }
  return out
}
