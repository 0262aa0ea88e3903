import { beforeAll, describe, expect, it } from 'vitest'
import { json, makeTestApp } from '../../test/make-app.ts'
import { testBackend } from '../../test/store.ts'

const BROWSER_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36'

let t: Awaited<ReturnType<typeof makeTestApp>>
beforeAll(async () => {
  t = await makeTestApp()
})

describe('GET /api/health', () => {
  it('answers ok with the store kind', async () => {
    const res = await t.app.request('/api/health')
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ ok: true, store: testBackend() })
  })
})

describe('GET /api/posts/blog-content', () => {
  it('answers hero, featured and articles, without the admin-only articleBottoms', async () => {
    const res = await t.app.request('/api/posts/blog-content')
    expect(res.status).toBe(200)
    const body = await res.json()
    expect(body.hero.title).toBe('The Smarter Way to Win in iGaming')
    expect(body.featured._id).toBe('how-to-read-a-casino-bonus')
    expect(body.articles.length).toBeGreaterThanOrEqual(13)
    expect(body.articles.every((a: { type: string }) => a.type === 'article')).toBe(true)
    expect(body).not.toHaveProperty('articleBottoms')
  })

  it('is served from the render cache with an ETag, and a matching If-None-Match gets 304', async () => {
    const first = await t.app.request('/api/posts/blog-content')
    const etag = first.headers.get('etag')
    expect(etag).toMatch(/^W\/"/)
    const again = await t.app.request('/api/posts/blog-content', { headers: { 'if-none-match': etag! } })
    expect(again.status).toBe(304)
  })

  it('is gzip-compressed when the client accepts it', async () => {
    const res = await t.app.request('/api/posts/blog-content', { headers: { 'accept-encoding': 'gzip, br' } })
    expect(res.headers.get('content-encoding')).toBe('gzip')
    const text = new TextDecoder().decode(Bun.gunzipSync(new Uint8Array(await res.arrayBuffer())))
    expect(JSON.parse(text).hero.title).toBe('The Smarter Way to Win in iGaming')
  })
})

describe('GET /api/posts/article-bottom', () => {
  it('answers a list of bottom articles', async () => {
    const res = await t.app.request('/api/posts/article-bottom')
    const body = await res.json()
    expect(Array.isArray(body)).toBe(true)
    expect(body.length).toBeGreaterThanOrEqual(4)
    expect(body.every((a: { type: string }) => a.type === 'articleBottom')).toBe(true)
  })
})

describe('GET /api/brands/static-offers', () => {
  it('answers pages of offers with URLs for images, never bytes', async () => {
    const res = await t.app.request('/api/brands/static-offers')
    const { pages } = await res.json()
    expect(pages.length).toBeGreaterThanOrEqual(7)
    const nova = pages.find((p: { _id: string }) => p._id === 'nova-spins')
    expect(nova).toMatchObject({ brandName: 'Nova Spins', campaignTypeRaw: 'Web - Registration', logo: { data: null, cdnUrl: '/demo/brands/nova-spins.svg' } })
    expect(nova.dealBox.ctaUrl).toBe('https://novaspins.example/welcome?aff=gw')
  })
})

describe('GET /api/brands/:brandId', () => {
  it('answers the brand page with the click-flow fields', async () => {
    const res = await t.app.request('/api/brands/nova-spins')
    expect(res.status).toBe(200)
    const b = await res.json()
    expect(b).toMatchObject({ enableClickId: true, enableGaid: true, enableUserAgent: true, enableCustomParams: true })
    expect(b.customParams).toContainEqual({ key: 'utm_source', value: 'gamewise' })
  })
  it('turns an object map of custom parameters into a list (spec §3)', async () => {
    const b = await (await t.app.request('/api/brands/satoshi-slots')).json()
    expect(b.customParams).toEqual([{ key: 'ref', value: 'gamewise' }, { key: 'channel', value: 'crypto%2Bguides' }])
  })
  it('reads the older buttonLabel/buttonUrl as the CTA', async () => {
    const b = await (await t.app.request('/api/brands/moonjackpot')).json()
    expect(b.dealBox).toMatchObject({ ctaLabel: 'Spin Now', ctaUrl: 'https://moonjackpot.example/spins' })
  })
  it.each(['does-not-exist', 'bad%20id%3Cscript%3E', 'a'.repeat(101)])('answers 404 { message } for unknown or malformed id %s', async (id) => {
    const res = await t.app.request(`/api/brands/${id}`)
    expect(res.status).toBe(404)
    expect(await res.json()).toEqual({ message: 'Brand not found', code: 'not_found' })
  })
})

describe('unknown API paths', () => {
  it('answer 404 JSON', async () => {
    const res = await t.app.request('/api/nope')
    expect(res.status).toBe(404)
    expect(await res.json()).toEqual({ message: 'Not found', code: 'not_found' })
  })
})

describe('POST /api/clicks', () => {
  const valid = () => ({
    clickid: crypto.randomUUID(),
    userId: null,
    brandId: 'nova-spins',
    user_agent: 'Mozilla/5.0 test',
    gaid: crypto.randomUUID(),
    timestamp: new Date().toISOString(),
    customParams: [{ key: 'utm_source', value: 'gamewise' }],
  })

  it('stores the click record with the server receive time and bumps the daily counter', async () => {
    const body = valid()
    const totals = async () => (await t.ctx.services.reports.brand('nova-spins', {})).totals
    const before = await totals()
    const res = await t.app.request('/api/clicks', json(body, { 'user-agent': BROWSER_UA }))
    expect(res.status).toBe(201)
    expect(await res.json()).toEqual({ ok: true, clickid: body.clickid })
    const stored = await t.ctx.repos.clicks.findByClickId(body.clickid)
    expect(stored).toMatchObject({ brandId: 'nova-spins', gaid: body.gaid, user_agent: 'Mozilla/5.0 test', timestamp: body.timestamp, source: 'browser' })
    expect(stored!.receivedAt).toBeInstanceOf(Date)
    expect((await totals()).clicks).toBe(before.clicks + 1)
  })

  it('counts a bot user agent as a bot click, not a click', async () => {
    const totals = async () => (await t.ctx.services.reports.brand('luckyforge', {})).totals
    const before = await totals()
    const res = await t.app.request('/api/clicks', json({ ...valid(), brandId: 'luckyforge' }, { 'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' }))
    expect(res.status).toBe(201)
    const after = await totals()
    expect(after.botClicks).toBe(before.botClicks + 1)
    expect(after.clicks).toBe(before.clicks)
  })

  it('accepts customParams as an object map', async () => {
    const res = await t.app.request('/api/clicks', json({ ...valid(), customParams: { a: 'b' } }))
    expect(res.status).toBe(201)
  })

  const bad: [string, () => RequestInit, number][] = [
    ['malformed JSON', () => json('{"clickid": '), 400],
    ['a missing clickid', () => json({ ...valid(), clickid: undefined }), 400],
    ['a missing brandId', () => json({ ...valid(), brandId: undefined }), 400],
    ['a wrong-typed timestamp', () => json({ ...valid(), timestamp: 12345 }), 400],
    ['a non-ISO timestamp', () => json({ ...valid(), timestamp: 'yesterday' }), 400],
    ['a wrong-typed customParams', () => json({ ...valid(), customParams: 'x=1' }), 400],
    ['an unknown field', () => json({ ...valid(), admin: true }), 400],
    ['an unknown brandId', () => json({ ...valid(), brandId: 'no-such-brand' }), 404],
    ['a body over 16 KB', () => json({ ...valid(), user_agent: 'x'.repeat(17 * 1024) }), 413],
    // issue 14, defect 9: what a cross-site form or fetch can send without a CORS preflight
    ['a cross-site text/plain body', () => ({ method: 'POST', headers: { 'content-type': 'text/plain' }, body: JSON.stringify(valid()) }), 415],
    ['a form-encoded body', () => ({ method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'clickid=x' }), 415],
    ['a request a browser marks cross-site', () => json(valid(), { 'sec-fetch-site': 'cross-site' }), 403],
  ]
  it.each(bad)('rejects %s with a 4xx { message, code } and stores nothing', async (_name, init, status) => {
    const before = await t.ctx.repos.clicks.count()
    const res = await t.app.request('/api/clicks', init())
    expect(res.status).toBe(status)
    const body = await res.json()
    expect(typeof body.message).toBe('string')
    expect(body.message.length).toBeGreaterThan(0)
    expect(typeof body.code).toBe('string') // malformed JSON had none (found by server/fuzz.test.ts)
    expect(await t.ctx.repos.clicks.count()).toBe(before)
  })

  it('rejects a replayed clickid with 409 and keeps one record', async () => {
    const body = valid()
    expect((await t.app.request('/api/clicks', json(body))).status).toBe(201)
    expect((await t.app.request('/api/clicks', json(body))).status).toBe(409)
    expect(await t.ctx.repos.clicks.count({ clickid: body.clickid })).toBe(1)
  })
})
