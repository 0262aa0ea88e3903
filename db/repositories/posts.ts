import * as z from 'zod'
import { idSchema, type Post, type PostType, postInputSchema, readablePostTypes } from '../../lib/schemas.ts'
import { mediaRefsOf } from '../../lib/media-refs.ts'
import { isLive } from '../../lib/publishing.ts'
import { slugify } from '../../lib/slug.ts'
import { normalizeTags, tagSlugsOf, tagsOf } from '../../lib/tags.ts'
import { op } from '../batch.ts'
import { backfill, defineCollection, ensureCollection } from '../collections.ts'
import type { BatchOp, Filter, Store, TextRanking } from '../port.ts'
import type { Registry } from '../registry.ts'
import { publishDue } from './publishing.ts'

/**
 * What the store keeps beside a post, derived from it on every write so lists can be read from an
 * index in order: `rank` (its position, or last), `live` (published: lib/publishing.ts; every public
 * read asks for it), `listed` (live and readable at /article/:id, so in archives, sitemaps, feeds and
 * search), `tagSlug` (its first tag's archive), `tagSlugs` (every tag's archive, list-indexed: a tag
 * archive lists each post holding it) and `mediaRefs` (the media library items it
 * uses, lib/media-refs.ts, list-indexed: the media library's "used by"), and `derived` (which version of
 * these rules wrote them: start-up recomputes older posts from an index, not a scan). Never part of a post as answered.
 */
type Derived = { rank: number; live: boolean; listed: boolean; tagSlug: string; tagSlugs: string[]; mediaRefs: string[]; marketKey: string; derived: number }
/** Bump when a derived field is added or its rule changes: older posts are recomputed once at start. */
const DERIVED_VERSION = 5
type PostDoc = Post & Derived & Record<string, unknown>

const NO_POSITION = 1_000_000_000
const rankOf = (p: Pick<Post, 'position'>) => p.position ?? NO_POSITION

/** Editorial order: explicit position first (ascending), then newest first; the id breaks ties. */
export const EDITORIAL_ORDER = { rank: 1, createdAt: -1, _id: 1 } as const
/** Where a post stands in editorial order: a page continues after the last post of the one before. */
export type PostKey = { rank: number; createdAt: string; _id: string }
/** Newest first by publication (feeds): editorial order would keep positioned posts on top forever. */
export const NEWEST_FIRST = { createdAt: -1, _id: 1 } as const
/** What a feed shows of a post. */
export type FeedEntry = Pick<Post, '_id' | 'title' | 'description' | 'tag' | 'createdAt' | 'updatedAt'>
export const keyOf = (p: Post): PostKey => ({ rank: rankOf(p), createdAt: p.createdAt, _id: p._id })

export function toPostDoc(post: Post): PostDoc {
  const live = isLive(post)
  // every stored post has its list (an older post's `tag` becomes a one-tag list), and `tag` is its first
  const tags = normalizeTags(tagsOf(post))
  const tagged = { ...post, tags, tag: tags[0] ?? '' }
  return {
    ...tagged,
    rank: rankOf(post),
    live,
    listed: live && (readablePostTypes as readonly string[]).includes(post.type),
    tagSlug: slugify(tagged.tag),
    tagSlugs: tagSlugsOf(tagged),
    mediaRefs: mediaRefsOf(post),
    // issue 23: the market it is listed in, '*' for every market (PostQuery.marketKeys)
    marketKey: post.market || ANY_MARKET,
    derived: DERIVED_VERSION,
  } as PostDoc
}
function fromDoc(doc: PostDoc | null): Post | null {
  if (!doc) return null
  const { rank: _r, live: _v, listed: _l, tagSlug: _t, tagSlugs: _ts, mediaRefs: _m, marketKey: _mk, derived: _d, ...post } = doc
  // a post saved before author profiles has none: answered as null, like one whose profiles were cleared
  return { ...post, authorId: post.authorId ?? null, reviewerId: post.reviewerId ?? null, market: post.market ?? null, translationOf: post.translationOf ?? null } as Post
}
const fromDocs = (docs: PostDoc[]) => docs.map((d) => fromDoc(d)!)

