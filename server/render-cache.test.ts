import { describe, expect, it, vi } from 'vitest'
import { makeTestApp, serverAndCli } from '../test/make-app.ts'
import { createApp } from './app.ts'
import { answerFrom, cacheKey, createRenderCache, DEFAULT_QUERY_BYTES, DEFAULT_QUERY_ENTRIES, entryBytes, makeEntry, normalisePath } from './render-cache.ts'
import { baseHeaders } from './security-headers.ts'
import { testBackend } from '../test/store.ts'

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
    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      const { server, cli } = await serverAndCli()
      server.renderCache.revalidate() // learns the current version
      await Bun.sleep(5)
      server.renderCache.set('/', entry('page'), server.renderCache.generation)
      await cli.services.seed.seedDemo({ rasterImages: false }) // any write does; SVGs keep it to milliseconds
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
  it('keeps nothing, and remembers no route for the fast path (it could only ever miss, after a country lookup)', () => {
    const cache = createRenderCache({ maxBytes: 0 })
    cache.set('/', entry('page'), cache.generation)
    expect(cache.get('/')).toBeUndefined()
    cache.rememberRoute('/', { route: 'page', query: [], byCountry: true, richer: false, cacheControl: 'public', routed: false })
    expect(cache.routeFor('/')).toBeUndefined()
  })
})

