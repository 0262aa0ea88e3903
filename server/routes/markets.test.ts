import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { beforeAll, describe, expect, it } from 'vitest'
import { marketKeySchema, RESERVED_SEGMENTS } from '../../lib/market-schema.ts'
import { MARKET_PRESETS } from '../../lib/markets.ts'
import { loginAs, makeTestApp } from '../../test/make-app.ts'
import { declaredRoutes } from '../router.ts'

type App = Awaited<ReturnType<typeof makeTestApp>>
let t: App
let admin: string
let editor: string
beforeAll(async () => {
  t = await makeTestApp({ env: { GEO_HEADER: 'cf-ipcountry' } }) // the demo: markets uk, ca-on and de, two German translations
  admin = (await loginAs(t, 'admin')).accessToken
  editor = (await loginAs(t, 'editor')).accessToken
})

const send = (method: string, path: string, body?: unknown, token: string | null = admin, headers: Record<string, string> = {}) =>
  t.app.request(path, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  })
const ireland = (over: Record<string, unknown> = {}) => ({ key: 'ie', name: 'Ireland', legalPages: [], ...MARKET_PRESETS.IE, ...over })
const keys = async () => ((await (await send('GET', '/api/markets', undefined, null)).json()) as { markets: { key: string }[] }).markets.map((m) => m.key)

