import { beforeAll, describe, expect, it } from 'vitest'
import { COUNTRY_CODES } from '../../lib/countries.ts'
import { isAvailableIn } from '../../lib/geo.ts'
import { json, loginAs, makeTestApp } from '../../test/make-app.ts'
import { helpFor } from '../../lib/responsible-gambling.ts'
import { createApp, type PageRenderer } from '../app.ts'
import { isCountryPage } from '../page-rules.ts'
import { demoBrands } from '../demo/brands.ts'

// compliance: geo-targeted offers (an operator may only be shown where it holds a licence)

const UA = (n: number | string) => `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36 geo-${n}`
const EVERYWHERE = ['nova-spins', 'luckyforge', 'arcadia-bet', 'satoshi-slots', 'royal-reel', 'pixel-poker', 'velocity-bet', 'moonjackpot']
const from = (country?: string, headers: Record<string, string> = {}) => ({ headers: { ...(country ? { 'cf-ipcountry': country } : {}), 'user-agent': UA(country ?? '-'), ...headers } })

let t: Awaited<ReturnType<typeof makeTestApp>>
let editor: string
beforeAll(async () => {
  // the header is trusted here; GEO_DB=0 keeps these tests off the IP database (tested on its own below)
  t = await makeTestApp({ env: { GEO_HEADER: 'cf-ipcountry', GEO_DB: '0' } })
  editor = (await loginAs(t, 'editor')).accessToken
})

const offerIds = async (country?: string) => {
  const res = await t.app.request('/api/brands/static-offers', from(country))
  expect(res.status).toBe(200)
  return ((await res.json()).pages as { _id: string }[]).map((p) => p._id).sort()
}

describe('GET /api/brands/static-offers by the visitor\'s country', () => {
  it('GB sees the everywhere brands, the GB-only and GB+IE ones and the deny-list one', async () => {
    expect(await offerIds('GB')).toEqual([...EVERYWHERE, 'albion-casino', 'northstar-casino', 'thames-bet'].sort())
  })

  it('US sees the everywhere brands and the US-only one (the deny list leaves the US out)', async () => {
    expect(await offerIds('US')).toEqual([...EVERYWHERE, 'liberty-lines'].sort())
  })

  it('an unknown country sees only brands with neither list', async () => {
    expect(await offerIds()).toEqual([...EVERYWHERE].sort())
    expect(await offerIds('XX')).toEqual([...EVERYWHERE].sort()) // Cloudflare's "unknown"
    expect(await offerIds('T1')).toEqual([...EVERYWHERE].sort()) // Tor
    expect(await offerIds('not-a-country')).toEqual([...EVERYWHERE].sort())
  })

  it('a deny list hides a brand where it is listed: FR sees no Northstar, DE does', async () => {
    expect(await offerIds('FR')).not.toContain('northstar-casino')
    expect(await offerIds('DE')).toContain('northstar-casino')
    expect(await offerIds('de')).toContain('northstar-casino') // header values are upper-cased
  })

  it('sends Vary: <GEO_HEADER> so a CDN keeps one copy per country, and a different ETag per profile', async () => {
    const gb = await t.app.request('/api/brands/static-offers', from('GB'))
    const us = await t.app.request('/api/brands/static-offers', from('US'))
    expect(gb.headers.get('vary')).toBe('Accept-Encoding, cf-ipcountry')
    expect(us.headers.get('vary')).toBe('Accept-Encoding, cf-ipcountry')
    expect(gb.headers.get('etag')).not.toBe(us.headers.get('etag'))
    // an answer that does not depend on the country does not vary by it
    expect((await t.app.request('/api/posts/blog-content', from('GB'))).headers.get('vary')).toBe('Accept-Encoding')
  })

  it('the /brands directory counts and pages only the available brands', async () => {
    const gb = await t.ctx.services.brands.directory(1, 'GB')
    const unknown = await t.ctx.services.brands.directory(1, null)
    expect(gb!.total).toBe(EVERYWHERE.length + 3)
    expect(unknown!.total).toBe(EVERYWHERE.length)
    expect(unknown!.brands.map((b) => b._id)).not.toContain('albion-casino')
  })
})