const iso = z.iso.datetime({ offset: true })
/** A post as stored: the API's rules plus its id and times. Checks imported and restored posts. */
export const storedPostSchema = postInputSchema.extend({ _id: idSchema, publishAt: iso.transform((v) => new Date(v).toISOString()).optional() /* compared as text by the scheduler: one form */, createdAt: iso, updatedAt: iso })

/** Which posts a list holds. */
export type PostQuery = {
  type?: PostType
  /** published only (every public read; the admin's lists leave it out to see drafts and scheduled posts) */
  live?: true
  /** live and readable as an article (article, featured, bottom article) */
  listed?: true
  /** holding this tag (any of its tags, not only the first) */
  tagSlug?: string
  /** holding any of these tags (related articles) */
  anyTagSlug?: readonly string[]
  /** written by this author profile (its page, issue 22) */
  authorId?: string
  /** case-insensitive "contains" on the title (the admin's filter, spec §2) */
  titleContains?: string
  notId?: string
  /** only these posts (the 404 page's most read articles; not with `notId`) */
  ids?: readonly string[]
  /** issue 23: listed in one of these markets ('*': written for every market); absent: any */
  marketKeys?: readonly string[]
}
/** A member of a translation group: where it lives, and whether visitors can read it. */
export type TranslationMember = { _id: string; market: string | null; translationOf: string | null; listed: boolean }
/** A post's marketKey when it is written for every market. */
export const ANY_MARKET = '*'

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

function where(q: PostQuery): Filter {
  return {
    ...(q.type ? { type: q.type } : {}),
    ...(q.live ? { live: true } : {}),
    ...(q.listed ? { listed: true } : {}),
    ...(q.tagSlug !== undefined ? { tagSlugs: q.tagSlug } : {}),
    ...(q.anyTagSlug?.length ? { tagSlugs: { $in: [...q.anyTagSlug] } } : {}),
    ...(q.authorId !== undefined ? { authorId: q.authorId } : {}),
    ...(q.titleContains ? { title: { $regex: escapeRegex(q.titleContains), $options: 'i' } } : {}),
    ...(q.notId ? { _id: { $ne: q.notId } } : {}),
    ...(q.ids ? { _id: { $in: [...q.ids] } } : {}),
    ...(q.marketKeys ? { marketKey: q.marketKeys.length === 1 ? q.marketKeys[0] : { $in: [...q.marketKeys] } } : {}),
  }
}

/** The posts after `k` in editorial order. */
function after(k: PostKey): Filter {
  return {
    $or: [{ rank: { $gt: k.rank } }, { rank: k.rank, createdAt: { $lt: k.createdAt } }, { rank: k.rank, createdAt: k.createdAt, _id: { $gt: k._id } }],
  }
}

/** The text site search reads, with its weights: a title match outranks a body match. */
export const POST_TEXT_INDEX = {
  fields: {
    title: 10,
    'tags[]': 3,
    description: 4,
    'content.summary[].title': 2,
    'content.summary[].text': 1,
    'content.body[].headline': 2,
    'content.body[].content': 1,
    'content.body[].subsections[].subheading': 1,
    'content.body[].subsections[].content': 1,
  },
}

