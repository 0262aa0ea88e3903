import { beforeAll, describe, expect, it, vi } from 'vitest'
import { loginAs, makeTestApp } from '../test/make-app.ts'
import { createApp } from './app.ts'
import { createLogger } from './logger.ts'

/**
 * Render-cache hits are answered before routing (server/fast-path.ts). These tests hold the hit path to
 * what routing answers: the same status, body and headers (the request id aside), the same log line and
 * metrics, and routing whenever a hit could not know the answer. Speed itself is measured by
 * `bun run bench`, never asserted here.
 */

const PAGE = `<!doctype html><html><body>${'<p>cached page</p>'.repeat(200)}</body></html>`
type Line = { level: number; reqId: string; method: string; route: string; status: number; msg: string }

let t: Awaited<ReturnType<typeof makeTestApp>>
let app: ReturnType<typeof createApp>
let renders = 0
const raw: string[] = []
const lines = () => raw.map((l) => JSON.parse(l) as Line).filter((l) => l.msg === 'request')

beforeAll(async () => {
  t = await makeTestApp({ env: { GEO_HEADER: 'cf-ipcountry', GEO_DB: '0', LOG_LEVEL: 'info', METRICS_TOKEN: 'metrics-token-0123456789abcdef' } })
  app = createApp({
    log: createLogger(t.ctx.config, { destination: { write: (line: string) => void raw.push(line) } }),
    config: t.ctx.config,
    services: t.ctx.services,
    store: t.ctx.store,
    renderCache: t.ctx.renderCache,
    renderPage: async () => {
      renders++
      return new Response(PAGE, { headers: { 'content-type': 'text/html;charset=utf-8' } })
    },
  })
})

/** Headers as a sorted list, without the request's own id. */
const headersOf = (res: Response) => [...res.headers].filter(([k]) => k !== 'x-request-id').sort(([a], [b]) => a.localeCompare(b))

describe('a render-cache hit, answered before routing', () => {
  it.each([
    ['a page', '/article/rtp-explained', {}],
    ['a page, gzip', '/article/rtp-explained', { 'accept-encoding': 'gzip, deflate, br' }],
    ['a country page', '/', { 'cf-ipcountry': 'DE' }],
    ['an API answer', '/api/brands/nova-spins', {}],
    ['an API answer, gzip', '/api/posts/blog-content', { 'accept-encoding': 'gzip' }],
    ['an answer keyed by its query', '/api/search?q=poker&utm_source=x', {}],
  ])('%s: the same status, body and headers as the routed answer', async (_, path, headers: Record<string, string>) => {
    t.ctx.renderCache.clear()
    const routed = await app.request(path, { headers })
    const hit = await app.request(path, { headers })
    expect(hit.status).toBe(200)
    expect(headersOf(hit)).toEqual(headersOf(routed))
    expect(Buffer.from(await hit.arrayBuffer()).equals(Buffer.from(await routed.arrayBuffer()))).toBe(true)
    expect(hit.headers.get('x-request-id')).not.toBe(routed.headers.get('x-request-id'))
  })

  it('skips the routed path: no country lookup, no re-render, and HEAD and If-None-Match answered the same', async () => {
    t.ctx.renderCache.clear()
    const keyFor = vi.spyOn(t.ctx.services.countryProfiles, 'keyFor')
    const first = await app.request('/', { headers: { 'cf-ipcountry': 'GB' } })
    const before = renders
    const calls = keyFor.mock.calls.length
    const hit = await app.request('/', { headers: { 'cf-ipcountry': 'GB' } })
    expect(await hit.text()).toBe(PAGE)
    const head = await app.request('/', { method: 'HEAD', headers: { 'cf-ipcountry': 'GB' } })
    expect(head.status).toBe(200)
    expect(await head.text()).toBe('')
    expect(headersOf(head)).toEqual(headersOf(first))
    const notModified = await app.request('/', { headers: { 'cf-ipcountry': 'GB', 'if-none-match': first.headers.get('etag')! } })
    expect(notModified.status).toBe(304)
    expect(keyFor.mock.calls.length).toBe(calls) // answered before routing: the routed path asks for the profile every time
    expect(renders).toBe(before)
  })

  it('writes the same log line and metrics as a routed answer, with its own request id', async () => {
    t.ctx.renderCache.clear()
    raw.length = 0
    const routed = await app.request('/api/brands/nova-spins')
    const hit = await app.request('/api/brands/nova-spins', { headers: { 'x-request-id': 'hit-trace-1' } })
    const page = await app.request('/article/rtp-explained')
    const pageHit = await app.request('/article/rtp-explained')
    expect(hit.headers.get('x-request-id')).toBe('hit-trace-1')
    const [a, b, c, d] = lines()
    expect(lines()).toHaveLength(4)
    expect(a).toMatchObject({ reqId: routed.headers.get('x-request-id'), method: 'GET', route: '/api/brands/:brandId', status: 200, level: 30 })
    expect(b).toMatchObject({ reqId: 'hit-trace-1', method: 'GET', route: '/api/brands/:brandId', status: 200, level: 30 })
    expect(c).toMatchObject({ reqId: page.headers.get('x-request-id'), route: 'page' })
    expect(d).toMatchObject({ reqId: pageHit.headers.get('x-request-id'), route: 'page' })
    expect(Object.keys(b!)).toEqual(Object.keys(a!))
    const metrics = await (await app.request('/metrics', { headers: { authorization: 'Bearer metrics-token-0123456789abcdef' } })).text()
    expect(metrics).toMatch(/gamewise_http_request_duration_seconds_count\{method="GET",route="\/api\/brands\/:brandId",status="2xx"\} [2-9]/)
  })

  it('gives each answer its own headers: a request id never leaks into the entry or the next answer', async () => {
    t.ctx.renderCache.clear()
    await app.request('/api/brands/nova-spins')
    const ids = await Promise.all(['a-1', 'b-2', 'c-3'].map(async (id) => (await app.request('/api/brands/nova-spins', { headers: { 'x-request-id': id } })).headers.get('x-request-id')))
    expect(ids).toEqual(['a-1', 'b-2', 'c-3'])
    const plain = await app.request('/api/brands/nova-spins')
    expect(plain.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)
  })
})