describe('a spoofed country header', () => {
  it('is ignored unless GEO_HEADER names it', async () => {
    const plain = await makeTestApp({ env: { GEO_DB: '0' } })
    const res = await plain.app.request('/api/brands/static-offers', from('GB'))
    const ids = ((await res.json()).pages as { _id: string }[]).map((p) => p._id)
    expect(ids).not.toContain('albion-casino')
    expect(res.headers.get('vary')).toBe('Accept-Encoding') // no header configured: nothing for a CDN to vary on
    // a header of another name is not read either
    const other = await t.app.request('/api/brands/static-offers', { headers: { 'x-country': 'GB' } })
    expect(((await other.json()).pages as { _id: string }[]).map((p) => p._id)).not.toContain('albion-casino')
  })
})

describe('the IP database as the fallback (TRUST_PROXY for the client address)', () => {
  it('places a public address; the configured header, when sent, wins over it', async () => {
    const viaDb = await makeTestApp({ env: { TRUST_PROXY: '1', GEO_HEADER: 'cf-ipcountry' } })
    const ids = async (headers: Record<string, string>) =>
      ((await (await viaDb.app.request('/api/brands/static-offers', { headers })).json()).pages as { _id: string }[]).map((p) => p._id)
    expect(await ids({ 'x-forwarded-for': '195.66.224.1' })).toContain('albion-casino') // LINX, London: GB
    expect(await ids({ 'x-forwarded-for': '8.8.8.8' })).toContain('liberty-lines') // Google DNS: US
    expect(await ids({ 'x-forwarded-for': '2001:4860:4860::8888' })).toContain('liberty-lines') // IPv6
    expect(await ids({ 'x-forwarded-for': '192.168.1.10' })).toEqual(EVERYWHERE) // private: unknown
    expect(await ids({ 'x-forwarded-for': '8.8.8.8', 'cf-ipcountry': 'GB' })).toContain('albion-casino')
    expect(await ids({ 'x-forwarded-for': '8.8.8.8', 'cf-ipcountry': 'XX' })).toEqual(EVERYWHERE) // the CDN's "unknown" is final
  }, 30_000)

  it('GEO_DB=0 turns it off: every address is unknown', async () => {
    const off = await makeTestApp({ env: { TRUST_PROXY: '1', GEO_DB: '0' } })
    const res = await off.app.request('/api/brands/static-offers', { headers: { 'x-forwarded-for': '195.66.224.1' } })
    expect(((await res.json()).pages as { _id: string }[]).map((p) => p._id)).toEqual(EVERYWHERE)
  })
})

