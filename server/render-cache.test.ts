import { describe, expect, it, vi } from 'vitest'
import { makeTestApp } from '../test/make-app.ts'
import { answerFrom, cacheKey, createRenderCache, entryBytes, makeEntry } from './render-cache.ts'
import { baseHeaders } from './security-headers.ts'

const entry = (text: string) => makeEntry(200, { 'content-type': 'text/html' }, new TextEncoder().encode(text), baseHeaders({ siteUrl: 'http://localhost' }))

describe('render cache', () => {
  it('drops a render that raced a content write', () => {
    const cache = createRenderCache()
    const gen = cache.generation
    cache.clear() // a write lands while the page renders
    cache.set('/', entry('stale'), gen)
    expect(cache.get('/')).toBeUndefined()
  })

  it('stays within its byte budget, dropping the least recently used entry', () => {
    const page = (k: string) => entry(k + 'x'.repeat(10_000))
    const keys = ['/a', '/b', '/c', '/d', '/e', '/f', '/g', '/h']
    const cache = createRenderCache({ maxBytes: keys.length * entryBytes('/a', page('/a')) })
    for (const k of keys) cache.set(k, page(k), cache.generation)
    expect(cache.size).toBe(keys.length)
    cache.get('/a') // used: /b is now the oldest
    cache.set('/i', page('/i'), cache.generation)
    expect(cache.bytes).toBeLessThanOrEqual(cache.maxBytes)
    expect(cache.get('/b')).toBeUndefined()
    expect(cache.get('/a')).toBeDefined()
    expect(cache.get('/i')).toBeDefined()
  })

  it('keeps no entry larger than an eighth of the budget', () => {
    const cache = createRenderCache({ maxBytes: 80_000 })
    cache.set('/huge', entry('x'.repeat(20_000)), cache.generation)
    expect(cache.size).toBe(0)
  })

  it('keys by path plus only the declared query parameters, sorted', () => {
    const u = (s: string) => new URL(s, 'http://x')
    expect(cacheKey(u('/?x=1&utm_source=a'), [])).toBe('/')
    expect(cacheKey(u('/search?x=1&q=slots'), ['q'])).toBe('/search?q=slots')
    expect(cacheKey(u('/p?b=2&a=1&z=9'), ['b', 'a'])).toBe('/p?a=1&b=2')
    expect(cacheKey(u('/search?q='), ['q'])).toBe('/search?q=')
  })

  it('answers 2,100 cache-busting query strings from one entry (issue 14: 93 → 299 MB RSS)', async () => {
    const { app, ctx } = await makeTestApp()
    const first = await app.request('/api/posts/blog-content?x=0')
    for (let i = 1; i < 2_100; i++) expect((await app.request(`/api/posts/blog-content?x=${i}`)).status).toBe(200)
    expect(ctx.renderCache.size).toBe(1)
    const again = await app.request('/api/posts/blog-content?utm_source=mail')
    expect(again.headers.get('etag')).toBe(first.headers.get('etag'))
  })

  it('answers HEAD without a body', async () => {
    const res = answerFrom(entry('x'.repeat(1000)), new Request('http://x/', { method: 'HEAD' }))
    expect(res.status).toBe(200)
    expect(await res.text()).toBe('')
  })

  it('shows a content change on the next request once cleared (what every write does)', async () => {
    const { app, ctx } = await makeTestApp()
    const before = await (await app.request('/api/posts/article-bottom')).json()
    await ctx.repos.posts.insert({ ...before[0], _id: 'fresh-bottom', title: 'Fresh', createdAt: new Date(Date.now() + 60_000).toISOString() })
    expect((await (await app.request('/api/posts/article-bottom')).json()).length).toBe(before.length) // still cached
    ctx.renderCache.clear()
    const after = await (await app.request('/api/posts/article-bottom')).json()
    expect(after.map((p: { _id: string }) => p._id)).toContain('fresh-bottom')
  })
})

describe('render cache across processes (content version)', () => {
  it('clears itself when the store version moves, checking at most once per interval', async () => {
    let version = 1
    let clock = 0
    let reads = 0
    const cache = createRenderCache({ readVersion: async () => (reads++, version), checkEveryMs: 1_000, now: () => clock })
    cache.revalidate()
    await Bun.sleep(0)
    cache.set('/', entry('page'), cache.generation)
    version = 2 // another process wrote
    clock = 500
    cache.revalidate()
    await Bun.sleep(0)
    expect(cache.get('/')).toBeDefined() // not due yet
    expect(reads).toBe(1)
    clock = 1_500
    cache.revalidate()
    await Bun.sleep(0)
    expect(reads).toBe(2)
    expect(cache.get('/')).toBeUndefined()
  })

  it('sees a write made through another context on the same store (the CLI beside a server)', async () => {
    const { SqliteStore } = await import('../db/sqlite.ts')
    const { createAppContext } = await import('./context.ts')
    const { loadConfig } = await import('./config.ts')
    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      const store = new SqliteStore(':memory:')
      const config = loadConfig({ DATA_DIR: ':memory:', AUTH_SECRET: 'x'.repeat(40) })
      const server = await createAppContext(config, { store })
      const cli = await createAppContext(config, { store })
      server.renderCache.revalidate() // learns the current version
      await Bun.sleep(5)
      server.renderCache.set('/', entry('page'), server.renderCache.generation)
      await cli.services.seed.seedDemo()
      await Bun.sleep(5)
      vi.setSystemTime(Date.now() + 1_500)
      server.renderCache.revalidate()
      await Bun.sleep(5)
      expect(server.renderCache.get('/')).toBeUndefined()
    } finally {
      vi.useRealTimers()
    }
  })

})

describe('a cache of size 0 (the dev server)', () => {
  it('keeps nothing', () => {
    const cache = createRenderCache({ maxBytes: 0 })
    cache.set('/', entry('page'), cache.generation)
    expect(cache.get('/')).toBeUndefined()
  })
})
