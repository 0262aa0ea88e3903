import { DuplicateKeyError, type Store } from '../../db/port.ts'
import type { AuthorsRepository } from '../../db/repositories/authors.ts'
import type { PostsRepository } from '../../db/repositories/posts.ts'
import type { RedirectsRepository } from '../../db/repositories/redirects.ts'
import { ARCHIVE_PAGE_SIZE } from '../../lib/archive.ts'
import { type Author, type AuthorBody, authorBodySchema, type AuthorWithUsage } from '../../lib/author-schemas.ts'
import { authorPath, type AuthorRef, type Byline, isAuthorSlug, NO_BYLINE } from '../../lib/authors.ts'
import { changedFields } from '../../lib/audit.ts'
import type { Post } from '../../lib/schemas.ts'
import { slugify } from '../../lib/slug.ts'
import { AppError, notFound } from '../errors.ts'
import type { AuditService } from '../operations/audit.ts'
import type { MediaService } from '../media/service.ts'
import type { ArchiveList } from './sitemaps.ts'
import { assertCurrentVersion, nextVersion } from '../editorial/edit-versions.ts'

const DATA_URL = /^data:([a-z]+\/[a-z0-9.+-]+);base64,(.*)$/is

/** A refused field, as every validation failure answers it (400, the field named). */
const fieldError = (path: string, message: string, code: 'bad_request' | 'conflict' = 'bad_request') =>
  new AppError(code, code === 'conflict' ? message : `Invalid ${path}: ${message}`, [{ path, message }])

const refOf = (a: Author): AuthorRef => ({ name: a.name, slug: a.slug })

/** A page of an author's articles, as /author/:slug shows it. */
export type AuthorPage = { author: Author; posts: Post[]; page: number; pages: number; total: number }

/**
 * Author profiles (issue 22): admins' writes, the byline a post shows, and the public author page.
 * Every write clears the render cache: bylines, author pages and the sitemap show profiles.
 */