describe('render cache: bounded variants', () => {
  it('every country and unknown make at most one entry per availability profile, not one per country', async () => {
    t.ctx.renderCache.clear()
    for (const country of [...COUNTRY_CODES, 'XX', '']) await t.app.request('/api/brands/static-offers', from(country || undefined))
    // the distinct profiles among all those visitors: the brands they see, and their gambling-help set
    const profileOf = (c: string | null) => `${demoBrands.filter((b) => isAvailableIn(b.geo, c)).map((b) => b._id)}|${helpFor(c).country}`
    const profiles = new Set([...COUNTRY_CODES, null].map(profileOf))
    // GB; IE; US; FR and unknown (everywhere-only brands, international help); CA, AU, DE (own help); the other countries
    expect(profiles.size).toBe(8)
    expect(t.ctx.renderCache.size).toBe(profiles.size)
    // and a repeat from any of them is a hit
    const before = t.ctx.renderCache.stats.hits
    await t.app.request('/api/brands/static-offers', from('JP'))
    expect(t.ctx.renderCache.stats.hits).toBe(before + 1)
  })

  it('a brand write changes the profiles at once', async () => {
    expect(await offerIds('JP')).not.toContain('albion-casino')
    const doc = await t.ctx.repos.brands.findById('albion-casino')
    await t.ctx.repos.brands.replace('albion-casino', { ...doc!, geo: { allow: ['GB', 'JP'] } })
    t.ctx.renderCache.clear() // what every brand write does (server/context.ts onChange)
    expect(await offerIds('JP')).toContain('albion-casino')
    await t.ctx.repos.brands.replace('albion-casino', { ...doc!, geo: { allow: ['GB'] } })
    t.ctx.renderCache.clear()
  })

  it('pages: home, the directory, brand pages and articles (their top offers box, issue 21) vary by country (one render per profile); other archives render once, with no country', async () => {
    const seen: { path: string; country: string | null | undefined }[] = []
    const fake: PageRenderer = async (req, init) => {
      seen.push({ path: new URL(req.url).pathname, country: init?.visitorCountry })
      return new Response(`<!doctype html><p>${new URL(req.url).pathname} for ${init?.visitorCountry}</p>`, { headers: { 'content-type': 'text/html;charset=utf-8' } })
    }
    const app = createApp({ config: t.ctx.config, services: t.ctx.services, store: t.ctx.store, renderCache: t.ctx.renderCache, renderPage: fake })
    t.ctx.renderCache.clear()
    for (const country of ['GB', 'US', 'AT', 'CH', 'NL']) {
      for (const path of ['/', '/brands', '/brands/albion-casino', '/brands/albion-casino/index.pageContext.json', '/info/responsible-gambling', '/article/rtp-explained', '/articles']) {
        const res = await app.request(path, from(country))
        expect(res.status).toBe(200)
        expect(res.headers.get('vary')).toBe(isCountryPage(path) ? 'Accept-Encoding, cf-ipcountry' : 'Accept-Encoding')
      }
    }
    const renders = (path: string) => seen.filter((s) => s.path === path)
    // GB, US and AT/CH/NL (everywhere + Northstar, international help) are three profiles
    expect(renders('/')).toHaveLength(3)
    expect(renders('/brands/albion-casino')).toHaveLength(3)
    expect(renders('/brands/albion-casino').map((s) => s.country)).toEqual(['GB', 'US', 'AT'])
    expect(renders('/info/responsible-gambling')).toHaveLength(3)
    expect(renders('/article/rtp-explained').map((s) => s.country)).toEqual(['GB', 'US', 'AT'])
    expect(renders('/articles')).toEqual([{ path: '/articles', country: null }])
  })

  it('isCountryPage: the pages that list offers', () => {
    // articles show their top offers box (issue 21); search results the brands a query names (issue 26)
    for (const p of ['/', '/index.pageContext.json', '/brands', '/brands/page/2', '/brands/x', '/brands/x/index.pageContext.json', '/info/responsible-gambling', '/article/x', '/article/x/index.pageContext.json', '/search', '/search/index.pageContext.json']) expect(isCountryPage(p), p).toBe(true)
    for (const p of ['/articles', '/tag/news', '/login', '/admin', '/adminmarket', '/brandsx', '/info/privacy', '/searches']) expect(isCountryPage(p), p).toBe(false)
  })
})

/** A brand report's figures for one country (its `byCountry` rows). */
const inCountry = <F,>(report: { byCountry: { key: string; figures: F }[] }, code: string) => report.byCountry.find((r) => r.key === code)?.figures

