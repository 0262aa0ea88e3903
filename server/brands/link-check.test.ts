import type { LookupAddress } from 'node:dns'
import { afterAll, describe, expect, it } from 'vitest'
import { SqliteStore } from '../../db/sqlite/index.ts'
import { createRegistry } from '../../db/registry.ts'
import { createAuditRepository } from '../../db/repositories/audit.ts'
import { createBrandsRepository } from '../../db/repositories/brands.ts'
import { createLinkChecksRepository } from '../../db/repositories/link-checks.ts'
import { brandPage } from '../../test/factories.ts'
import { loginAs, makeTestApp } from '../../test/make-app.ts'
import { loadConfig } from '../config.ts'
import { createLogger } from '../logger.ts'
import { createAuditService } from '../operations/audit.ts'
import { createLinkChecker } from './link-check.ts'
import { pinnedRequest, type Transport } from '../net/pinned-request.ts'

// two local "partner" servers: a second port is a second host
const other = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: () => new Response('landing') })
const partner = Bun.serve({
  port: 0,
  hostname: '127.0.0.1',
  async fetch(req) {
    const path = new URL(req.url).pathname
    if (path === '/ok') return new Response('fine')
    if (path === '/gone') return new Response('gone', { status: 404 })
    if (path === '/hop') return Response.redirect(`${new URL(req.url).origin}/ok`, 302)
    if (path === '/moved') return Response.redirect(`http://127.0.0.1:${other.port}/elsewhere`, 301)
    if (path === '/nohead') return req.method === 'HEAD' ? new Response(null, { status: 405 }) : new Response('got it')
    if (path === '/slow') {
      await Bun.sleep(3_000)
      return new Response('late')
    }
    return new Response('?', { status: 500 })
  },
})
// an intranet service that must never hear from the checker, on IPv4 and IPv6 loopback
const hits: string[] = []
const intranet = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: (req) => (hits.push(req.url), new Response('secret')) })
const intranet6 = Bun.serve({ port: 0, hostname: '::1', fetch: (req) => (hits.push(req.url), new Response('secret v6')) })
// a partner on the "internet" that redirects inward
const redirector = Bun.serve({
  port: 0,
  hostname: '127.0.0.1',
  fetch(req) {
    hits.push(req.url)
    const path = new URL(req.url).pathname
    if (path === '/to-loopback') return Response.redirect(`http://127.0.0.1:${intranet.port}/admin`, 302)
    if (path === '/to-metadata') return Response.redirect('http://169.254.169.254/latest/meta-data/', 302)
    if (path === '/to-localhost') return Response.redirect(`http://localhost:${intranet.port}/`, 302)
    if (path === '/to-decimal') return Response.redirect(`http://2130706433:${intranet.port}/`, 302)
    return new Response('public landing')
  },
})
afterAll(() => {
  for (const s of [partner, other, intranet, intranet6, redirector]) s.stop(true)
})

// Fake DNS: public-looking names get documentation addresses; the test network routes those to the
// redirector (below), the only stand-in for "the internet" on a machine without one.
const PUBLIC = '198.51.100.10'
const dns: Record<string, string[]> = {
  'partner.example': [PUBLIC],
  'intranet.example': ['127.0.0.1'],
  'metadata.example': ['169.254.169.254'],
  'mixed.example': [PUBLIC, '10.0.0.5'],
  'v6.example': ['::ffff:127.0.0.1'],
  localhost: ['127.0.0.1'],
}
const lookups: string[] = []
const fakeResolve = async (host: string): Promise<LookupAddress[]> => {
  lookups.push(host)
  const found = dns[host]
  if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' })
  return found.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }))
}
const connected: string[] = []
const internet: Transport = (req) => {
  connected.push(req.addresses.map((a) => a.address).join(','))
  return pinnedRequest({ ...req, addresses: req.addresses.map((a) => (a.address === PUBLIC ? { address: '127.0.0.1', family: 4 } : a)) })
}

const reposOf = (store: SqliteStore) => {
  const registry = createRegistry(store)
  const audit = createAuditService({ audit: createAuditRepository(store, registry), now: () => new Date(), log: createLogger({ env: 'test', logLevel: 'error' }) })
  return { brands: createBrandsRepository(store, registry), linkChecks: createLinkChecksRepository(store, registry), audit }
}