const POSTS = defineCollection({
  name: 'posts',
  backup: 'data',
  // a restored post gets its derived fields back, whatever the backup held
  schema: storedPostSchema.transform((p) => toPostDoc(p as Post)),
  indexes: [
    { fields: { type: 1, rank: 1, createdAt: -1, _id: 1 } },
    // the public home reads published posts of a type in editorial order
    { fields: { live: 1, type: 1, rank: 1, createdAt: -1, _id: 1 } },
    // the scheduler's due posts
    { fields: { status: 1, publishAt: 1 } },
    { fields: { listed: 1, rank: 1, createdAt: -1, _id: 1 } },
    { fields: { listed: 1, tagSlug: 1, rank: 1, createdAt: -1, _id: 1 } },
    { fields: { listed: 1, _id: 1 } },
    // feeds read the newest listed posts, of all or of one tag, in this index's order
    { fields: { listed: 1, createdAt: -1, _id: 1 } },
    { fields: { listed: 1, tagSlug: 1, createdAt: -1, _id: 1 } },
    { fields: { title: 1 } },
    { fields: { image: 1 } },
  ],
  textIndex: POST_TEXT_INDEX,
  // after the text index: declared before it, these fields would change its keys and rebuild it on every existing store
  indexesAfterText: [
    { fields: { derived: 1 } },
    // author pages: a page of an author's articles in editorial order and its lastmod, read from an index
    // like the tag archives; an author's posts of any status (a profile in use is not deleted) from the same
    // index's first field, and a reviewer's from its own
    { fields: { authorId: 1, listed: 1, rank: 1, createdAt: -1, _id: 1 } },
    { fields: { authorId: 1, listed: 1, createdAt: -1, _id: 1 } },
    { fields: { reviewerId: 1 } },
    // a market's lists (only when some post is written for one market) and translation groups
    { fields: { listed: 1, marketKey: 1, rank: 1, createdAt: -1, _id: 1 } },
    { fields: { translationOf: 1 } },
  ],
  // the media library's "used by", tag archives (every tag of a post) and the editors' tag suggestions
  listIndexes: ['mediaRefs', 'tagSlugs', 'tags'],
})

