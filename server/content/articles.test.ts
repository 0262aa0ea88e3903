import { listedMarketKeys } from '../../db/repositories/posts.ts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Collection, Doc, Store } from '../../db/port.ts'
import { createRegistry } from '../../db/registry.ts'
import { createPostsRepository } from '../../db/repositories/posts.ts'
import { SqliteStore } from '../../db/sqlite/index.ts'
import type { Post } from '../../lib/schemas.ts'
import { post } from '../../test/factories.ts'
import { loginAs, makeTestApp } from '../../test/make-app.ts'
import { ARCHIVE_PAGE_SIZE, BLOG_CONTENT_LIMIT, createContentService } from './articles.ts'
import { freshMongoUri } from '../../test/store.ts'

/** A store that counts the documents each read hands back: a list that loads the whole collection shows. */
function countingStore(inner: Store) {
  let read = 0
  const wrap = <T extends Doc>(c: Collection<T>): Collection<T> =>
    new Proxy(c, {
      get(target, prop, receiver) {
        const v = Reflect.get(target, prop, receiver)
        if (prop === 'find' || prop === 'textSearch')
          return async (...args: unknown[]) => {
            const rows = await (v as (...a: unknown[]) => Promise<unknown[]>).apply(target, args)
            read += rows.length
            return rows
          }
        if (prop === 'findOne')
          return async (...args: unknown[]) => {
            const row = await (v as (...a: unknown[]) => Promise<unknown>).apply(target, args)
            if (row) read++
            return row
          }
        return typeof v === 'function' ? v.bind(target) : v
      },
    })
  const store = new Proxy(inner, {
    get(target, prop, receiver) {
      if (prop === 'collection') return (name: string) => wrap(target.collection(name))
      const v = Reflect.get(target, prop, receiver)
      return typeof v === 'function' ? v.bind(target) : v
    },
  })
  return { store, reads: () => read, reset: () => (read = 0) }
}

const backends: { name: string; open: () => Promise<Store> }[] = [{ name: 'sqlite', open: async () => new SqliteStore(':memory:') }]
if (process.env.MONGODB_URI) {
  backends.push({ name: 'mongodb', open: async () => (await import('../../db/mongo.ts')).MongoStore.connect(freshMongoUri()) }) // a database of its own: the server may be long-lived
} else console.log('[content paging] MongoDB run SKIPPED: MONGODB_URI is not set (no MongoDB server on this machine).')

const N = 600
const article = (i: number): Post => ({
  ...post(`a${String(i).padStart(4, '0')}`, `Article number ${i}`),
  tag: i % 3 ? 'Guides' : 'News',
  createdAt: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(),
  updatedAt: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(),
  ...(i % 100 === 7 ? { position: i } : {}),
})

for (const backend of backends) {
  describe(`lists read only their page (${backend.name}: a store that counts what it hands back)`, () => {
    let counting: ReturnType<typeof countingStore>
    let content: ReturnType<typeof createContentService>
    let inner: Store
    beforeAll(async () => {
      inner = await backend.open()
      const registry = createRegistry(inner)
      const posts = createPostsRepository(inner, registry)
      await posts.init()
      await inner.batch(Array.from({ length: N }, (_, i) => posts.insertOp(article(i))))
      counting = countingStore(inner)
      const countedPosts = createPostsRepository(counting.store, createRegistry(counting.store))
      content = createContentService({ posts: countedPosts })
    })
    afterAll(() => inner.close())

    const within = async (limit: number, fn: () => Promise<unknown>) => {
      counting.reset()
      await fn()
      expect(counting.reads()).toBeLessThanOrEqual(limit)
    }

    it('the home content, an archive page, a tag page, related articles and the admin list', async () => {
      await within(2 + 7, () => content.getBlogContent({ limit: 6 }))
      await within(ARCHIVE_PAGE_SIZE, () => content.archive({ page: 20 }))
      await within(ARCHIVE_PAGE_SIZE, () => content.archive({ page: 3, tagSlug: 'news' }))
      await within(4, () => content.related(article(5)))
      await within(21, () => content.adminList({ type: 'article', limit: 20 }))
      await within(21, () => content.adminList({ type: 'article', title: 'number 59', limit: 20 }))
    })

    it('pages through every article once, in editorial order (positions first, then newest)', async () => {
      const seen: string[] = []
      let cursor: string | undefined
      do {
        const page = await content.getBlogContent({ limit: 50, cursor })
        seen.push(...page.articles.map((a) => a._id))
        cursor = page.nextCursor ?? undefined
      } while (cursor)
      expect(seen).toHaveLength(N)
      expect(new Set(seen).size).toBe(N)
      expect(seen.slice(0, 6)).toEqual(['a0007', 'a0107', 'a0207', 'a0307', 'a0407', 'a0507'])
      expect(seen[6]).toBe('a0599') // then the newest
    })
  })
}