/** Checks these CTA URLs (brand id → url) on a fresh store with private targets refused. */
async function checkWithPrivateRefused(plan: Record<string, string>) {
  const store = new SqliteStore(':memory:')
  const { brands, linkChecks, audit } = reposOf(store)
  for (const [id, ctaUrl] of Object.entries(plan)) await brands.insert({ ...brandPage({ _id: id, dealBox: { ctaUrl } }), logo: null, bannerImage: null })
  const links = createLinkChecker({ brands, linkChecks, audit, now: () => new Date(), allowPrivate: false, resolve: fakeResolve, transport: internet })
  const results = await links.checkAll({ timeoutMs: 2_000 })
  await store.close()
  return Object.fromEntries(results.map((r) => [r._id, r]))
}

const BLOCKED = 'blocked: private or loopback address'

describe('links check (issue 7, local servers only)', () => {
  it('reports dead links, timeouts, refused HEADs and changed hosts, and the admin list shows the outcome', async () => {
    const t = await makeTestApp({ env: { LINK_CHECK_ALLOW_PRIVATE: '1' } }) // the partners are local
    const base = `http://127.0.0.1:${partner.port}`
    const set = async (id: string, ctaUrl: string) => {
      const { _id, createdAt, ...b } = (await t.ctx.repos.brands.findById(id))!
      await t.ctx.repos.brands.replace(_id, { ...b, dealBox: { ...b.dealBox, ctaUrl } })
    }
    const plan: Record<string, string> = {
      'nova-spins': `${base}/ok`,
      luckyforge: `${base}/gone`,
      'arcadia-bet': `${base}/hop`,
      'satoshi-slots': `${base}/moved`,
      'royal-reel': `${base}/nohead`,
      'pixel-poker': `${base}/slow`,
      'velocity-bet': 'http://127.0.0.1:1/refused',
      moonjackpot: `${base}/ok`,
    }
    for (const [id, url] of Object.entries(plan)) await set(id, url)
    const started = Date.now()
    const results = await t.ctx.services.links.checkAll({ concurrency: 3, timeoutMs: 500 })
    expect(Date.now() - started).toBeLessThan(2_500)
    const by = Object.fromEntries(results.map((r) => [r._id, r]))
    expect(by['nova-spins']).toMatchObject({ ok: true, status: 200, hostChanged: false })
    expect(by.luckyforge).toMatchObject({ ok: false, status: 404, error: 'HTTP 404' })
    expect(by['arcadia-bet']).toMatchObject({ ok: true, finalUrl: `${base}/ok`, hostChanged: false })
    expect(by['satoshi-slots']).toMatchObject({ ok: true, hostChanged: true, finalUrl: `http://127.0.0.1:${other.port}/elsewhere` })
    expect(by['royal-reel']).toMatchObject({ ok: true, status: 200 })
    expect(by['pixel-poker']).toMatchObject({ ok: false, error: 'timeout after 500 ms' })
    expect(by['velocity-bet'].ok).toBe(false)
    expect(by['velocity-bet'].error).toBe('unreachable: connection refused') // the code, not the address and port

    const editor = (await loginAs(t, 'editor')).accessToken
    const { pages } = await (await t.app.request('/api/brands/static-offers-admin', { headers: { authorization: `Bearer ${editor}` } })).json()
    expect(pages.find((p: { _id: string }) => p._id === 'luckyforge').linkCheck).toMatchObject({ ok: false, error: 'HTTP 404' })
  })
})

