import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Store } from '../../db/port.ts'
import { SqliteStore } from '../../db/sqlite/index.ts'
import { makeTestApp } from '../../test/make-app.ts'
import { freshMongoUri } from '../../test/store.ts'
import { copyStore } from './store-copy.ts'

/**
 * A whole store moved between backends and back (`copy-store`): SQLite → MongoDB → SQLite when
 * MONGODB_URI names a server (the MongoDB run: FerretDB), SQLite → SQLite → SQLite otherwise. What
 * arrives backs up to the same bytes as what left, its users sign in with their passwords, and a
 * target holding records is refused unless told to replace them.
 */
type App = Awaited<ReturnType<typeof makeTestApp>>
const apps: App[] = []
afterAll(async () => {
  for (const t of apps) await t.ctx.close()
})
const open = async (store: Store, seed = false) => {
  const t = await makeTestApp({ seed, store })
  apps.push(t)
  return t
}
const mongo = process.env.MONGODB_URI
const middle = async (): Promise<Store> => (mongo ? (await import('../../db/mongo.ts')).MongoStore.connect(freshMongoUri('copy')) : new SqliteStore(':memory:'))
const side = (t: App) => ({ store: t.ctx.store, registry: t.ctx.registry, audit: t.ctx.services.audit })
const names = { from: 'source', to: 'target' }
/** The whole store as a backup with secrets sees it, but for the entries the copies themselves log. */
const contents = async (t: App) => {
  const b = await t.ctx.services.backup.create({ includeSecrets: true })
  return JSON.stringify(b)
}

let source: App
beforeAll(async () => {
  source = await open(new SqliteStore(':memory:'), true)
  await source.ctx.services.users.createUser('mover', 'a long password', 'editor')
  for (const brandId of ['nova-spins', 'luckyforge'])
    await source.ctx.services.clicks.record({ clickid: crypto.randomUUID(), brandId, timestamp: new Date().toISOString(), gaid: 'g', user_agent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36' })
  await source.ctx.services.posts.create('article', { title: 'Written before the move', tags: ['Guides'] })
})

describe(`copy-store: SQLite → ${mongo ? 'MongoDB' : 'SQLite'} → SQLite`, () => {
  it('moves every collection, counts and checksums equal, and back again; users sign in on each', async () => {
    const before = await contents(source)
    const there = await open(await middle())
    const out = await copyStore(side(source), side(there), { describe: names })
    expect(out.collections.map((c) => c.name)).toEqual(expect.arrayContaining(['posts', 'brands', 'media', 'clicks', 'counters', 'markets', 'revisions', 'audit_log', 'user', 'account']))
    expect(out.collections.find((c) => c.name === 'posts')?.count).toBe((await source.ctx.services.transfer.export('posts')).posts.length)
    expect(out.collections.find((c) => c.name === 'clicks')?.count).toBe(2)
    expect(await there.ctx.services.users.login('mover', 'a long password')).toMatchObject({ accessToken: expect.any(String) })

    const back = await open(new SqliteStore(':memory:'))
    const again = await copyStore(side(there), side(back), { describe: names })
    // the same records both ways (the audit log grew by the first copy's own entry)
    expect(again.collections.filter((c) => c.name !== 'audit_log')).toEqual(out.collections.filter((c) => c.name !== 'audit_log'))
    expect(await contents(back)).toBe(await contents(there))
    expect(JSON.parse(await contents(back)).collections.posts).toEqual(JSON.parse(before).collections.posts)
    expect(await back.ctx.services.transfer.export('all')).toEqual(await source.ctx.services.transfer.export('all'))
    expect(await back.ctx.services.users.login('mover', 'a long password')).toMatchObject({ accessToken: expect.any(String) })
    expect((await back.ctx.services.audit.list({ action: 'store.copy', limit: 10 })).entries.map((e) => e.note)).toEqual([expect.stringMatching(/ from source$/), expect.stringMatching(/ from source$/)])
  })

  it('refuses a target that holds records, naming them; --force replaces them, never adds to them', async () => {
    const target = await open(await middle())
    await target.ctx.services.posts.create('article', { title: 'Already there' })
    await expect(copyStore(side(source), side(target), { describe: names })).rejects.toThrow(/The target is not empty \(posts, audit_log, revisions hold records\); nothing was copied/)
    expect(await target.ctx.store.collection('posts').count()).toBe(1)
    const first = await copyStore(side(source), side(target), { replace: true, describe: names })
    const second = await copyStore(side(source), side(target), { replace: true, describe: names })
    expect(second.collections.find((c) => c.name === 'posts')).toEqual(first.collections.find((c) => c.name === 'posts'))
    expect((await target.ctx.services.transfer.export('posts')).posts.map((p) => p.title)).not.toContain('Already there')
    expect(await target.ctx.services.users.login('mover', 'a long password')).toMatchObject({ accessToken: expect.any(String) })
  })
})
