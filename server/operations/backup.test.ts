import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { unboxDates } from '../../db/extended-json.ts'
import { json, loginAs, makeTestApp } from '../../test/make-app.ts'
import { AppError } from '../errors.ts'
import type { Backup } from './backup.ts'
import { demoBrands } from '../demo/brands.ts'

const SECRET = 'postback-secret-0123456789'
const UA = (n: string) => `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36 person-${n}`
const clock = () => new Date('2026-11-10T12:00:00Z')
const range = { from: '2026-11-01', to: '2026-11-10' }
const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=='

// a local "partner" for the link checker (the link checker is only ever pointed at local servers in tests)
const partner = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: (req) => new Response('ok', { status: new URL(req.url).pathname === '/gone' ? 404 : 200 }) })
afterAll(() => partner.stop(true))

type App = Awaited<ReturnType<typeof makeTestApp>>
let source: App
let approved: Record<string, string>

/**
 * A store with what a running site has, made through the features that create collections: demo posts
 * and brands, an uploaded image, clicks both ways, views, postbacks, a link check, users and a login.
 */
beforeAll(async () => {
  source = await makeTestApp({ env: { POSTBACK_SECRET: SECRET, LINK_CHECK_ALLOW_PRIVATE: '1' }, now: clock }) // the partner is on loopback
  await source.ctx.services.posts.create('article', { title: 'Has an uploaded image', image: `data:image/png;base64,${PNG_BASE64}` })
  for (const [i, b] of (await source.ctx.repos.brands.list()).entries()) {
    const { _id, createdAt: _c, ...fields } = b
    await source.ctx.repos.brands.replace(_id, { ...fields, dealBox: { ...fields.dealBox, ctaUrl: `http://127.0.0.1:${partner.port}/${i ? 'landing' : 'gone'}` } })
  }
  expect((await source.ctx.services.links.checkAll({ timeoutMs: 2_000 })).filter((r) => !r.ok)).toHaveLength(1)
  await loginAs(source, 'editor', 'backup_editor')
  const go = async (brand: string, ua: string) => new URL((await source.app.request(`/go/${brand}`, { headers: { 'user-agent': ua } })).headers.get('location')!).searchParams.get('click_id')!
  const a = await go('nova-spins', UA('a'))
  const b = await go('luckyforge', UA('b'))
  await go('nova-spins', 'Googlebot/2.1')
  expect((await source.app.request('/api/clicks', json({ clickid: 'posted-1', brandId: 'luckyforge', timestamp: clock().toISOString() }, { 'user-agent': UA('c') }))).status).toBe(201)
  // a burst from one network past CLICK_VELOCITY_LIMIT (issue 24): suspect clicks, and a conversion on one of them
  const burst: string[] = []
  for (let i = 0; i < 12; i++) burst.push(await go('pixel-poker', UA(`burst-${i}`)))
  await source.ctx.services.tracker.flush()
  await source.app.request('/api/track/brand-view', { method: 'POST', headers: { 'content-type': 'application/json', 'user-agent': UA('a') }, body: '{"brandId":"nova-spins"}' })
  approved = { click_id: a, goal: 'Sale', payout: '12.5', currency: 'USD', txn_id: 'T-1', status: 'approved', key: SECRET }
  const pb = (q: Record<string, string>) => source.app.request(`/api/postback?${new URLSearchParams(q)}`)
  expect((await pb(approved)).status).toBe(201)
  expect((await pb({ click_id: b, goal: 'Lead', payout: '2', txn_id: 'T-2', status: 'pending', key: SECRET })).status).toBe(201)
  expect((await pb({ click_id: 'posted-1', goal: 'Sale', payout: '40', currency: 'EUR', txn_id: 'T-3', key: SECRET })).status).toBe(201)
  expect((await pb({ click_id: burst[11], goal: 'Lead', payout: '1', txn_id: 'T-4', status: 'pending', key: SECRET })).status).toBe(201)
})