describe('request lines of hits, sampled (REQUEST_LOG_HIT_SAMPLE)', () => {
  it('writes one line in N hits, marked with N, counts every hit in the metrics, and gives an id only to a logged hit or one the caller sent', async () => {
    const sampled: string[] = []
    const app3 = createApp({
      log: createLogger(t.ctx.config, { destination: { write: (line: string) => void sampled.push(line) } }),
      config: { ...t.ctx.config, hitLogSample: 3 },
      services: t.ctx.services,
      store: t.ctx.store,
      renderCache: t.ctx.renderCache,
      renderPage: async () => new Response(PAGE, { headers: { 'content-type': 'text/html;charset=utf-8' } }),
    })
    t.ctx.renderCache.clear()
    const path = '/api/brands/nova-spins'
    const routed = await app3.request(path)
    const hits = []
    for (let i = 0; i < 7; i++) hits.push(await app3.request(path, i === 2 ? { headers: { 'x-request-id': 'caller-2' } } : {}))
    const requestLines = sampled.map((l) => JSON.parse(l)).filter((l) => l.msg === 'request')
    expect(requestLines.map((l) => l.sample)).toEqual([undefined, 3, 3, 3]) // the routed answer always, then hits 1, 4 and 7
    expect(requestLines.map((l) => l.reqId)).toEqual([routed.headers.get('x-request-id'), hits[0]!.headers.get('x-request-id'), hits[3]!.headers.get('x-request-id'), hits[6]!.headers.get('x-request-id')])
    expect(hits.map((h) => h.headers.get('x-request-id') !== null)).toEqual([true, false, true, true, false, false, true])
    expect(hits[2]!.headers.get('x-request-id')).toBe('caller-2') // echoed, though not logged
    for (const h of hits) expect(headersOf(h)).toEqual(headersOf(routed))
    const count = async () => {
      const text = await (await app3.request('/metrics', { headers: { authorization: 'Bearer metrics-token-0123456789abcdef' } })).text()
      return Number(text.match(/_count\{method="GET",route="\/api\/brands\/:brandId",status="2xx"\} (\d+)/)?.[1])
    }
    const before = await count()
    await app3.request(path)
    await app3.request(path)
    expect(await count()).toBe(before + 2) // every hit, logged or not
  })
})

describe('what the hit path leaves to routing', () => {
  it('a token on a route it may enrich (blog-content): the editor still gets their own view', async () => {
    t.ctx.renderCache.clear()
    const anonymous = await (await app.request('/api/posts/blog-content')).json()
    expect(anonymous).not.toHaveProperty('articleBottoms')
    const { accessToken } = await loginAs(t, 'editor')
    const editor = await app.request('/api/posts/blog-content', { headers: { authorization: `Bearer ${accessToken}` } })
    expect(await editor.json()).toHaveProperty('articleBottoms')
    expect(editor.headers.get('cache-control')).toBe('no-store')
  })

  it('a content write: the next request is routed and renders the new content', async () => {
    t.ctx.renderCache.clear()
    await app.request('/article/rtp-explained')
    const before = renders
    t.ctx.renderCache.clear() // what every write does
    await app.request('/article/rtp-explained')
    expect(renders).toBe(before + 1)
  })

  it('a country whose profile this generation has not worked out yet is routed, then answered early', async () => {
    t.ctx.renderCache.clear()
    const keyFor = vi.spyOn(t.ctx.services.countryProfiles, 'keyFor')
    await app.request('/', { headers: { 'cf-ipcountry': 'FR' } })
    const calls = keyFor.mock.calls.length
    await app.request('/', { headers: { 'cf-ipcountry': 'IT' } }) // another country: routed (profile asked)
    expect(keyFor.mock.calls.length).toBe(calls + 1)
    await app.request('/', { headers: { 'cf-ipcountry': 'IT' } }) // now known: early
    expect(keyFor.mock.calls.length).toBe(calls + 1)
  })

  it('writes, unknown paths and misses', async () => {
    t.ctx.renderCache.clear()
    expect((await app.request('/api/clicks', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{bad' })).status).toBe(400)
    expect((await app.request('/api/nothing-here')).status).toBe(404)
    const before = renders
    expect((await app.request('/articles')).status).toBe(200)
    expect(renders).toBe(before + 1)
  })
})
