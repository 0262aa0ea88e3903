import type { Store } from '../../db/port.ts'
import type { PostsRepository } from '../../db/repositories/posts.ts'
import type { RedirectsRepository } from '../../db/repositories/redirects.ts'
import type { RevisionsRepository } from '../../db/repositories/revisions.ts'
import { changedFields } from '../../lib/audit.ts'
import { isSafeHref } from '../../lib/links.ts'
import { freeSlug } from '../../lib/slug.ts'
import { isLive } from '../../lib/publishing.ts'
import { type Post, type PostBody, postBodySchema, type PostType } from '../../lib/schemas.ts'
import { normalizeTags, tagsOf } from '../../lib/tags.ts'
import { AppError, notFound } from '../errors.ts'
import { assertCurrentVersion, nextVersion } from '../editorial/edit-versions.ts'
import type { AuditService } from '../operations/audit.ts'
import type { MediaService } from '../media/service.ts'
import { publishingOf } from '../editorial/publishing.ts'
import type { RevisionsService } from '../editorial/revisions.ts'


const DATA_URL = /^data:([a-z]+\/[a-z0-9.+-]+)?(;[a-z0-9=.-]+)*;base64,(.*)$/is
const BASE64 = /^[A-Za-z0-9+/\s]+={0,2}$/

/**
 * Post writes (spec §7). Images given as a data URL or raw base64 are decoded, checked by their bytes
 * and stored in the media library; posts only ever carry URLs. Every write clears the render cache.
 */
/**
 * The tags a save leaves on a post: the list when the client sends one (its first is `tag`); from an
 * older client that knows only `tag` (spec §3), that tag becomes the first and the post's others stay.
 */
export function tagsForSave(input: { tag: string; tags?: string[] }, existing: Post | null): { tag: string; tags: string[] } {
  const tags = input.tags !== undefined ? normalizeTags(input.tags) : normalizeTags([input.tag, ...(existing ? tagsOf(existing).slice(1) : [])])
  return { tag: tags[0] ?? '', tags }
}

/**
 * The author profiles a save leaves on a post (issue 22): what the client sends, `null` clearing one; from
 * a client that sends neither (an older one, spec §7), the post's own. Each must exist, and the reviewer
 * is someone other than the author: a 400 naming the field otherwise.
 */
async function profilesForSave(
  input: { authorId?: string | null; reviewerId?: string | null },
  existing: Pick<Post, 'authorId' | 'reviewerId'> | null,
  exists: (id: string) => Promise<boolean>,
): Promise<{ authorId: string | null; reviewerId: string | null }> {
  const authorId = input.authorId === undefined ? (existing?.authorId ?? null) : input.authorId
  const reviewerId = input.reviewerId === undefined ? (existing?.reviewerId ?? null) : input.reviewerId
  for (const [path, id] of [['authorId', authorId], ['reviewerId', reviewerId]] as const) {
    // a profile the post already names stays valid here: only a new choice is checked
    if (id && id !== existing?.[path] && !(await exists(id))) throw new AppError('bad_request', `Invalid ${path}: there is no author profile with this id`, [{ path, message: 'there is no author profile with this id' }])
  }
  if (authorId && authorId === reviewerId) throw new AppError('bad_request', 'Invalid reviewerId: the reviewer must be someone other than the author', [{ path: 'reviewerId', message: 'the reviewer must be someone other than the author' }])
  return { authorId, reviewerId }
}

/**
 * Issue 23: a post's market and the post it translates, as saved. The market must exist; a translation
 * names an original that exists, is not itself a translation (groups are one original and its
 * translations, so no loop can form), and lives in another market; a post that others translate cannot
 * become a translation. Left out on an update: the post keeps its own.
 */
async function marketsForSave(
  input: { market?: string | null; translationOf?: string | null },
  existing: Pick<Post, '_id' | 'market' | 'translationOf'> | null,
  deps: { marketExists: (key: string) => boolean; posts: PostsRepository },
): Promise<{ market: string | null; translationOf: string | null }> {
  const market = input.market === undefined ? (existing?.market ?? null) : input.market
  const translationOf = input.translationOf === undefined ? (existing?.translationOf ?? null) : input.translationOf
  const fail = (path: string, message: string) => new AppError('bad_request', `Invalid ${path}: ${message}`, [{ path, message }])
  if (market && market !== existing?.market && !deps.marketExists(market)) throw fail('market', `there is no market "${market}"`)
  if (translationOf && translationOf !== existing?.translationOf) {
    if (translationOf === existing?._id) throw fail('translationOf', 'a post cannot translate itself')
    const original = await deps.posts.findById(translationOf)
    if (!original) throw fail('translationOf', `there is no post with the slug “${translationOf}”: pick the original by its title`)
    if (original.translationOf) throw fail('translationOf', `"${translationOf}" is itself a translation: link to its original, "${original.translationOf}"`)
    if ((original.market ?? null) === market) throw fail('translationOf', 'a translation is for another market than its original')
    if (existing && (await deps.posts.translationGroup(existing._id)).some((m) => m.translationOf === existing._id)) throw fail('translationOf', 'other posts translate this one: it is an original, and cannot become a translation')
    const taken = (await deps.posts.translationGroup(translationOf)).find((m) => m._id !== existing?._id && (m.market ?? null) === market)
    if (taken) throw fail('translationOf', `"${taken._id}" already translates it for ${market ? `the market "${market}"` : 'every market'}`)
  }
  return { market, translationOf }
}