describe('GET /api/posts/blog-content paging', () => {
  let t: Awaited<ReturnType<typeof makeTestApp>>
  beforeAll(async () => {
    t = await makeTestApp()
    await t.ctx.store.batch(Array.from({ length: 70 }, (_, i) => t.ctx.repos.posts.insertOp(article(i))))
  })

  it(`keeps its shape, answers at most ${BLOG_CONTENT_LIMIT.default} articles by default, and a cursor to the next page`, async () => {
    const body = await (await t.app.request('/api/posts/blog-content')).json()
    expect(Object.keys(body).sort()).toEqual(['articles', 'featured', 'hero', 'nextCursor'])
    expect(body.articles).toHaveLength(BLOG_CONTENT_LIMIT.default)
    expect(body.articles[0]).not.toHaveProperty('rank') // the store's own fields stay in the store
    const next = await (await t.app.request(`/api/posts/blog-content?limit=100&cursor=${body.nextCursor}`)).json()
    expect(next.nextCursor).toBeNull()
    const total = body.articles.length + next.articles.length
    // the public list is the default market's (issue 23): the demo's German articles are /de's only
    expect(total).toBe(await t.ctx.repos.posts.count({ type: 'article', marketKeys: listedMarketKeys({ key: null }) }))
  })

  it.each([
    ['a malformed cursor', '?cursor=not-a-cursor', /Invalid cursor/],
    ['a cursor of the wrong shape', `?cursor=${Buffer.from('{"a":1}').toString('base64url')}`, /Invalid cursor/],
    ['limit 0', '?limit=0', /limit/],
    ['limit over the cap', `?limit=${BLOG_CONTENT_LIMIT.max + 1}`, /limit/],
    ['a non-numeric limit', '?limit=ten', /limit/],
  ])('answers 400 { message } for %s', async (_n, qs, message) => {
    const res = await t.app.request(`/api/posts/blog-content${qs}`)
    expect(res.status).toBe(400)
    expect((await res.json()).message).toMatch(message)
  })

  it('the admin list pages one type and filters by title on the server, for editors only', async () => {
    const { accessToken } = await loginAs(t, 'editor')
    const auth = { headers: { authorization: `Bearer ${accessToken}` } }
    expect((await t.app.request('/api/posts/list?type=article')).status).toBe(401)
    const first = await (await t.app.request('/api/posts/list?type=article&limit=10', auth)).json()
    expect(first.posts).toHaveLength(10)
    expect(first.total).toBeGreaterThan(70)
    const filtered = await (await t.app.request('/api/posts/list?type=article&title=NUMBER%206', auth)).json()
    expect(filtered.posts.map((p: Post) => p.title).sort()).toEqual(['Article number 6', ...Array.from({ length: 10 }, (_, i) => `Article number ${60 + i}`)].sort())
    expect((await t.app.request('/api/posts/list?type=nope', auth)).status).toBe(400)
  })
})