/** A backup as the CLI writes and reads it: through JSON text. */
const backupOf = async (t: App, opts: { includeSecrets?: boolean } = {}) => JSON.parse(JSON.stringify(await t.ctx.services.backup.create(opts)))

async function reports(t: App) {
  const all = await t.ctx.services.reports.brands(range)
  const each = await Promise.all(all.rows.map((b) => t.ctx.services.reports.brand(b.key, range)))
  return { all, each }
}

describe('the collection registry', () => {
  it('accounts for every collection and table the features create', async () => {
    const inStore = await source.ctx.store.listCollections()
    // the fixture did reach the collections a hand-written backup list once forgot
    expect(inStore).toEqual(expect.arrayContaining(['posts', 'brands', 'media', 'clicks', 'conversions', 'postback_log', 'link_checks', 'settings', 'user', 'account', 'session', 'jwks']))
    const registered = new Set(source.ctx.registry.list().map((c) => c.name))
    expect(inStore.filter((name) => !registered.has(name))).toEqual([])
  })

  it('gives every skipped collection a reason, and refuses a name registered twice', () => {
    for (const c of source.ctx.registry.list()) if (c.backup === 'skip') expect(c.reason.length, c.name).toBeGreaterThan(20)
    expect(() => source.ctx.registry.skip('posts', 'a second owner')).toThrow(/registered twice/)
  })
})

describe('backup → restore (hardening: complete backups)', () => {
  it('restores every report exactly, and a replayed postback is a duplicate that changes no counter', async () => {
    const before = await reports(source)
    expect(before.all.totals).toMatchObject({ conversions: 4, suspectClicks: 2, suspectConversions: 1, revenueByCurrency: { USD: 12.5, EUR: 40 } })

    const target = await makeTestApp({ seed: false, env: { POSTBACK_SECRET: SECRET }, now: clock })
    await target.ctx.services.backup.restore(await backupOf(source, { includeSecrets: true }))
    expect(await reports(target)).toEqual(before)

    // the probe's defect: conversions were left out, so the replay was stored again (15 → 16, revenue doubled)
    const replay = await target.app.request(`/api/postback?${new URLSearchParams(approved)}`)
    expect(replay.status).toBe(200)
    expect(await replay.json()).toMatchObject({ duplicate: true })
    expect(await reports(target)).toEqual(before)
  })
})

describe('restore validates user roles', () => {
  it.each(['__proto__', 'constructor', 'toString', 'superadmin'])('refuses a user with role %s, naming the record and field, and writes nothing', async (role) => {
    await source.ctx.services.users.createUser(`role_${role.replace(/\W/g, '')}`, 'a long password', 'user')
    const bundle = await backupOf(source, { includeSecrets: true })
    const users = bundle.collections.user as { role: string }[]
    users[users.length - 1].role = role

    const target = await makeTestApp({ seed: false, env: { POSTBACK_SECRET: SECRET }, now: clock })
    const err = await target.ctx.services.backup.restore(bundle).then(
      () => null,
      (e: unknown) => e,
    )
    expect(err).toBeInstanceOf(AppError)
    expect((err as AppError).status).toBe(400)
    expect((err as AppError).message).toMatch(new RegExp(`user\\[${users.length - 1}\\]\\.role`))
    for (const c of target.ctx.registry.backedUp()) expect(await c.count(), c.name).toBe(0)
  })
})