describe('/api/markets (issue 23): anyone reads, only admins write, every write audited', () => {
  it('lists the demo markets and the shipped presets, to anyone', async () => {
    const res = await send('GET', '/api/markets', undefined, null)
    expect(res.status).toBe(200)
    const body = await res.json()
    expect(body.markets.map((m: { key: string }) => m.key)).toEqual(['ca-on', 'de', 'uk'])
    expect(Object.keys(body.presets)).toEqual(['GB', 'IE', 'CA-ON', 'US-NJ', 'DE'])
  })

  it('anonymous is 401 and an editor 403 on a write; nothing is created', async () => {
    expect((await send('POST', '/api/markets', ireland(), null)).status).toBe(401)
    expect((await send('POST', '/api/markets', ireland(), editor)).status).toBe(403)
    expect(await keys()).not.toContain('ie')
  })

  it('an admin creates, changes and deletes a market; each write is in the audit log', async () => {
    const created = await send('POST', '/api/markets', ireland())
    expect(created.status, await created.clone().text()).toBe(201)
    expect(await created.json()).toMatchObject({ key: 'ie', language: 'en-IE', minimumAge: 18, rules: { showBonuses: false } })
    const changed = await send('PUT', '/api/markets/ie', ireland({ minimumAge: 21 }))
    expect(changed.status).toBe(200)
    expect((await (await send('GET', '/api/markets/ie', undefined, null)).json()).minimumAge).toBe(21)
    const audit = await (await send('GET', `/api/audit?target=${encodeURIComponent('market:ie')}&limit=5`)).json()
    expect(audit.entries.map((e: { action: string }) => e.action)).toEqual(['market.update', 'market.create'])
    expect(audit.entries[0].changes).toContainEqual({ field: 'minimumAge', from: 18, to: 21 })
    expect((await send('DELETE', '/api/markets/ie')).status).toBe(200)
    expect(await keys()).not.toContain('ie')
    expect((await send('GET', '/api/markets/ie', undefined, null)).status).toBe(404)
  })

  it.each([
    [{ language: 'english please' }, 'language'],
    [{ key: 'brands' }, 'key'],
    [{ key: 'api' }, 'key'],
    [{ currency: 'EURO' }, 'currency'],
    [{ countries: ['IRL'] }, 'countries.0'],
    [{ rules: { showBonuses: 'yes' } }, 'rules.showBonuses'],
  ])('bad input %j is a 400 naming %s, and changes nothing', async (over, path) => {
    const res = await send('POST', '/api/markets', ireland(over))
    expect(res.status).toBe(400)
    const body = await res.json()
    expect(body.code).toBe('bad_request')
    expect(body.message).toContain(path)
    expect(body.issues.map((i: { path: string }) => i.path)).toContain(path)
    expect(await keys()).toEqual(['ca-on', 'de', 'uk'])
  })

  it('a taken key is a 409; a market keeps its key; malformed JSON is a 400', async () => {
    expect((await send('POST', '/api/markets', ireland({ key: 'uk' }))).status).toBe(409)
    const moved = await send('PUT', '/api/markets/uk', ireland({ key: 'gb' }))
    expect(moved.status).toBe(400)
    expect((await moved.json()).message).toMatch(/^Invalid key/)
    expect((await send('POST', '/api/markets', '{"key":')).status).toBe(400)
    expect((await send('PUT', '/api/markets/zz', ireland({ key: 'zz' }))).status).toBe(404)
  })

  it('no market key can take a first path segment the app routes: no prefix can hide a route', () => {
    const segments = new Set(declaredRoutes(t.app).map((r) => r.path.split('/')[1]!).filter((s) => s && !s.startsWith(':') && s !== '*'))
    // and every page folder Vike routes
    const dir = fileURLToPath(new URL('../../pages', import.meta.url))
    const folders = (d: string) => readdirSync(d, { withFileTypes: true }).filter((e) => e.isDirectory())
    // a (group) folder adds no segment: its children are top-level pages
    const pages = folders(dir).flatMap((e) => (e.name.startsWith('(') ? folders(join(dir, e.name)).map((c) => c.name) : [e.name])).filter((n) => !/^[_+@]/.test(n) && n !== 'index')
    expect(pages).toEqual(expect.arrayContaining(['admin', 'login', 'article', 'search']))
    const all = [...segments, ...pages.map((p) => (p === 'brands-directory' ? 'brands' : p))].map((s) => s.replace(/\{.*$/, ''))
    expect(all).toContain('go') // two letters, the shape of a market key: refused by name
    for (const s of all) expect(marketKeySchema.safeParse(s).success, `a market could take /${s}`).toBe(false)
    expect(RESERVED_SEGMENTS.has('go')).toBe(true)
  })
})

describe('posts in markets and their translations (issue 23)', () => {
  const post = (over: Record<string, unknown>) => ({ title: `Market post ${Math.random().toString(36).slice(2, 7)}`, description: 'x', ...over })
  it.each([
    [{ market: 'zz' }, 'market', /there is no market "zz"/],
    [{ market: 'NOT A KEY!' }, 'market', /market key/],
    [{ market: 'de', translationOf: 'no-such-post' }, 'translationOf', /no post with this id/],
    [{ market: 'de', translationOf: 'rtp-erklaert' }, 'translationOf', /itself a translation: link to its original, "rtp-explained"/],
    [{ market: null, translationOf: 'rtp-explained' }, 'translationOf', /another market than its original/],
    [{ market: 'de', translationOf: 'rtp-explained' }, 'translationOf', /"rtp-erklaert" already translates it/],
  ])('%j is a 400 naming %s, and no post is made', async (over, path, message) => {
    const before = (await t.ctx.services.content.adminList({ type: 'article', limit: 1 })).total
    const res = await send('POST', '/api/posts/article', post(over), editor)
    expect(res.status).toBe(400)
    const body = await res.json()
    expect(body.issues?.map((i: { path: string }) => i.path) ?? [body.message]).toContain(path)
    expect(body.message).toMatch(message)
    expect((await t.ctx.services.content.adminList({ type: 'article', limit: 1 })).total).toBe(before)
  })

  it('a post cannot translate itself, and an original with translations cannot become one (no loops)', async () => {
    const self = await send('PUT', '/api/posts/rtp-explained', post({ type: 'article', translationOf: 'rtp-explained', market: 'uk' }), editor)
    expect(self.status).toBe(400)
    expect((await self.json()).message).toMatch(/cannot translate itself/)
    const loop = await send('PUT', '/api/posts/rtp-explained', post({ type: 'article', translationOf: 'wagering-requirements-decoded', market: 'uk' }), editor)
    expect(loop.status).toBe(400)
    expect((await loop.json()).message).toMatch(/other posts translate this one/)
    expect((await t.ctx.services.posts.get('rtp-explained')).translationOf).toBeNull()
  })

  it('a translation saved through the API joins its group: both articles name each other with their languages', async () => {
    const res = await send('POST', '/api/posts/article', post({ market: 'uk', translationOf: 'wagering-requirements-decoded', slug: 'wagering-uk' }), editor)
    expect(res.status, await res.clone().text()).toBe(201)
    const original = await t.ctx.services.posts.get('wagering-requirements-decoded')
    const group = await t.ctx.services.content.translations(original)
    expect(group.map((g) => [g.postId, g.language, g.path])).toEqual(
      expect.arrayContaining([
        ['wagering-requirements-decoded', 'en', '/article/wagering-requirements-decoded'],
        ['umsatzbedingungen-erklaert', 'de-DE', '/de/article/umsatzbedingungen-erklaert'],
        ['wagering-uk', 'en-GB', '/uk/article/wagering-uk'],
      ]),
    )
    expect(group).toHaveLength(3)
  })

  it('lists stay in their market: the German market lists its own articles only, the default market none of them', async () => {
    const de = t.ctx.services.markets.byPrefix('/de')
    const german = await t.ctx.services.content.archive({ page: 1, market: de })
    expect(german!.posts.map((p) => p._id).sort()).toEqual(['casino-bonus-richtig-lesen', 'rtp-erklaert', 'umsatzbedingungen-erklaert'])
    const everyone = await t.ctx.services.content.archive({ page: 1 })
    expect(everyone!.posts.map((p) => p._id)).not.toContain('rtp-erklaert')
    expect(await t.ctx.services.content.findArticle('rtp-erklaert')).toBeNull()
    expect((await t.ctx.services.content.findArticle('rtp-erklaert', { market: de }))?._id).toBe('rtp-erklaert')
    const search = await t.ctx.services.search.search({ q: 'RTP' }, { market: de })
    expect(search.results.map((r) => r._id)).toEqual(['rtp-erklaert'])
  })
})

describe('the admin’s lists filtered by market (issue 23)', () => {
  it('GET /api/posts/list?market= gives one market’s posts, or those written for every market; a bad one is a 400', async () => {
    const ids = async (q: string) => ((await (await send('GET', `/api/posts/list?type=article&limit=100${q}`, undefined, editor)).json()) as { posts: { _id: string }[] }).posts.map((p) => p._id)
    expect((await ids('&market=de')).sort()).toEqual(['rtp-erklaert', 'umsatzbedingungen-erklaert'])
    const shared = await ids('&market=shared')
    expect(shared).toContain('rtp-explained')
    expect(shared).not.toContain('rtp-erklaert')
    expect((await ids('')).length).toBe(shared.length + 2 + (await ids('&market=uk')).length)
    const bad = await send('GET', '/api/posts/list?type=article&market=Deutschland!', undefined, editor)
    expect(bad.status).toBe(400)
    expect((await bad.json()).message).toMatch(/^Invalid market/)
  })
})

describe('a visitor’s market and the market sitemaps (issue 23)', () => {
  it('GET /api/geo offers a German visitor the German market, a visitor from an unserved country none', async () => {
    expect(await (await send('GET', '/api/geo', undefined, null, { 'cf-ipcountry': 'DE' })).json()).toEqual({ country: 'DE', region: null, market: { key: 'de', name: 'Deutschland', prefix: '/de', language: 'de-DE' } })
    expect(await (await send('GET', '/api/geo', undefined, null, { 'cf-ipcountry': 'FR' })).json()).toEqual({ country: 'FR', region: null, market: null })
  })

  it('a market that serves a region (US-NJ) is offered by the CDN region header GEO_REGION_HEADER names, and by nothing else', async () => {
    const regional = await makeTestApp({ env: { GEO_HEADER: 'cf-ipcountry', GEO_REGION_HEADER: 'cf-region-code', GEO_DB: '0' } })
    const token = (await loginAs(regional, 'admin')).accessToken
    const created = await regional.app.request('/api/markets', { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify({ key: 'us-nj', name: 'New Jersey', legalPages: [], ...MARKET_PRESETS['US-NJ'] }) })
    expect(created.status).toBe(201)
    const geo = async (headers: Record<string, string>) => (await (await regional.app.request('/api/geo', { headers })).json()) as { region: string | null; market: { key: string } | null }
    expect(await geo({ 'cf-ipcountry': 'US', 'cf-region-code': 'NJ' })).toMatchObject({ region: 'US-NJ', market: { key: 'us-nj' } })
    expect(await geo({ 'cf-ipcountry': 'US', 'cf-region-code': 'us-nj' })).toMatchObject({ region: 'US-NJ', market: { key: 'us-nj' } })
    expect(await geo({ 'cf-ipcountry': 'US', 'cf-region-code': 'NY' })).toMatchObject({ region: 'US-NY', market: null })
    // a region alone, or a value that is no subdivision code, names no market
    expect(await geo({ 'cf-region-code': 'NJ' })).toMatchObject({ region: null, market: null })
    expect(await geo({ 'cf-ipcountry': 'US', 'cf-region-code': 'New Jersey' })).toMatchObject({ region: null, market: null })
    // unconfigured, the header is ignored: any client can send one
    expect(await (await send('GET', '/api/geo', undefined, null, { 'cf-ipcountry': 'US', 'cf-region-code': 'NJ' })).json()).toMatchObject({ region: null })
  })

  it('the sitemap index lists each market’s sitemap; a market’s sitemap lists only its own pages, under its prefix', async () => {
    const index = await (await send('GET', '/sitemap.xml', undefined, null)).text()
    for (const k of ['ca-on', 'de', 'uk']) expect(index).toContain(`/${k}/sitemap-1.xml</loc>`)
    const de = await (await send('GET', '/de/sitemap-1.xml', undefined, null)).text()
    const locs = [...de.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname)
    expect(locs.every((p) => p === '/de' || p.startsWith('/de/'))).toBe(true)
    expect(locs).toEqual(expect.arrayContaining(['/de', '/de/article/rtp-erklaert', '/de/article/umsatzbedingungen-erklaert', '/de/brands/nova-spins']))
    expect(locs.filter((p) => p.startsWith('/de/article/'))).toHaveLength(3)
    // the default market's article sitemap no longer lists the German articles (they are not found there)
    const articles = await (await send('GET', '/sitemap-articles-1.xml', undefined, null)).text()
    expect(articles).not.toContain('rtp-erklaert')
    expect(articles).toContain('/article/rtp-explained<')
    expect((await send('GET', '/zz/sitemap-1.xml', undefined, null)).status).toBe(404)
    expect((await send('GET', '/de/sitemap-9.xml', undefined, null)).status).toBe(404)
  })
})