export function createAuthorsService(deps: {
  authors: AuthorsRepository
  posts: Pick<PostsRepository, 'authorUsage' | 'namingAuthor' | 'count' | 'page' | 'latest'>
  redirects: Pick<RedirectsRepository, 'target' | 'renameOps' | 'removeTo'>
  store: Pick<Store, 'batch'>
  media: Pick<MediaService, 'saveImage' | 'recordChanges'>
  audit: AuditService
  newId: () => string
  now: () => Date
  onChange: () => void
}) {
  const { authors, posts } = deps

  /** An uploaded photo (a data URL) goes to the media library; a URL stays as it is. */
  async function resolvePhoto(photo: string, name: string, slug: string) {
    const m = photo.match(DATA_URL)
    if (!m) return { url: photo, created: [] }
    const saved = await deps.media.saveImage(new Uint8Array(Buffer.from(m[2].replace(/\s+/g, ''), 'base64')), { alt: `Photo of ${name}`, filename: slug, declaredType: m[1] })
    return { url: saved.url, created: saved.created ? [saved] : [] }
  }

  async function getOrThrow(id: string): Promise<Author> {
    const found = id.length <= 100 ? await authors.findById(id) : null
    if (!found) throw notFound('Author not found')
    return found
  }

  /** The slug a save asks for, free for this profile (or a 409 naming the field). */
  async function freeSlugFor(wanted: string | undefined, name: string, self: string | null): Promise<string> {
    const slug = wanted ?? slugify(name).slice(0, 60).replace(/-+$/, '')
    if (!isAuthorSlug(slug)) throw fieldError('slug', 'cannot be made from this name: type one, e.g. maya-chen')
    const holder = await authors.findBySlug(slug)
    if (holder && holder._id !== self) throw fieldError('slug', `"${slug}" is the address of ${holder.name}: choose another`, 'conflict')
    return slug
  }

  const service = {
    /** Every profile by name, with how many posts name it (the admin's list and the editors' pickers). */
    async list(): Promise<AuthorWithUsage[]> {
      const all = await authors.list()
      return Promise.all(all.map(async (a) => ({ ...a, usage: await posts.authorUsage(a._id) })))
    },

    get: getOrThrow,

    async create(body: AuthorBody): Promise<Author> {
      const { slug: wanted, photo, ...fields } = authorBodySchema.parse(body)
      const slug = await freeSlugFor(wanted, fields.name, null)
      const resolved = await resolvePhoto(photo, fields.name, slug)
      const at = deps.now().toISOString()
      const author: Author = { _id: deps.newId(), slug, ...fields, photo: resolved.url, createdAt: at, updatedAt: at }
      try {
        await authors.insert(author)
      } catch (err) {
        // another admin took the slug between the check and the write
        if (err instanceof DuplicateKeyError) throw fieldError('slug', `"${slug}" is taken: choose another`, 'conflict')
        throw err
      }
      deps.onChange()
      await deps.media.recordChanges({ created: resolved.created })
      await deps.audit.record({ action: 'author.create', target: `author:${author._id}`, changes: changedFields(null, author) })
      return author
    },

    /** Replaces a profile's fields; its id (what posts point at) stays. A new slug keeps the old address working (301). */
    async update(id: string, body: AuthorBody, opts: { baseVersion?: string } = {}): Promise<Author> {
      const existing = await getOrThrow(id)
      await assertCurrentVersion({ base: opts.baseVersion, current: existing.updatedAt, name: `The profile of ${existing.name}`, lastWrite: () => deps.audit.lastWrite(`author:${id}`) })
      const { slug: wanted, photo, ...fields } = authorBodySchema.parse(body)
      const slug = await freeSlugFor(wanted ?? existing.slug, fields.name, id)
      const resolved = await resolvePhoto(photo, fields.name, slug)
      const at = nextVersion(existing.updatedAt, deps.now())
      const next = { ...fields, slug, photo: resolved.url, updatedAt: at }
      const moved = slug !== existing.slug
      try {
        await deps.store.batch([authors.updateOp(id, next), ...(moved ? await deps.redirects.renameOps('author', existing.slug, slug, at) : [])])
      } catch (err) {
        if (err instanceof DuplicateKeyError) throw fieldError('slug', `"${slug}" is taken: choose another`, 'conflict')
        throw err
      }
      deps.onChange()
      const updated: Author = { ...existing, ...next }
      await deps.media.recordChanges({ created: resolved.created })
      await deps.audit.record({ action: 'author.update', target: `author:${id}`, changes: changedFields(existing, updated), ...(moved ? { note: `${authorPath(existing.slug)} → ${authorPath(slug)}` } : {}) })
      return updated
    },

    /** Deletes a profile no post names; one still named (as author or reviewer, drafts too) is refused with 409 and where. */
    async remove(id: string) {
      const existing = await getOrThrow(id)
      const usage = await posts.authorUsage(id)
      if (usage.authored + usage.reviewed > 0) {
        const named = await posts.namingAuthor(id)
        const count = [usage.authored && `the author of ${usage.authored} post${usage.authored === 1 ? '' : 's'}`, usage.reviewed && `the reviewer of ${usage.reviewed}`].filter(Boolean).join(' and ')
        const some = named.map((p) => `"${p.title}"`).join(', ')
        throw new AppError('conflict', `${existing.name} is ${count} (${some}${usage.authored + usage.reviewed > named.length ? ', …' : ''}): choose another author or reviewer on them first`)
      }
      if (!(await authors.remove(id))) throw notFound('Author not found')
      await deps.redirects.removeTo('author', existing.slug)
      deps.onChange()
      await deps.audit.record({ action: 'author.delete', target: `author:${id}`, note: existing.name })
    },

    /** Whether a profile exists (a post may only name one that does). */
    async exists(id: string) {
      return Boolean(await authors.findById(id))
    },

    /** The profiles a post's byline links to; null where none is chosen or the profile is gone. */
    async bylineOf(post: Pick<Post, 'authorId' | 'reviewerId'>): Promise<Byline> {
      const ids = [post.authorId, post.reviewerId].filter((id): id is string => Boolean(id))
      if (!ids.length) return NO_BYLINE
      const found = new Map((await authors.findByIds(ids)).map((a) => [a._id, a]))
      const ref = (id: string | null | undefined) => (id && found.has(id) ? refOf(found.get(id)!) : null)
      return { author: ref(post.authorId), reviewer: ref(post.reviewerId) }
    },

    /**
     * Page `page` (from 1) of an author's listed articles in editorial order, those a market lists
     * (`marketKeys`, as content's lists read them; absent: every article); null for an unknown slug or past the last page.
     */
    async page(slug: string, page: number, marketKeys?: readonly string[]): Promise<AuthorPage | null> {
      const author = isAuthorSlug(slug) ? await authors.findBySlug(slug) : null
      if (!author || !Number.isInteger(page) || page < 1) return null
      const total = await posts.count({ listed: true, authorId: author._id, marketKeys })
      // a profile without articles yet still has its page (who they are), with an empty list
      const pages = Math.max(1, Math.ceil(total / ARCHIVE_PAGE_SIZE))
      if (page > pages) return null
      const list = total ? await posts.page({ listed: true, authorId: author._id, marketKeys }, { limit: ARCHIVE_PAGE_SIZE, skip: (page - 1) * ARCHIVE_PAGE_SIZE }) : []
      return { author, posts: list, page, pages, total }
    },

    /** Where an author's old address leads now (a 301 from the author page), or null. */
    redirectFor(slug: string): Promise<string | null> {
      return isAuthorSlug(slug) ? deps.redirects.target('author', slug) : Promise.resolve(null)
    },

    /** Every author page's list for the sitemap: its pages, and (when asked) when it last changed. */
    async sitemapLists(withLastmod: boolean): Promise<ArchiveList[]> {
      return Promise.all(
        (await authors.list()).map(async (a) => {
          const total = await posts.count({ listed: true, authorId: a._id })
          const newest = withLastmod ? (await posts.latest({ authorId: a._id }, 1))[0]?.createdAt : undefined
          return { base: authorPath(a.slug), pages: Math.max(1, Math.ceil(total / ARCHIVE_PAGE_SIZE)), lastmod: withLastmod ? [a.updatedAt, newest].filter(Boolean).sort().pop() : undefined }
        }),
      )
    },
  }
  return service
}
export type AuthorsService = ReturnType<typeof createAuthorsService>