describe('GET /go/:brandId for a brand not available in the visitor\'s country', () => {
  const blockedClicks = async () => {
    await t.ctx.services.tracker.flush()
    return t.ctx.store.collection('clicks').find({ brandId: 'albion-casino', blocked: true })
  }

  it('a US visitor on a GB-only brand gets a 451 page, no Location, and a blocked click in the report', async () => {
    const before = (await blockedClicks()).length
    const res = await t.app.request('/go/albion-casino?gaid=g1', from('US'))
    expect(res.status).toBe(451)
    expect(res.headers.get('location')).toBeNull()
    expect(res.headers.get('cache-control')).toBe('no-store')
    expect(res.headers.get('x-robots-tag')).toContain('noindex')
    const html = await res.text()
    expect(html).toContain('Albion Casino is not available in your country')
    expect(html).toContain('href="/brands/liberty-lines"') // a brand available in the US
    expect(html).not.toContain('albioncasino.example')
    expect(html).toContain('href="/"')
    const clicks = await blockedClicks()
    expect(clicks).toHaveLength(before + 1)
    expect(clicks.at(-1)).toMatchObject({ brandId: 'albion-casino', blocked: true, unique: false, bot: false, country: 'US', source: 'redirect' })

    const report = await (await t.app.request('/api/reports/brands/albion-casino', { headers: { authorization: `Bearer ${editor}` } })).json()
    expect(report.totals).toMatchObject({ clicks: 0, uniqueClicks: 0, blockedClicks: before + 1 })
    expect(inCountry(report, 'US')).toMatchObject({ clicks: 0, uniqueClicks: 0, blockedClicks: before + 1 })
    const all = await (await t.app.request('/api/reports/brands', { headers: { authorization: `Bearer ${editor}` } })).json()
    expect(all.rows.find((r: { key: string }) => r.key === 'albion-casino').figures).toMatchObject({ blockedClicks: before + 1 })
    const countries = await (await t.app.request('/api/reports/breakdown?by=country', { headers: { authorization: `Bearer ${editor}` } })).json()
    expect(inCountry<{ blockedClicks: number }>({ byCountry: countries.rows }, 'US')!.blockedClicks).toBeGreaterThanOrEqual(before + 1)
  })

  it('a GB visitor on the same brand is sent on, counted under GB', async () => {
    const res = await t.app.request('/go/albion-casino', from('GB'))
    expect(res.status).toBe(302)
    expect(new URL(res.headers.get('location')!).host).toBe('albioncasino.example')
    await t.ctx.services.tracker.flush()
    const report = await (await t.app.request('/api/reports/brands/albion-casino', { headers: { authorization: `Bearer ${editor}` } })).json()
    expect(inCountry(report, 'GB')).toMatchObject({ clicks: 1, uniqueClicks: 1, blockedClicks: 0 })
  })

  it('an unknown visitor is blocked from a listed brand too, counted under unknown; a bot is a bot, not a blocked person', async () => {
    expect((await t.app.request('/go/northstar-casino', from())).status).toBe(451)
    expect((await t.app.request('/go/northstar-casino', { headers: { 'cf-ipcountry': 'FR', 'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' } })).status).toBe(451)
    await t.ctx.services.tracker.flush()
    const report = await (await t.app.request('/api/reports/brands/northstar-casino', { headers: { authorization: `Bearer ${editor}` } })).json()
    expect(report.totals).toMatchObject({ blockedClicks: 1, botClicks: 1, clicks: 0 })
    // people are counted under their country; the bot's click is a bot click wherever it came from
    const people = report.byCountry.filter((r: { figures: { clicks: number; blockedClicks: number } }) => r.figures.clicks + r.figures.blockedClicks > 0)
    expect(people.map((r: { key: string; figures: object }) => [r.key, r.figures])).toEqual([['unknown', expect.objectContaining({ clicks: 0, uniqueClicks: 0, blockedClicks: 1, botClicks: 0 })]])
    expect(inCountry(report, 'FR')).toMatchObject({ botClicks: 1, blockedClicks: 0, clicks: 0 })
  })

  it('a brand page of such a brand answers 200 (search engines, shared links): the data says not available', async () => {
    const found = await t.ctx.services.brands.brandPageFor('albion-casino', 'US')
    expect(found!.available).toBe(false)
    expect(found!.alternatives.map((o) => o._id)).toContain('liberty-lines')
    expect(found!.alternatives.map((o) => o._id)).not.toContain('albion-casino')
    expect(found!.alternatives.length).toBeLessThanOrEqual(5)
    expect((await t.ctx.services.brands.brandPageFor('albion-casino', 'GB'))!.available).toBe(true)
  })
})