describe('backup format', () => {
  it('keeps every date as {$date}, password hashes only with --include-secrets, and restores dates as dates', async () => {
    const plain = await backupOf(source)
    expect(plain).toMatchObject({ format: 'gamewise-backup', version: 2, includesSecrets: false })
    expect(plain.collections.account).toBeUndefined()
    expect(JSON.stringify(plain)).not.toMatch(/"password"/)
    expect(plain.collections.conversions[0].clickAt).toEqual({ $date: expect.stringMatching(/^2026-11-10T/) })
    expect((await backupOf(source, { includeSecrets: true })).collections.account.some((a: { password?: string }) => a.password)).toBe(true)

    const target = await makeTestApp({ seed: false, now: clock })
    await target.ctx.services.backup.restore(plain)
    const conversions = async (t: App) => (await t.ctx.services.postbacks.conversions()).sort((a, b) => (a._id < b._id ? -1 : 1))
    expect(await conversions(target)).toEqual(await conversions(source))
    expect(await target.ctx.services.links.last()).toEqual(await source.ctx.services.links.last())
    expect((await target.ctx.repos.media.list())[0].createdAt).toBeInstanceOf(Date)
    expect(await backupOf(target)).toEqual(plain)
  })

  it('still restores a version 1 backup (its fixed list of collections, dates as ISO strings)', async () => {
    const v2 = await backupOf(source, { includeSecrets: true })
    const isoDates = (records: unknown[]) => JSON.parse(JSON.stringify(unboxDates(records)))
    const c = v2.collections
    const v1 = { format: 'gamewise-backup', version: 1, posts: c.posts, brands: c.brands, media: isoDates(c.media), clicks: isoDates(c.clicks), click_counters: [{ _id: 'nova-spins:2026-01-02', brandId: 'nova-spins', day: '2026-01-02', clicks: 4, countries: { GB: { clicks: 4 } } }], users: isoDates(c.user), accounts: isoDates(c.account) }
    const target = await makeTestApp({ seed: false, now: clock })
    const counts = await target.ctx.services.backup.restore(v1)
    expect(counts).toMatchObject({ posts: c.posts.length, brands: demoBrands.length, media: 3, clicks: 16, user: c.user.length, account: c.account.length, conversions: 0 })
    expect((await target.ctx.services.reports.brands(range)).totals.clicks).toBe((await source.ctx.services.reports.brands(range)).totals.clicks)
    expect(await target.ctx.services.users.login('backup_editor', 'correct horse battery')).toMatchObject({ accessToken: expect.any(String) })
  })

  it('backs up every user, not only the adapter\'s first page of 100', async () => {
    const t = await makeTestApp({ seed: false, now: clock })
    const adapter = (await t.ctx.auth.$context).adapter
    for (let i = 0; i < 130; i++) await adapter.create({ model: 'user', data: { name: `u${i}`, email: `u${i}@users.invalid`, username: `u${i}`, role: 'user', emailVerified: false, createdAt: clock(), updatedAt: clock() } })
    expect((await backupOf(t)).collections.user).toHaveLength(130)
  })

  it.each([
    ['an unknown collection', (b: Backup) => (b.collections.widgets = [{ _id: 'w' }]), /widgets\.\(collection\): not a collection this version keeps/],
    ['a skipped collection', (b: Backup) => (b.collections.session = []), /session\.\(collection\): never restored/],
    ['two records with one id', (b: Backup) => b.collections.posts.push(b.collections.posts[0]), /posts\[\d+\]\._id: a second record/],
    ['a counter row whose day is not a day', (b: Backup) => ((b.collections.counters[0] as { day: string }).day = 'yesterday'), /counters\[0\]\.day/],
    ['a conversion with an unknown status', (b: Backup) => ((b.collections.conversions[0] as { status: string }).status = 'maybe'), /conversions\[0\]\.status/],
    ['an unsupported version', (b: Backup) => ((b as { version: number }).version = 3), /Unsupported backup version 3/],
  ])('refuses %s and writes nothing', async (_n, spoil, message) => {
    const bundle = await backupOf(source, { includeSecrets: true })
    spoil(bundle)
    const target = await makeTestApp({ seed: false, now: clock })
    await expect(target.ctx.services.backup.restore(bundle)).rejects.toThrow(message)
    for (const c of target.ctx.registry.backedUp()) expect(await c.count(), c.name).toBe(0)
  })
})
