import { afterAll, beforeEach, describe, expect, it } from 'vitest'
import type { Author } from '../../lib/author-schemas.ts'
import type { Post } from '../../lib/schemas.ts'
import { AppError } from '../../server/errors.ts'
import type { AuditService } from '../../server/operations/audit.ts'
import { createAuthorsService } from '../../server/content/authors.ts'
import { post } from '../../test/factories.ts'
import { DuplicateKeyError, type Store } from '../port.ts'
import { createRegistry } from '../registry.ts'
import { SqliteStore } from '../sqlite/index.ts'
import { createAuthorsRepository } from './authors.ts'
import { createPostsRepository } from './posts.ts'
import { createRedirectsRepository } from './redirects.ts'
import { freshMongoUri } from '../../test/store.ts'

/**
 * The authors collection's contract (issue 22) on every backend: the slug is unique in the store itself
 * (not only checked by the service), and a profile a post names, as author or reviewer and in any
 * status, is not deleted. SQLite always; MongoDB only against a real server (MONGODB_URI).
 */
const backends: { name: string; open: () => Promise<Store> }[] = [{ name: 'sqlite', open: async () => new SqliteStore(':memory:') }]
if (process.env.MONGODB_URI) {
  backends.push({ name: 'mongodb', open: async () => (await import('../mongo.ts')).MongoStore.connect(freshMongoUri()) }) // a database of its own: the server may be long-lived
} else console.log('[authors contract] MongoDB run SKIPPED: MONGODB_URI is not set (no MongoDB server on this machine).')

const AT = '2026-11-20T10:00:00.000Z'
const author = (id: string, slug: string, name = `Writer ${id}`): Author => ({ _id: id, slug, name, bio: '', expertise: [], photo: '', links: [], createdAt: AT, updatedAt: AT })
const article = (id: string, over: Partial<Post> = {}): Post => ({ ...post(id, `Article ${id}`), createdAt: AT, updatedAt: AT, ...over })

for (const backend of backends) {
  describe(`authors storage contract: ${backend.name}`, () => {
    const stores: Store[] = []
    let store: Store
    let repos: { authors: ReturnType<typeof createAuthorsRepository>; posts: ReturnType<typeof createPostsRepository>; redirects: ReturnType<typeof createRedirectsRepository> }
    let ids = 0

    beforeEach(async () => {
      store = await backend.open()
      stores.push(store)
      // a MongoDB database outlives the test: start from empty collections
      for (const name of ['authors', 'posts', 'redirects']) await store.collection(name).deleteMany({})
      const registry = createRegistry(store)
      repos = { authors: createAuthorsRepository(store, registry), posts: createPostsRepository(store, registry), redirects: createRedirectsRepository(store, registry) }
      for (const repo of Object.values(repos)) await repo.init()
    })
    afterAll(async () => {
      for (const s of stores) await s.close()
    })

    function service() {
      return createAuthorsService({
        ...repos,
        store,
        media: { saveImage: async () => Promise.reject(new Error('no uploads here')), recordChanges: async () => {} },
        audit: { record: async () => {} } as unknown as AuditService,
        newId: () => `id${String(++ids).padStart(4, '0')}`,
        now: () => new Date(AT),
        onChange: () => {},
      })
    }

    it('the store refuses a second profile with a slug another holds, on insert and in a batch update', async () => {
      await repos.authors.insert(author('a1', 'maya-chen', 'Maya Chen'))
      await expect(repos.authors.insert(author('a2', 'maya-chen'))).rejects.toBeInstanceOf(DuplicateKeyError)
      await repos.authors.insert(author('a2', 'daniel-okafor', 'Daniel Okafor'))
      const { _id: _i, createdAt: _c, ...fields } = author('a2', 'maya-chen', 'Daniel Okafor')
      await expect(store.batch([repos.authors.updateOp('a2', fields)])).rejects.toBeInstanceOf(DuplicateKeyError)
      expect((await repos.authors.findById('a2'))?.slug).toBe('daniel-okafor')
      expect((await repos.authors.list()).map((a) => a.slug)).toEqual(['daniel-okafor', 'maya-chen']) // by name
    })

    it('a slug given up by a rename is free for another profile; ids never change', async () => {
      const authors = service()
      const maya = await authors.create({ name: 'Maya Chen' })
      const moved = await authors.update(maya._id, { name: 'Maya Chen', slug: 'maya-chen-writes' })
      expect(moved).toMatchObject({ _id: maya._id, slug: 'maya-chen-writes' })
      const other = await authors.create({ name: 'Maya Chen' }) // the name's slug is free again
      expect(other.slug).toBe('maya-chen')
      expect(await authors.redirectFor('maya-chen')).toBe('maya-chen-writes') // the old address still answers, until taken
      expect((await authors.page('maya-chen', 1))?.author._id).toBe(other._id) // a live page wins over an old address
    })

    it('two admins adding the same name at once: one profile, the other told the slug is taken (409 on slug)', async () => {
      const authors = service()
      const results = await Promise.allSettled([authors.create({ name: 'Same Name' }), authors.create({ name: 'Same Name' })])
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1)
      const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult
      expect(refused.reason).toBeInstanceOf(AppError)
      expect(refused.reason).toMatchObject({ code: 'conflict', details: [{ path: 'slug' }] })
      expect(await store.collection('authors').count()).toBe(1)
    })

    it('counts the posts naming a profile in any status, as author and as reviewer', async () => {
      await repos.authors.insert(author('a1', 'maya-chen'))
      await repos.posts.insert(article('live', { authorId: 'a1' }))
      await repos.posts.insert(article('draft', { authorId: 'a1', status: 'draft' }))
      await repos.posts.insert(article('reviewed', { reviewerId: 'a1', status: 'scheduled', publishAt: '2027-01-01T00:00:00.000Z' }))
      await repos.posts.insert(article('other'))
      expect(await repos.posts.authorUsage('a1')).toEqual({ authored: 2, reviewed: 1 })
      expect((await repos.posts.namingAuthor('a1', 10)).map((p) => p._id).sort()).toEqual(['draft', 'live', 'reviewed'])
      expect(await repos.posts.count({ listed: true, authorId: 'a1' })).toBe(1) // the author page lists only what is live
    })

    it('refuses to delete a profile any post names (409, the posts named), and deletes it once none does', async () => {
      const authors = service()
      const maya = await authors.create({ name: 'Maya Chen' })
      await authors.update(maya._id, { name: 'Maya Chen', slug: 'maya-c' }) // leaves an old address behind
      await repos.posts.insert(article('draft', { reviewerId: maya._id, status: 'draft' }))
      const refused = await authors.remove(maya._id).catch((e: unknown) => e)
      expect(refused).toBeInstanceOf(AppError)
      expect(refused).toMatchObject({ code: 'conflict', message: 'Maya Chen is the reviewer of 1 ("Article draft"): choose another author or reviewer on them first' })
      expect(await repos.authors.findById(maya._id)).not.toBeNull()

      await repos.posts.update('draft', { reviewerId: null })
      await authors.remove(maya._id)
      expect(await repos.authors.findById(maya._id)).toBeNull()
      expect(await authors.redirectFor('maya-chen')).toBeNull() // its old addresses went with it
      await expect(authors.remove(maya._id)).rejects.toMatchObject({ code: 'not_found' })
    })
  })
}