describe('POST /api/clicks for a brand not available in the visitor\'s country', () => {
  it('records it as blocked (never unique), and a click from where it is available as usual', async () => {
    const body = (clickid: string) => ({ clickid, brandId: 'liberty-lines', userId: null, user_agent: UA('p'), gaid: null, timestamp: new Date().toISOString() })
    const blocked = await t.app.request('/api/clicks', json(body('geo-click-1'), { 'cf-ipcountry': 'GB', 'user-agent': UA('p') }))
    expect(blocked.status).toBe(201)
    expect(await blocked.json()).toEqual({ ok: true, clickid: 'geo-click-1', blocked: true })
    const ok = await t.app.request('/api/clicks', json(body('geo-click-2'), { 'cf-ipcountry': 'US', 'user-agent': UA('p') }))
    expect(await ok.json()).toEqual({ ok: true, clickid: 'geo-click-2' })
    expect(await t.ctx.repos.clicks.findByClickId('geo-click-1')).toMatchObject({ blocked: true, unique: false, country: 'GB' })
    expect(await t.ctx.repos.clicks.findByClickId('geo-click-2')).toMatchObject({ unique: true, country: 'US' })
    const report = await t.ctx.services.reports.brand('liberty-lines', {})
    expect(report.totals).toMatchObject({ clicks: 1, uniqueClicks: 1, blockedClicks: 1 })
    expect(inCountry(report, 'GB')).toMatchObject({ blockedClicks: 1, clicks: 0 })
    expect(inCountry(report, 'US')).toMatchObject({ clicks: 1, uniqueClicks: 1, blockedClicks: 0 })
  })
})

describe('geo through the brand form (multipart field `geo`, JSON)', () => {
  const base: Record<string, string> = {
    brandName: 'Geo Casino',
    campaignType: 'Web - Sale',
    dealBox: JSON.stringify({ ctaLabel: 'Play', ctaUrl: 'https://geo.example/go' }),
  }
  const send = (method: string, path: string, fields: Record<string, string>) => {
    const f = new FormData()
    for (const [k, v] of Object.entries(fields)) f.append(k, v)
    return t.app.request(path, { method, headers: { authorization: `Bearer ${editor}` }, body: f })
  }
  const brand = async (id: string) => (await t.app.request(`/api/brands/${id}`)).json()

  it('stores a rule, upper-cased and sorted; a form without geo keeps it; {} makes the brand available everywhere', async () => {
    const created = await send('POST', '/api/brands', { ...base, geo: JSON.stringify({ allow: ['ie', 'gb'] }) })
    expect(created.status).toBe(201)
    const { _id } = await created.json()
    expect((await brand(_id)).geo).toEqual({ allow: ['GB', 'IE'] })
    expect(await offerIds('IE')).toContain(_id)
    expect(await offerIds('US')).not.toContain(_id)

    expect((await send('PUT', `/api/brands/${_id}`, { ...base, tagline: 'kept' })).status).toBe(200) // an older client: no geo field
    expect(await brand(_id)).toMatchObject({ tagline: 'kept', geo: { allow: ['GB', 'IE'] } })

    expect((await send('PUT', `/api/brands/${_id}`, { ...base, geo: JSON.stringify({ deny: ['US'] }) })).status).toBe(200)
    expect((await brand(_id)).geo).toEqual({ deny: ['US'] })

    const cleared = await send('PUT', `/api/brands/${_id}`, { ...base, geo: '{}' })
    expect((await cleared.json()).geo).toBeUndefined()
    expect((await brand(_id)).geo).toBeUndefined() // stored as no geo at all, like every brand before this
    expect(await offerIds()).toContain(_id)
  })

  it('a brand created without the field is available everywhere', async () => {
    const created = await send('POST', '/api/brands', { ...base, brandName: 'Plain Casino' })
    expect((await created.json()).geo).toBeUndefined()
  })

  it.each([
    ['an unknown country code', JSON.stringify({ allow: ['GB', 'XX'] }), /^Invalid geo\.allow\.1: must be an ISO 3166-1 alpha-2 country code/],
    ['UK (the code is GB)', JSON.stringify({ deny: ['UK'] }), /^Invalid geo\.deny\.0: /],
    ['both lists at once', JSON.stringify({ allow: ['GB'], deny: ['US'] }), /^Invalid geo: use either allow or deny, not both/],
    ['an empty allow list', JSON.stringify({ allow: [] }), /^Invalid geo\.allow: list at least one country/],
    ['malformed JSON', '{allow:', /^Invalid geo: malformed JSON/],
    ['a list instead of an object', JSON.stringify(['GB']), /^Invalid geo: /],
  ])('answers 400 naming the field for %s, and writes nothing', async (_, geo, message) => {
    const before = await t.ctx.repos.brands.count()
    const res = await send('POST', '/api/brands', { ...base, brandName: 'Refused Casino', geo })
    expect(res.status).toBe(400)
    expect((await res.json()).message).toMatch(message)
    expect(await t.ctx.repos.brands.count()).toBe(before)
  })
})