export function createPostsService(deps: {
  /** issue 23: whether a market with this key exists */
  marketExists: (key: string) => boolean
  posts: PostsRepository
  /** whether a trashed post holds this id (issue 32: no new post takes it meanwhile) */
  inTrash: (id: string) => Promise<boolean>
  /** whether an author profile exists (issue 22: a post may only name one that does) */
  authorExists: (id: string) => Promise<boolean>
  store: Pick<Store, 'batch'>
  redirects: RedirectsRepository
  revisionsRepo: Pick<RevisionsRepository, 'renameOps'>
  media: MediaService
  audit: AuditService
  revisions: RevisionsService
  now: () => Date
  onChange: () => void
}) {
  const { posts, media } = deps

  type Resolved = { url: string; stored?: { id: string; contentType: string; size: number; created: boolean } }
  async function resolveImage(image: string, alt: string, slug: string): Promise<Resolved> {
    if (!image) return { url: '' }
    if (isSafeHref(image)) return { url: image }
    const dataUrl = image.match(DATA_URL)
    const base64 = dataUrl ? dataUrl[3] : BASE64.test(image) && image.length > 32 ? image : null
    if (base64 === null) throw new AppError('bad_request', 'Invalid image: use an http(s) URL, an uploaded image, or base64 image data')
    const bytes = Buffer.from(base64.replace(/\s+/g, ''), 'base64')
    const declared = dataUrl?.[1]?.toLowerCase()
    const saved = await media.saveImage(new Uint8Array(bytes), { alt, filename: `${slug || 'image'}`, declaredType: declared })
    return { url: saved.url, stored: saved }
  }

  /** An id a post holds, or a trashed post does (it keeps its address, revisions and old addresses until erased). */
  const taken = async (id: string) => Boolean(await posts.findById(id)) || (await deps.inTrash(id))
  const slugTaken = async (slug: string) => {
    const where = (await posts.findById(slug)) ? 'another article' : 'an article in the Trash (restore it, or delete it forever, to use this address)'
    return new AppError('conflict', `URL slug "${slug}" is taken by ${where}`, [{ path: 'slug', message: `is taken by ${where}` }])
  }
  const freeId = (title: string) => freeSlug(title, taken)

  type Editable = Omit<Post, '_id' | 'type' | 'createdAt' | 'updatedAt'>
  /** Replaces a post's editable fields (optional ones left out are removed), then audits and keeps a revision. */
  async function save(
    existing: Post,
    input: Editable,
    how: { action: string; revision: 'update' | 'restore' | 'autosave'; restoredFrom?: string; created: { id: string; contentType: string; size: number }[] },
  ): Promise<Post> {
    const id = existing._id
    const optional = ['position', 'imageAlt', 'status', 'publishAt'] as const
    const at = nextVersion(existing.updatedAt, deps.now())
    const fields = { ...input, updatedAt: at } as Partial<Post>
    // going live is when a post is published: it takes its place among the newest, in lists and feeds
    if (!isLive(existing) && isLive(fields)) fields.createdAt = deps.now().toISOString()
    const unset = optional.filter((k) => fields[k] === undefined)
    for (const k of unset) delete fields[k]
    // written only over the version read above: a save that landed meanwhile is not overwritten
    if (!(await posts.update(id, fields, unset, existing.updatedAt))) throw await conflictAfterRace(existing)
    deps.onChange()
    const updated = { ...existing, ...fields } as Post
    for (const k of unset) delete updated[k]
    await media.recordChanges({ created: how.created })
    // a draft's autosaves (every few seconds of typing) are kept as one revision, not one audit entry each
    if (how.revision !== 'autosave') await deps.audit.record({ action: how.action, target: `post:${id}`, changes: changedFields(existing, updated), ...(how.restoredFrom ? { note: `revision ${how.restoredFrom}` } : {}) })
    await deps.revisions.keep('post', id, updated, how.revision, { restoredFrom: how.restoredFrom })
    return updated
  }

  /**
   * Moves a post to a new address (issue 25): the post, its revisions and its older addresses in one
   * batch, and the old address answers 301 to the new one (pages/article/@id/+data.ts).
   */
  async function rename(existing: Post, to: string): Promise<Post> {
    if (await taken(to)) throw await slugTaken(to)
    const from = existing._id
    const at = deps.now().toISOString()
    const moved: Post = { ...existing, _id: to }
    await deps.store.batch([
      posts.removeOp(from),
      posts.insertOp(moved),
      ...(await deps.revisionsRepo.renameOps('post', from, to)),
      ...(await deps.redirects.renameOps('post', from, to, at)),
    ])
    deps.onChange()
    await deps.audit.record({ action: 'post.rename', target: `post:${to}`, note: `/article/${from} → /article/${to}` })
    return moved
  }

  /** Who saved the post last (its revisions know a draft's autosaves, which the audit log does not hold). */
  const lastWriteOf = async (id: string) => (await deps.revisions.lastWrite('post', id)) ?? deps.audit.lastWrite(`post:${id}`)

  /** A save that lost a race with another (the stored version moved between the read and the write): refused as a conflict. */
  async function conflictAfterRace(existing: Post): Promise<Error> {
    const now = await posts.findById(existing._id)
    if (!now) return notFound('Post not found')
    return assertCurrentVersion({ base: existing.updatedAt, current: now.updatedAt, name: `“${now.title}”`, lastWrite: () => lastWriteOf(now._id) }).then(
      () => new AppError('edit_conflict', 'The post changed while it was being saved; reload it'),
      (err: Error) => err,
    )
  }

  /** A revision's profiles, as far as they still exist (one deleted since is left out, not refused). */
  async function restoredProfiles(r: { authorId?: string | null; reviewerId?: string | null }) {
    const keep = async (id: string | null | undefined) => (id && (await deps.authorExists(id)) ? id : null)
    const authorId = await keep(r.authorId)
    const reviewerId = await keep(r.reviewerId)
    return { authorId, reviewerId: reviewerId === authorId ? null : reviewerId }
  }

  return {
    async create(type: PostType, body: PostBody): Promise<Post> {
      const { status: _s, publishAt: _p, slug, ...parsed } = postBodySchema.parse(body)
      const input = { ...parsed, ...tagsForSave(parsed, null), ...(await profilesForSave(parsed, null, deps.authorExists)), ...(await marketsForSave(parsed, null, deps)) }
      const publishing = publishingOf({ status: _s, publishAt: _p }, null, deps.now())
      if (slug && (await taken(slug))) throw await slugTaken(slug)
      const _id = slug ?? (await freeId(input.title))
      const at = deps.now().toISOString()
      const resolved = await resolveImage(input.image, input.title, _id)
      const image = resolved.url
      const post: Post = { ...input, ...publishing, _id, type, image, createdAt: at, updatedAt: at }
      await posts.insert(post)
      await deps.redirects.removeTo('post', _id).catch(() => 0) // an old address taken by a new post is the post's now
      deps.onChange()
      await media.recordChanges({ created: resolved.stored?.created ? [resolved.stored] : [] })
      await deps.audit.record({ action: 'post.create', target: `post:${_id}`, changes: changedFields(null, post) })
      await deps.revisions.keep('post', _id, post, 'create')
      return post
    },

    /**
     * Replaces a post's editable fields; its id, type and creation time stay. `baseVersion` (the
     * `updatedAt` the editor loaded, sent as If-Match): a newer save is refused, not overwritten.
     */
    async update(id: string, body: PostBody, opts: { baseVersion?: string } = {}): Promise<Post> {
      let existing = await posts.findById(id)
      if (!existing) throw notFound('Post not found')
      await assertCurrentVersion({ base: opts.baseVersion, current: existing.updatedAt, name: `“${existing.title}”`, lastWrite: () => lastWriteOf(id) })
      const { _id: _ignored, type: _type, status, publishAt, slug, ...parsed } = postBodySchema.parse(body)
      const input = { ...parsed, ...tagsForSave(parsed, existing), ...(await profilesForSave(parsed, existing, deps.authorExists)), ...(await marketsForSave(parsed, existing, deps)) }
      const publishing = publishingOf({ status, publishAt }, existing, deps.now())
      if (slug && slug !== id) {
        existing = await rename(existing, slug)
        id = slug
      }
      const resolved = await resolveImage(input.image, input.title, id)
      const image = resolved.url
      // an older client that does not send the alt text keeps the post's (as brands keep bannerAlt)
      const imageAlt = input.imageAlt ?? existing.imageAlt
      return save(existing, { ...input, imageAlt, ...publishing, image }, { action: 'post.update', revision: 'update', created: resolved.stored?.created ? [resolved.stored] : [] })
    },

    /**
     * The editor's form saving itself while they type (docs/drafts-and-revisions.md, "Autosave"). It never
     * publishes, unpublishes, schedules or moves a post: the status, publish time and slug sent are ignored.
     * A draft takes the typed fields as a new version (a save, kept as an "Autosaved" revision); a live or
     * scheduled post is not touched: the typed version waits as an autosave revision until the editor saves
     * it. Like a save it names the version it was typed on (If-Match, required here): a stale one is a 409.
     */
    async autosave(id: string, body: PostBody, opts: { baseVersion?: string } = {}): Promise<{ post: Post; applied: boolean; at: string; image: string }> {
      const existing = await posts.findById(id)
      if (!existing) throw notFound('Post not found')
      if (!opts.baseVersion) throw new AppError('bad_request', 'An autosave names the version it was typed on (If-Match)')
      await assertCurrentVersion({ base: opts.baseVersion, current: existing.updatedAt, name: `“${existing.title}”`, lastWrite: () => lastWriteOf(id) })
      const { _id: _i, type: _t, status: _s, publishAt: _p, slug: _sl, ...parsed } = postBodySchema.parse(body)
      const input = { ...parsed, ...tagsForSave(parsed, existing), ...(await profilesForSave(parsed, existing, deps.authorExists)), ...(await marketsForSave(parsed, existing, deps)) }
      const resolved = await resolveImage(input.image, input.title, id)
      const fields = { ...input, imageAlt: input.imageAlt ?? existing.imageAlt, image: resolved.url, status: existing.status, publishAt: existing.publishAt }
      const created = resolved.stored?.created ? [resolved.stored] : []
      if (existing.status === 'draft') {
        const post = await save(existing, fields, { action: 'post.autosave', revision: 'autosave', created })
        return { post, applied: true, at: post.updatedAt, image: resolved.url }
      }
      // live or scheduled: what readers see (or will, at the scheduled time) changes only when the editor saves
      await media.recordChanges({ created })
      const record = { ...existing, ...fields, updatedAt: existing.updatedAt }
      await deps.revisions.keep('post', id, record, 'autosave', { baseVersion: existing.updatedAt })
      return { post: existing, applied: false, at: deps.now().toISOString(), image: resolved.url }
    },

    /** The autosave waiting on a live or scheduled post (typed on its current version), or null. */
    async pendingAutosave(id: string) {
      const post = id.length <= 100 ? await posts.findById(id) : null
      if (!post) throw notFound('Post not found')
      return deps.revisions.pendingAutosave('post', id, post.updatedAt)
    },

    /**
     * Brings back a revision's fields as a new save (itself a revision). The post's publishing state
     * stays as it is now: restoring an old text does not publish a draft or unpublish a live post.
     */
    async restoreRevision(id: string, revisionId: string): Promise<Post> {
      const existing = await posts.findById(id)
      if (!existing) throw notFound('Post not found')
      const revision = await deps.revisions.get('post', id, revisionId)
      const { _id: _i, type: _t, createdAt: _c, updatedAt: _u, status: _s, publishAt: _p, ...record } = revision.record as Post
      const { status: _s2, publishAt: _p2, slug: _sl, ...parsed } = postBodySchema.parse(record)
      // a revision from before tag lists holds only `tag`: it is the whole list then
      const fields = { ...parsed, ...tagsForSave({ tag: parsed.tag, tags: parsed.tags ?? tagsOf(parsed) }, null), ...(await restoredProfiles(parsed)) }
      return save(existing, { ...fields, status: existing.status, publishAt: existing.publishAt }, { action: 'post.restore', revision: 'restore', restoredFrom: revisionId, created: [] })
    },

    /** One post of any status (the admin); 404 when there is none. */
    async get(id: string): Promise<Post> {
      const post = id.length <= 100 ? await posts.findById(id) : null
      if (!post) throw notFound('Post not found')
      return post
    },

    /** Where an old address of a renamed post leads now (a 301 from the article page), or null. */
    redirectFor(id: string): Promise<string | null> {
      return id.length <= 100 ? deps.redirects.target('post', id) : Promise.resolve(null)
    },

    /** Every tag posts hold, for the editors' tag suggestions. */
    allTags() {
      return posts.allTags()
    },
  }
}
export type PostsService = ReturnType<typeof createPostsService>