describe('bounded under any query mix (issue 24)', () => {
  /** The app with a stand-in for Vike that renders each URL's own page and records what it was asked. */
  async function appWithPages() {
    const t = await makeTestApp()
    const asked: string[] = []
    const app = createApp({
      config: t.ctx.config,
      services: t.ctx.services,
      store: t.ctx.store,
      renderCache: t.ctx.renderCache,
      renderPage: async (req) => {
        asked.push(new URL(req.url).pathname + new URL(req.url).search)
        return new Response(`<!doctype html><p>${new URL(req.url).search}</p>${'<p>results</p>'.repeat(200)}`, { headers: { 'content-type': 'text/html' } })
      },
    })
    return { app, cache: t.ctx.renderCache, asked }
  }

  // 1,500 searches: on FerretDB (no text index) each scans every post, minutes in all; the cache's bound does not depend on the store
  it.skipIf(testBackend() === 'mongodb')('keeps at most a few search pages, whatever the number of distinct queries, and the pages stay', async () => {
    const { app, cache } = await appWithPages()
    await app.request('/')
    await app.request('/api/posts/article-bottom')
    for (let i = 0; i < 1_000; i++) {
      expect((await app.request(`/search?q=term+${i}`)).status).toBe(200)
      if (i % 2) expect((await app.request(`/api/search?q=term+${i}`)).status).toBe(200)
    }
    expect(cache.queries.entries).toBe(DEFAULT_QUERY_ENTRIES)
    expect(cache.queries.bytes).toBeLessThanOrEqual(DEFAULT_QUERY_BYTES)
    expect(cache.size).toBe(DEFAULT_QUERY_ENTRIES + 2) // the two pages were not pushed out
    const hits = cache.stats.hits
    await app.request('/')
    await app.request('/api/posts/article-bottom')
    expect(cache.stats.hits).toBe(hits + 2)
  })

  it('holds no more than its entry count and byte budget for query-string keys', () => {
    const cache = createRenderCache({ queryEntries: 5, queryBytes: 1024 * 1024 })
    for (let i = 0; i < 50; i++) cache.set(`/search?q=${i}`, entry(`results ${i}`), cache.generation)
    expect(cache.queries.entries).toBe(5)
    expect(cache.get('/search?q=49')).toBeDefined()
    expect(cache.get('/search?q=44')).toBeUndefined()
    const small = createRenderCache({ queryEntries: 1_000, queryBytes: 10 * entryBytes('/search?q=0', entry('x'.repeat(5_000))) })
    for (let i = 0; i < 50; i++) small.set(`/search?q=${i}`, entry('x'.repeat(5_000)), small.generation)
    expect(small.queries.bytes).toBeLessThanOrEqual(small.queries.maxBytes)
    expect(small.queries.entries).toBeLessThan(11)
  })

  it('junk query strings on pages that read none, or other parameters than theirs, make no entry', async () => {
    const { app, cache, asked } = await appWithPages()
    for (let i = 0; i < 300; i++) {
      for (const path of [`/?x=${i}`, `/article/rtp-explained?utm_source=${i}&${i}=1`, `/search?junk=${i}`, `/api/posts/blog-content?x${i}=${i}`]) {
        expect((await app.request(path)).status, path).toBe(200)
      }
    }
    expect(cache.size).toBe(4)
    expect(asked).toEqual(['/', '/article/rtp-explained', '/search']) // and rendered without the noise
  })

  it('an answer its renderer marks no-store (an error page\'s client-side data, issue 26) is never stored nor answered from memory', async () => {
    const t = await makeTestApp()
    let renders = 0
    const app = createApp({
      config: t.ctx.config,
      services: t.ctx.services,
      store: t.ctx.store,
      renderCache: t.ctx.renderCache,
      // as Vike answers a client-side navigation to an unknown page: a 200 JSON holding the error page
      renderPage: async () => (renders++, new Response('{"is404":true}', { headers: { 'content-type': 'application/json', 'cache-control': 'no-store' } })),
    })
    for (let i = 0; i < 3; i++) {
      const res = await app.request('/no-such-page/index.pageContext.json')
      expect(res.status).toBe(200)
      expect(res.headers.get('cache-control')).toBe('no-store')
    }
    expect(renders).toBe(3)
    expect(t.ctx.renderCache.size).toBe(0)
  })

  it('other spellings of the same path (percent-escapes) are the same entry, rendered from one spelling', async () => {
    const { app, cache, asked } = await appWithPages()
    for (const path of ['/article/rtp-explained', '/article/%72tp-explained', '/article/%72%74%70-explained', '/article/rtp%2Dexplained']) {
      expect((await app.request(path)).status, path).toBe(200)
    }
    const brand = await app.request('/api/brands/nova-spins')
    const spelled = await app.request('/api/brands/%6eova-spins')
    expect(spelled.status).toBe(200)
    expect(spelled.headers.get('etag')).toBe(brand.headers.get('etag'))
    expect(cache.size).toBe(2)
    expect(asked).toEqual(['/article/rtp-explained'])
    expect(normalisePath('/a/%7e%2f%c3%A9')).toBe('/a/~%2F%C3%A9') // reserved and non-ASCII escapes stay escaped
  })

  it('counts an entry as the process holds it: strings as UTF-16, both header sets, bodies in whole pages and their fragmentation', () => {
    const page = entry('x'.repeat(5_000))
    expect(entryBytes(`/${'k'.repeat(1_000)}`, page) - entryBytes('/', page)).toBe(2_000)
    const bytes = (n: number) => makeEntry(200, { 'content-type': 'image/png' }, new Uint8Array(n), baseHeaders({ siteUrl: 'http://localhost' }))
    expect(entryBytes('/', bytes(4_097))).toBe(entryBytes('/', bytes(8_192)))
    expect(entryBytes('/', bytes(8_192)) - entryBytes('/', bytes(4_096))).toBe(4_096 * 1.25)
    // a compressible answer holds its gzip copy and a second header set beside the first
    const html = makeEntry(200, { 'content-type': 'text/html' }, new TextEncoder().encode('<p>x</p>'.repeat(1_000)), baseHeaders({ siteUrl: 'http://localhost' }))
    expect(html.gzip).not.toBeNull()
    expect(entryBytes('/', html)).toBe(4_096 * 2 * 1.25 + 4_096 * 1.25 + ('/'.length + html.etag.length + html.headerChars * 2) * 2 + 1_024)
  })
})

describe('the render cache off (RENDER_CACHE_MB=0, issue 37)', () => {
  it('answers each client in the encoding it takes: gzip only when asked, the same bytes either way', async () => {
    const t = await makeTestApp({ env: { RENDER_CACHE_MB: '0' } })
    const html = `<!doctype html>${'<p>an uncached page</p>'.repeat(100)}`
    const app = createApp({ config: t.ctx.config, services: t.ctx.services, store: t.ctx.store, renderCache: t.ctx.renderCache, renderPage: async () => new Response(html, { headers: { 'content-type': 'text/html' } }) })
    const plain = await app.request('/')
    expect(plain.headers.get('content-encoding')).toBeNull()
    expect(await plain.text()).toBe(html)
    const zipped = await app.request('/', { headers: { 'accept-encoding': 'gzip, br' } })
    expect(zipped.headers.get('content-encoding')).toBe('gzip')
    expect(new TextDecoder().decode(Bun.gunzipSync(new Uint8Array(await zipped.arrayBuffer())))).toBe(html)
    expect(zipped.headers.get('etag')).toBe(plain.headers.get('etag'))
    expect(t.ctx.renderCache.size).toBe(0)
  })
})