describe('export, import and backups carry geo', () => {
  it('round-trips rules through an export; an older export without the field still imports', async () => {
    const bundle = await t.ctx.services.transfer.export('brands')
    const geoOf = (id: string) => bundle.brands.find((b) => b._id === id)?.geo
    expect(geoOf('albion-casino')).toEqual({ allow: ['GB'] })
    expect(geoOf('northstar-casino')).toEqual({ deny: ['FR', 'US'] })
    expect('geo' in bundle.brands.find((b) => b._id === 'nova-spins')!).toBe(false)

    const fresh = await makeTestApp({ seed: false, env: { GEO_DB: '0' } })
    const older = bundle.brands.map((b) => (b._id === 'thames-bet' ? Object.fromEntries(Object.entries(b).filter(([k]) => k !== 'geo')) : b))
    const report = await fresh.ctx.services.transfer.import('brands', { posts: [], brands: older, media: bundle.media })
    expect(report.invalid).toEqual([])
    expect((await fresh.ctx.repos.brands.findById('albion-casino'))?.geo).toEqual({ allow: ['GB'] })
    expect((await fresh.ctx.repos.brands.findById('thames-bet'))?.geo).toBeUndefined() // older record: everywhere
    expect(await fresh.ctx.services.transfer.export('brands')).toEqual(await fresh.ctx.services.transfer.export('brands'))

    // a bad code in an import is refused by record and field
    const bad = bundle.brands.map((b) => (b._id === 'albion-casino' ? { ...b, geo: { allow: ['ZZ'] } } : b))
    const refused = await (await makeTestApp({ seed: false, env: { GEO_DB: '0' } })).ctx.services.transfer.import('brands', { posts: [], brands: bad, media: bundle.media })
    expect(refused.invalid.some((p) => p.field === 'geo.allow.0')).toBe(true)
  })

  it('a backup restores rules, and the blocked clicks by country in the report', async () => {
    const backup = await t.ctx.services.backup.create()
    const fresh = await makeTestApp({ seed: false, env: { GEO_DB: '0' } })
    await fresh.ctx.services.backup.restore(JSON.parse(JSON.stringify(backup)))
    expect((await fresh.ctx.repos.brands.findById('northstar-casino'))?.geo).toEqual({ deny: ['FR', 'US'] })
    const report = await fresh.ctx.services.reports.brand('liberty-lines', {})
    expect(report.totals).toMatchObject({ blockedClicks: 1 })
    expect(inCountry(report, 'GB')).toMatchObject({ blockedClicks: 1 })
  })
})