describe('links check refuses loopback, private and link-local targets (no SSRF)', () => {
  it('makes no connection to a loopback or private address however it is spelt', async () => {
    hits.length = 0
    const p = intranet.port
    const by = await checkWithPrivateRefused({
      direct: `http://127.0.0.1:${p}/`,
      decimal: `http://2130706433:${p}/`,
      hex: `http://0x7f.1:${p}/`,
      octal: `http://0177.0.0.1:${p}/`,
      short: `http://127.1:${p}/`,
      zero: `http://0.0.0.0:${p}/`,
      v6: `http://[::1]:${intranet6.port}/`,
      mapped: `http://[::ffff:127.0.0.1]:${p}/`,
      localhost: `http://localhost:${p}/`,
      localhostDot: `http://LocalHost.:${p}/`,
      metadata: 'http://169.254.169.254/latest/meta-data/',
      lan: 'https://192.168.1.1/',
    })
    for (const [id, r] of Object.entries(by)) expect(r, id).toMatchObject({ ok: false, status: null, error: BLOCKED })
    expect(hits).toEqual([])
    expect(lookups).not.toContain('localhost') // refused by name, before any lookup
  })

  it('refuses a hostname whose DNS answer holds any private address, without connecting', async () => {
    hits.length = 0
    connected.length = 0
    const by = await checkWithPrivateRefused({
      internal: `http://intranet.example:${intranet.port}/`,
      metadata: 'http://metadata.example/latest/meta-data/',
      mixed: `http://mixed.example:${redirector.port}/`,
      mapped: `http://v6.example:${intranet.port}/`,
    })
    for (const [id, r] of Object.entries(by)) expect(r, id).toMatchObject({ ok: false, error: BLOCKED })
    expect(connected).toEqual([])
    expect(hits).toEqual([])
  })

  it('checks every redirect hop: a public partner redirecting inward is refused at that hop', async () => {
    hits.length = 0
    const base = `http://partner.example:${redirector.port}`
    const by = await checkWithPrivateRefused({
      fine: `${base}/landing`,
      loopback: `${base}/to-loopback`,
      metadata: `${base}/to-metadata`,
      localhost: `${base}/to-localhost`,
      decimal: `${base}/to-decimal`,
    })
    expect(by.fine).toMatchObject({ ok: true, status: 200, error: null })
    expect(by.loopback).toMatchObject({ ok: false, status: null, error: BLOCKED, finalUrl: `http://127.0.0.1:${intranet.port}/admin` })
    expect(by.metadata).toMatchObject({ ok: false, error: BLOCKED, finalUrl: 'http://169.254.169.254/latest/meta-data/' })
    expect(by.localhost).toMatchObject({ ok: false, error: BLOCKED })
    expect(by.decimal).toMatchObject({ ok: false, error: BLOCKED })
    // only the public partner was asked anything (HEAD per check); the intranet server heard nothing
    expect(hits.every((u) => new URL(u).port === String(redirector.port))).toBe(true)
    expect(hits).toHaveLength(5)
  })

  it('connects to the address it checked, so a second DNS answer (rebinding) changes nothing', async () => {
    connected.length = 0
    let calls = 0
    const store = new SqliteStore(':memory:')
    const { brands, linkChecks, audit } = reposOf(store)
    await brands.insert({ ...brandPage({ _id: 'rebind', dealBox: { ctaUrl: `http://rebind.example:${redirector.port}/landing` } }), logo: null, bannerImage: null })
    // first answer public, every later one loopback: only a second lookup could reach the intranet
    const rebinding = async (): Promise<LookupAddress[]> => [{ address: calls++ === 0 ? PUBLIC : '127.0.0.1', family: 4 }]
    const links = createLinkChecker({ brands, linkChecks, audit, now: () => new Date(), allowPrivate: false, resolve: rebinding, transport: internet })
    const [r] = await links.checkAll()
    await store.close()
    expect(r).toMatchObject({ ok: true, status: 200 })
    expect(calls).toBe(1)
    expect(connected).toEqual([PUBLIC])
  })

  it('refuses schemes other than http(s) in a redirect', async () => {
    const odd = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: () => new Response(null, { status: 302, headers: { location: 'file:///etc/passwd' } }) })
    const store = new SqliteStore(':memory:')
    const { brands, linkChecks, audit } = reposOf(store)
    await brands.insert({ ...brandPage({ _id: 'odd', dealBox: { ctaUrl: `http://127.0.0.1:${odd.port}/` } }), logo: null, bannerImage: null })
    const [r] = await createLinkChecker({ brands, linkChecks, audit, now: () => new Date(), allowPrivate: true }).checkAll()
    odd.stop(true)
    await store.close()
    expect(r).toMatchObject({ ok: false, error: 'blocked: not an http(s) URL' })
  })

  it('LINK_CHECK_ALLOW_PRIVATE is off unless set to 1', () => {
    expect(loadConfig({}).linkCheckAllowPrivate).toBe(false)
    expect(loadConfig({ LINK_CHECK_ALLOW_PRIVATE: '1' }).linkCheckAllowPrivate).toBe(true)
    expect(() => loadConfig({ LINK_CHECK_ALLOW_PRIVATE: 'yes' })).toThrow(/LINK_CHECK_ALLOW_PRIVATE/)
  })
})