export function createPostsRepository(store: Store, registry: Registry) {
  registry.add(POSTS)
  const posts = store.collection<PostDoc>(POSTS.name)

  const repo = {
    async init() {
      await ensureCollection(store, POSTS)
      await repo.backfill()
    },
    /** Posts written before the derived fields existed, or by older rules, get them (once, in batches; found from an index). */
    async backfill() {
      const stale = async () => [...(await posts.find({ derived: null }, { limit: 1_000 })), ...(await posts.find({ derived: { $lt: DERIVED_VERSION } }, { limit: 1_000 }))]
      await backfill(store, stale, (d) => op.update('posts', { _id: d._id }, { $set: toPostDoc(fromDoc(d)!) }))
    },
    /** One page of a list in editorial order, continuing after `after` (or skipping `skip`). */
    async page(q: PostQuery, opts: { after?: PostKey; limit: number; skip?: number }): Promise<Post[]> {
      const filter = opts.after ? { $and: [where(q), after(opts.after)] } : where(q)
      return fromDocs(await posts.find(filter, { sort: EDITORIAL_ORDER, limit: opts.limit, skip: opts.skip }))
    },
    /** The first published post of a type in editorial order (the hero, the featured article); of any status for the admin. */
    async first(type: PostType, opts: { anyStatus?: boolean } = {}): Promise<Post | null> {
      return (await repo.page(opts.anyStatus ? { type } : { type, live: true }, { limit: 1 }))[0] ?? null
    },
    count(q: PostQuery = {}) {
      return posts.count(where(q))
    },
    /** Whether any post is written for one market only (issue 23): until one is, lists need no market condition. */
    async anyMarketPost(): Promise<boolean> {
      return (await posts.find({ marketKey: { $ne: ANY_MARKET } }, { limit: 1, projection: ['_id'] })).length > 0
    },
    /** A translation group (issue 23): the original and every post that translates it, published or not. */
    async translationGroup(rootId: string): Promise<TranslationMember[]> {
      const docs = (await posts.find({ $or: [{ _id: rootId }, { translationOf: rootId }] }, { projection: ['market', 'translationOf', 'listed'] })) as (PostDoc & { listed: boolean })[]
      return docs.map((d) => ({ _id: d._id, market: d.market ?? null, translationOf: d.translationOf ?? null, listed: d.listed === true }))
    },
    /** The tag archives that exist among listed posts, sorted (from the list index's side table). */
    async tagSlugs(): Promise<string[]> {
      return (await posts.distinct('tagSlugs', { listed: true })) as string[]
    },
    /** A tag's name as editors wrote it, from one of its posts. */
    async tagName(tagSlug: string): Promise<string | null> {
      const [post] = await posts.find({ listed: true, tagSlugs: tagSlug }, { limit: 1, projection: ['tag', 'tags'] })
      return post ? (tagsOf(post).find((t) => slugify(t) === tagSlug) ?? null) : null
    },
    /** Every tag any post holds (drafts too: the editors' suggestions), one spelling per archive, sorted. */
    async allTags(): Promise<string[]> {
      return normalizeTags((await posts.distinct('tags')) as string[]).sort((a, b) => a.localeCompare(b))
    },
    /** Ids and change times of listed posts in id order: what a sitemap needs of each, and nothing more. */
    sitemapEntries(opts: { skip: number; limit: number; marketKeys?: readonly string[] }) {
      return posts.find(where({ listed: true, marketKeys: opts.marketKeys }), { sort: { _id: 1 }, skip: opts.skip, limit: opts.limit, projection: ['updatedAt', 'createdAt'] }) as Promise<Pick<Post, '_id' | 'updatedAt' | 'createdAt'>[]>
    },
    /** The newest listed posts (of one tag, or one author, when given), with only what a feed shows of each. */
    latest(q: { tagSlug?: string; authorId?: string; marketKeys?: readonly string[] }, limit: number) {
      return posts.find(where({ listed: true, tagSlug: q.tagSlug, authorId: q.authorId, marketKeys: q.marketKeys }), { sort: NEWEST_FIRST, limit, projection: ['title', 'description', 'tag', 'createdAt', 'updatedAt'] }) as Promise<FeedEntry[]>
    },
    /** A results page in one pass: the newest `window` listed posts holding every term (but common ones, with `commonCutoff`), ranked as `ranking` chooses; `matched` counts up to window + 1. */
    async searchPage(terms: readonly string[], opts: { window: number; limit: number; skip?: number; marketKeys?: readonly string[]; ranking?: Partial<TextRanking>; commonCutoff?: number }) {
      const { marketKeys, ...page } = opts
      const { hits, matched } = await posts.textPage(terms, { filter: where({ listed: true, marketKeys }), ...page })
      return { hits: hits.map((h) => ({ post: fromDoc(h.doc)!, score: h.score })), matched }
    },
    /** How many listed posts hold every term, counting no further than `limit` ("Did you mean": does a spelling find anything?). */
    searchCount(terms: readonly string[], limit: number, marketKeys?: readonly string[], commonCutoff?: number) {
      return posts.textCount(terms, where({ listed: true, marketKeys }), { limit, commonCutoff })
    },
    /** The tags of listed posts, one spelling per archive (search's lexicon). */
    async listedTags(): Promise<string[]> {
      return normalizeTags((await posts.distinct('tags', { listed: true })) as string[])
    },
    /** The tags of listed posts, each with the market keys of the posts holding it (search's tags per market). */
    async listedTagsByMarket(): Promise<{ name: string; marketKeys: string[] }[]> {
      const keys = (await posts.distinct('marketKey', { listed: true })) as string[]
      const byTag = new Map<string, Set<string>>()
      for (const key of keys) {
        for (const tag of normalizeTags((await posts.distinct('tags', { listed: true, marketKey: key })) as string[])) (byTag.get(tag) ?? byTag.set(tag, new Set()).get(tag)!).add(key)
      }
      return [...byTag].map(([name, marketKeys]) => ({ name, marketKeys: [...marketKeys] }))
    },
    /** The newest listed posts' ids, titles and market keys, newest first (search's lexicon: suggestions and spellings). */
    recentTitles(limit: number) {
      return posts.find({ listed: true }, { sort: NEWEST_FIRST, limit, projection: ['title', 'marketKey'] }) as Promise<{ _id: string; title: string; marketKey?: string }[]>
    },
    /** Every post of a type (exports and the content-ops CLI; the site reads pages). */
    async listByType(type: PostType) {
      return fromDocs(await posts.find({ type }, { sort: EDITORIAL_ORDER }))
    },
    async findById(id: string) {
      return fromDoc(await posts.findOne({ _id: id }))
    },
    /** A post of one of `types`; only a published one unless `anyStatus` (an editor's preview). */
    async findByIdAmong(id: string, types: readonly PostType[], opts: { anyStatus?: boolean } = {}) {
      return fromDoc(await posts.findOne({ _id: id, type: { $in: [...types] }, ...(opts.anyStatus ? {} : { live: true }) }))
    },
    /** Publishes the scheduled posts whose time has come, each once across processes (./publishing.ts). */
    async publishDue(now: Date): Promise<Post[]> {
      const published = await publishDue(posts, now, (doc) => {
        const { live, listed } = toPostDoc({ ...fromDoc(doc)!, status: 'published' })
        return { live, listed }
      })
      return fromDocs(published)
    },
    async insert(post: Post) {
      await posts.insertOne(toPostDoc(post))
      return post
    },
    /** The write that puts a post in a batch (imports): with its derived fields, like every other. */
    insertOp(post: Post): BatchOp {
      return op.insert('posts', toPostDoc(post))
    },
    /**
     * Sets `fields`; `unset` names fields to remove (an optional field the editor cleared). With
     * `ifUpdatedAt`, only while the stored post still has that version (false otherwise).
     */
    async update(id: string, fields: Partial<Omit<Post, '_id'>>, unset: (keyof Post)[] = [], ifUpdatedAt?: string) {
      const existing = await repo.findById(id)
      if (!existing || (ifUpdatedAt !== undefined && existing.updatedAt !== ifUpdatedAt)) return false
      const next = { ...existing, ...fields } as Post
      for (const k of unset) delete next[k]
      const { rank, live, listed, tag, tags, tagSlug, tagSlugs, mediaRefs, derived } = toPostDoc(next)
      const $unset = Object.fromEntries(unset.map((k) => [k, ''])) as Record<string, ''>
      const filter = ifUpdatedAt === undefined ? { _id: id } : { _id: id, updatedAt: ifUpdatedAt }
      return (await posts.updateOne(filter, { $set: { ...fields, tag, tags, rank, live, listed, tagSlug, tagSlugs, mediaRefs, derived }, ...(unset.length ? { $unset } : {}) })).matched > 0
    },
    async remove(id: string) {
      return (await posts.deleteOne({ _id: id })) > 0
    },
    /** The write that removes a post in a batch (a rename moves it to another id). */
    removeOp(id: string): BatchOp {
      return op.delete('posts', { _id: id })
    },
    /** How many posts of any status name a profile as author and as reviewer (two indexed counts). */
    async authorUsage(authorId: string) {
      const [authored, reviewed] = await Promise.all([posts.count({ authorId }), posts.count({ reviewerId: authorId })])
      return { authored, reviewed }
    },
    /** A few posts naming a profile as author or reviewer: what a refused delete names. */
    async namingAuthor(authorId: string, limit = 3) {
      const [authored, reviewed] = await Promise.all([
        posts.find({ authorId }, { limit, projection: ['title'] }),
        posts.find({ reviewerId: authorId }, { limit, projection: ['title'] }),
      ])
      const seen = new Set<string>()
      return [...authored, ...reviewed].filter((p) => !seen.has(p._id) && seen.add(p._id)).slice(0, limit) as { _id: string; title: string }[]
    },
    usingImage(url: string) {
      return posts.count({ image: url })
    },
    /** The posts using any of these media items (lead image or anywhere in their text), from the list index. */
    usingMedia(mediaIds: readonly string[], limit = 1_000) {
      if (!mediaIds.length) return Promise.resolve([])
      return posts.find({ mediaRefs: { $in: [...mediaIds] } }, { limit, projection: ['title', 'mediaRefs'] }) as Promise<{ _id: string; title: string; mediaRefs: string[] }[]>
    },
  }
  return repo
}
export type PostsRepository = ReturnType<typeof createPostsRepository>
