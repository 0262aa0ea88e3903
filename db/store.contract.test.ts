import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { op } from './batch.ts'
import { defineCollection, ensureCollection } from './collections.ts'
import { type Collection, DuplicateKeyError, type Doc, type Store } from './port.ts'
import { createRegistry } from './registry.ts'
import { SqliteStore } from './sqlite/index.ts'

type Row = Doc & { name: string; n?: number | null; tags?: string[]; at?: Date; nested?: { a: number } }

const backends: { name: string; open: () => Promise<Store> }[] = [
  { name: 'sqlite', open: async () => new SqliteStore(':memory:') },
  // a file: sums then run on the reader threads (db/sqlite/counters.ts), a sum by key split across them by key
  { name: 'sqlite file', open: async () => new SqliteStore(join(fileDirs[fileDirs.push(mkdtempSync(join(tmpdir(), 'gamewise-contract-'))) - 1]!, 'store.db')) },
]
const fileDirs: string[] = []
afterAll(() => {
  for (const d of fileDirs) rmSync(d, { recursive: true, force: true })
})
const mongoUri = process.env.MONGODB_URI
/**
 * FerretDB's version when MONGODB_URI points at FerretDB (scripts/ferretdb.ts starts one): the tests of
 * what FerretDB 1.x lacks are skipped there, each saying so (docs/mongodb.md lists them).
 */
let ferretDb: string | undefined
if (mongoUri) {
  const { MongoStore } = await import('./mongo.ts')
  const probe = await MongoStore.connect(mongoUri)
  ferretDb = probe.ferretDb
  await probe.close()
  if (ferretDb) console.log(`[storage contract] MongoDB run on FerretDB ${ferretDb}: FerretDB 1.x has no text index, so text search runs by scan there (db/mongo-text-scan.ts) and $text itself needs a real MongoDB.`)
}
const onFerret = (backend: string) => backend === 'mongodb' && ferretDb !== undefined
if (mongoUri) {
  backends.push({
    name: 'mongodb',
    open: async () => {
      const { MongoStore } = await import('./mongo.ts')
      return MongoStore.connect(mongoUri)
    },
  })
} else {
  console.log('[storage contract] MongoDB run SKIPPED: MONGODB_URI is not set (no MongoDB server on this machine).')
}

for (const backend of backends) {
  describe(`storage contract: ${backend.name}`, () => {
    let store: Store
    let suffix = 0
    let name = ''
    const stores: Store[] = []

    beforeEach(async () => {
      store = await backend.open()
      stores.push(store)
      name = `contract_${Date.now()}_${suffix++}`
    })
    afterAll(async () => {
      for (const s of stores) await s.close()
    })

    it('inserts and finds by _id, keeping dates, arrays and nested objects', async () => {
      const c = store.collection<Row>(name)
      const at = new Date('2026-01-02T03:04:05.000Z')
      await c.insertOne({ _id: 'a', name: 'Alpha', tags: ['x', 'y'], at, nested: { a: 1 } })
      const got = await c.findOne({ _id: 'a' })
      expect(got).toEqual({ _id: 'a', name: 'Alpha', tags: ['x', 'y'], at, nested: { a: 1 } })
      expect(got?.at).toBeInstanceOf(Date)
      expect(await c.findOne({ _id: 'missing' })).toBeNull()
    })

    it('filters with operators, sorts, skips and limits', async () => {
      const c = store.collection<Row>(name)
      for (const [i, n] of ['d', 'b', 'a', 'c', 'e'].entries()) await c.insertOne({ _id: n, name: n, n: i, tags: i % 2 ? ['odd'] : ['even'] })
      expect((await c.find({}, { sort: { name: 1 } })).map((d) => d._id)).toEqual(['a', 'b', 'c', 'd', 'e'])
      expect((await c.find({ n: { $gte: 2 } }, { sort: { n: -1 } })).map((d) => d._id)).toEqual(['e', 'c', 'a'])
      expect((await c.find({ tags: 'odd' }, { sort: { name: 1 } })).map((d) => d._id)).toEqual(['b', 'c'])
      expect((await c.find({}, { sort: { name: 1 }, skip: 1, limit: 2 })).map((d) => d._id)).toEqual(['b', 'c'])
      expect((await c.find({ $or: [{ name: 'a' }, { n: 4 }] }, { sort: { name: 1 } })).map((d) => d._id)).toEqual(['a', 'e'])
      expect(await c.count()).toBe(5)
      expect(await c.count({ tags: 'even' })).toBe(3)
    })

    it('pushes equality on declared indexes and still answers exactly', async () => {
      await store.ensureIndex(name, { fields: { name: 1 } })
      const c = store.collection<Row>(name)
      await c.insertOne({ _id: '1', name: 'same', n: 1 })
      await c.insertOne({ _id: '2', name: 'same', n: 2 })
      await c.insertOne({ _id: '3', name: 'other', n: 1 })
      expect((await c.find({ name: 'same', n: 2 })).map((d) => d._id)).toEqual(['2'])
    })

    it('finds documents whose list holds a value through a list index, in step with every kind of write', async () => {
      const c = store.collection<Row>(name)
      await c.insertOne({ _id: 'before', name: 'indexed later', tags: ['old', 'shared'] })
      await store.ensureListIndex(name, { field: 'tags' })
      await c.insertOne({ _id: 'a', name: 'A', tags: ['x', 'shared'] })
      await c.insertOne({ _id: 'b', name: 'B', tags: ['y'] })
      await c.insertOne({ _id: 'none', name: 'no list' })
      const ids = async (filter: Record<string, unknown>) => (await c.find(filter)).map((d) => d._id).sort()
      expect(await ids({ tags: 'shared' })).toEqual(['a', 'before'])
      expect(await ids({ tags: { $in: ['x', 'y'] } })).toEqual(['a', 'b'])
      expect(await ids({ tags: 'old', name: 'indexed later' })).toEqual(['before'])
      expect(await c.count({ tags: 'shared' })).toBe(2)
      expect(await ids({ tags: null })).toEqual(['none'])
      await c.updateOne({ _id: 'a' }, { $set: { tags: ['z'] } })
      await c.updateOne({ _id: 'b' }, { $set: { name: 'B2' } }) // the list unchanged
      await c.deleteOne({ _id: 'before' })
      await store.batch([op.insert(name, { _id: 'c', name: 'C', tags: ['shared'] })])
      expect(await ids({ tags: 'shared' })).toEqual(['c'])
      expect(await ids({ tags: 'x' })).toEqual([])
      expect(await ids({ tags: 'z' })).toEqual(['a'])
      expect(await ids({ tags: 'y' })).toEqual(['b'])
      expect(await ids({ $or: [{ tags: 'z' }, { name: 'C' }] })).toEqual(['a', 'c'])
      // a list field's distinct values, one by one, of every document or of the matching ones
      expect(await c.distinct('tags')).toEqual(['shared', 'y', 'z'])
      expect(await c.distinct('tags', { _id: { $in: ['a', 'b'] } })).toEqual(['y', 'z'])
      expect(await c.deleteMany({ tags: 'y' })).toBe(1)
      expect(await ids({})).toEqual(['a', 'c', 'none'])
      expect(await store.listCollections()).toContain(name)
      expect((await store.listCollections()).some((n) => n.startsWith(`${name}__`))).toBe(false)
    })

    it('enforces unique indexes and duplicate _ids with DuplicateKeyError', async () => {
      await store.ensureIndex(name, { fields: { name: 1 }, unique: true })
      const c = store.collection<Row>(name)
      await c.insertOne({ _id: '1', name: 'taken' })
      await expect(c.insertOne({ _id: '2', name: 'taken' })).rejects.toBeInstanceOf(DuplicateKeyError)
      await expect(c.insertOne({ _id: '1', name: 'fresh' })).rejects.toBeInstanceOf(DuplicateKeyError)
      await c.insertOne({ _id: '3', name: 'other' })
      await expect(c.updateOne({ _id: '3' }, { $set: { name: 'taken' } })).rejects.toBeInstanceOf(DuplicateKeyError)
      expect((await c.findOne({ _id: '3' }))?.name).toBe('other')
    })

    it('updates with $set, $unset and $inc, and upserts', async () => {
      const c = store.collection<Row>(name)
      await c.insertOne({ _id: 'a', name: 'A', n: 1, tags: ['t'] })
      expect(await c.updateOne({ _id: 'a' }, { $set: { name: 'B' }, $inc: { n: 2 }, $unset: { tags: '' } })).toEqual({ matched: 1, upserted: false })
      expect(await c.findOne({ _id: 'a' })).toEqual({ _id: 'a', name: 'B', n: 3 })
      expect(await c.updateOne({ _id: 'zz' }, { $set: { name: 'Z' } })).toEqual({ matched: 0, upserted: false })
      expect(await c.count()).toBe(1)
      const up = await c.updateOne({ _id: 'day-1' }, { $inc: { n: 1 }, $setOnInsert: { name: 'counter' } }, { upsert: true })
      expect(up.upserted).toBe(true)
      await c.updateOne({ _id: 'day-1' }, { $inc: { n: 1 }, $setOnInsert: { name: 'counter' } }, { upsert: true })
      expect(await c.findOne({ _id: 'day-1' })).toEqual({ _id: 'day-1', name: 'counter', n: 2 })
    })

    it('increments and sets dotted paths, creating the objects on the way', async () => {
      const c = store.collection<Row & { goals?: Record<string, number>; revenue?: Record<string, number> }>(name)
      await c.updateOne({ _id: 'd' }, { $inc: { 'goals.1006': 1, 'revenue.USD': 2.5 }, $setOnInsert: { name: 'day' } }, { upsert: true })
      await c.updateOne({ _id: 'd' }, { $inc: { 'goals.1006': 1, 'goals.2': 1, 'revenue.USD': -0.5 }, $set: { 'nested.a': 7 } })
      expect(await c.findOne({ _id: 'd' })).toEqual({ _id: 'd', name: 'day', goals: { '1006': 2, '2': 1 }, revenue: { USD: 2 }, nested: { a: 7 } })
      await c.updateOne({ _id: 'd' }, { $unset: { 'goals.2': '' } })
      expect((await c.findOne({ _id: 'd' }))?.goals).toEqual({ '1006': 2 })
    })

    it('deletes one or many', async () => {
      const c = store.collection<Row>(name)
      for (const id of ['a', 'b', 'c']) await c.insertOne({ _id: id, name: id === 'a' ? 'keep' : 'drop' })
      expect(await c.deleteOne({ _id: 'nope' })).toBe(0)
      expect(await c.deleteMany({ name: 'drop' })).toBe(2)
      expect((await c.find()).map((d) => d._id)).toEqual(['a'])
    })

    it('rejects a batch whose insert or update takes a unique key with DuplicateKeyError (slug renames run in a batch)', async () => {
      await store.ensureIndex(name, { fields: { name: 1 }, unique: true })
      const c = store.collection<Row>(name)
      await c.insertOne({ _id: '1', name: 'taken' })
      await c.insertOne({ _id: '2', name: 'other' })
      await expect(store.batch([op.update(name, { _id: '2' }, { $set: { name: 'taken' } })])).rejects.toBeInstanceOf(DuplicateKeyError)
      await expect(store.batch([op.insert(name, { _id: '3', name: 'taken' })])).rejects.toBeInstanceOf(DuplicateKeyError)
      await expect(store.batch([op.insert(name, { _id: '1', name: 'fresh' })])).rejects.toBeInstanceOf(DuplicateKeyError)
      expect((await c.find({}, { sort: { _id: 1 } })).map((d) => d.name)).toEqual(['taken', 'other'])
    })

    it('declares an expiry once (a TTL index on MongoDB; FerretDB 1.x and SQLite: a plain index), and maintenance prunes what it ends', async () => {
      const expiring = defineCollection({ name, backup: 'skip', reason: 'a contract test of declared expiry', ttl: { field: 'at', afterSeconds: 0 } })
      await ensureCollection(store, expiring)
      await ensureCollection(store, expiring) // declared at every start
      const registry = createRegistry(store)
      registry.add(expiring)
      const c = store.collection<Row>(name)
      // far in the future: MongoDB's TTL monitor, which reads the real clock, leaves them to the prune
      await c.insertOne({ _id: 'old', name: 'old', at: new Date('2999-01-01T00:00:00Z') })
      await c.insertOne({ _id: 'new', name: 'new', at: new Date('2999-01-03T00:00:00Z') })
      expect(await registry.pruneExpired(new Date('2999-01-02T00:00:00Z'))).toBe(1)
      expect((await c.find()).map((d) => d._id)).toEqual(['new'])
    })

    it('applies a batch whole', async () => {
      const c = store.collection<Row>(name)
      await store.batch([
        op.insert(name, { _id: 'x', name: 'X' }),
        op.update(name, { _id: 'x' }, { $set: { n: 5 } }),
      ])
      expect(await c.findOne({ _id: 'x' })).toEqual({ _id: 'x', name: 'X', n: 5 })
    })

    it('answers range, $in, $ne and null conditions on indexed fields (SQL on SQLite), alone and mixed with others', async () => {
      await store.ensureIndex(name, { fields: { n: 1 } })
      await store.ensureIndex(name, { fields: { at: 1 } })
      const c = store.collection<Row>(name)
      const day = (d: number) => new Date(Date.UTC(2026, 0, d))
      for (let i = 1; i <= 9; i++) await c.insertOne({ _id: `r${i}`, name: i % 3 ? 'x' : 'y', n: i, at: day(i), tags: [i % 2 ? 'odd' : 'even'] })
      await c.insertOne({ _id: 'nul', name: 'x', n: null })
      const ids = (rows: Row[]) => rows.map((r) => r._id)
      expect(ids(await c.find({ n: { $gt: 3, $lte: 6 } }, { sort: { n: -1 } }))).toEqual(['r6', 'r5', 'r4'])
      expect(ids(await c.find({ at: { $gte: day(8) } }, { sort: { at: 1 } }))).toEqual(['r8', 'r9'])
      expect(ids(await c.find({ at: { $lt: day(3) } }, { sort: { at: -1 } }))).toEqual(['r2', 'r1'])
      expect(ids(await c.find({ n: { $in: [2, 7, 42] } }, { sort: { n: 1 } }))).toEqual(['r2', 'r7'])
      expect(ids(await c.find({ n: null }))).toEqual(['nul'])
      expect(await c.count({ n: { $ne: 5 } })).toBe(9)
      expect(ids(await c.find({ n: { $gte: 2 }, tags: 'odd' }, { sort: { n: 1 }, limit: 2 }))).toEqual(['r3', 'r5'])
      expect(ids(await c.find({ n: { $gte: 1 } }, { sort: { n: 1 }, skip: 7 }))).toEqual(['r8', 'r9'])
      expect(ids(await c.find({ n: { $gte: 1 } }, { sort: { n: 1 }, skip: 2, limit: 3 }))).toEqual(['r3', 'r4', 'r5'])
      expect(await c.count({ n: { $lt: 4 } })).toBe(3)
      expect(await c.deleteMany({ at: { $lt: day(4) } })).toBe(3)
      expect(await c.count()).toBe(7)
    })

    it('findOneAndUpdate answers the document after the update, upserting when asked', async () => {
      const c = store.collection<Row>(name)
      expect(await c.findOneAndUpdate({ _id: 'k' }, { $inc: { n: 1 } })).toBeNull()
      expect(await c.findOneAndUpdate({ _id: 'k' }, { $inc: { n: 1 }, $setOnInsert: { name: 'counter' } }, { upsert: true })).toEqual({ _id: 'k', name: 'counter', n: 1 })
      expect(await c.findOneAndUpdate({ _id: 'k' }, { $inc: { n: 2 }, $setOnInsert: { name: 'counter' } }, { upsert: true })).toEqual({ _id: 'k', name: 'counter', n: 3 })
      expect(await c.count()).toBe(1)
    })

    it('incrementMany adds to many documents in one call, creating the missing ones, and answers each after', async () => {
      const c = store.collection<Row>(name)
      await c.insertOne({ _id: 'a', name: 'counter', n: 5 })
      const after = await c.incrementMany([
        { _id: 'a', inc: { n: 2 }, setOnInsert: { name: 'ignored' } },
        { _id: 'b', inc: { n: 3 }, setOnInsert: { name: 'fresh', at: new Date('2026-11-01T11:00:00Z') } },
      ])
      expect(after).toEqual([
        { _id: 'a', name: 'counter', n: 7 },
        { _id: 'b', name: 'fresh', n: 3, at: new Date('2026-11-01T11:00:00Z') },
      ])
      expect(await c.incrementMany([])).toEqual([])
      expect(await c.count()).toBe(2)
    })

    it('incrementMany: concurrent callers each see their own step, no two read the same count (on FerretDB 1.x through its document locks)', async () => {
      const c = store.collection<Row>(name)
      await c.insertOne({ _id: 'b', name: 'counter', n: 3 })
      const counts = await Promise.all(Array.from({ length: 10 }, () => c.incrementMany([{ _id: 'b', inc: { n: 1 } }])))
      expect(counts.map(([d]) => d.n).sort((x, y) => Number(x) - Number(y))).toEqual([4, 5, 6, 7, 8, 9, 10, 11, 12, 13])
      expect((await c.findOne({ _id: 'b' }))?.n).toBe(13)
    })

    it.runIf(backend.name === 'mongodb')('increments from two stores on one database (two processes) all count: one document, 40 concurrent $inc', async () => {
      const other = await backend.open()
      stores.push(other)
      const mine = store.collection<Row>(name)
      const theirs = other.collection<Row>(name)
      await mine.insertOne({ _id: 'shared', name: 'counter', n: 0 })
      const steps = await Promise.all(Array.from({ length: 40 }, (_, i) => (i % 2 ? mine : theirs).findOneAndUpdate({ _id: 'shared' }, { $inc: { n: 1 } })))
      expect(steps.map((d) => d?.n).sort((x, y) => Number(x) - Number(y))).toEqual(Array.from({ length: 40 }, (_, i) => i + 1))
      await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? mine : theirs).updateOne({ _id: 'shared' }, { $inc: { n: 1 } })))
      await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? store : other).batch([op.update(name, { _id: 'shared' }, { $inc: { n: 1 } })])))
      expect((await mine.findOne({ _id: 'shared' }))?.n).toBe(80)
      expect(await store.listCollections()).not.toContain('__gamewise_locks') // the locks are the backend's own
    })

    it('insertMissing inserts only the documents whose _id is free, and says which', async () => {
      const c = store.collection<Row>(name)
      await c.insertOne({ _id: 'taken', name: 'first' })
      expect((await c.insertMissing([{ _id: 'taken', name: 'second' }, { _id: 'new', name: 'new' }])).sort()).toEqual(['new'])
      expect((await c.findOne({ _id: 'taken' }))?.name).toBe('first')
      expect(await c.insertMissing([])).toEqual([])
      expect(await c.count()).toBe(2)
    })

    it('insertMissing keeps every field as given, empty lists and objects too (FerretDB 1.x dropped the empty lists an upsert set)', async () => {
      const c = store.collection<Row & { list?: string[]; obj?: object }>(name)
      await c.insertOne({ _id: 'taken', name: 'first' })
      expect((await c.insertMissing([{ _id: 'fresh', name: 'f', tags: [], list: [], obj: {} }, { _id: 'taken', name: 'second', tags: [] }])).sort()).toEqual(['fresh'])
      expect(await c.findOne({ _id: 'fresh' })).toEqual({ _id: 'fresh', name: 'f', tags: [], list: [], obj: {} })
      await store.ensureIndex(name, { fields: { name: 1 }, unique: true })
      expect(await c.insertMissing([{ _id: 'other', name: 'f' }])).toEqual([]) // a key another unique index holds is skipped too
    })

    it.skipIf(backend.name === 'mongodb')('reads only the rows a sorted, limited list answers (SQLite: sort, skip and limit in SQL)', async () => {
      const sqlite = store as SqliteStore
      await store.ensureIndex(name, { fields: { n: 1 } })
      const c = store.collection<Row>(name)
      await store.batch(Array.from({ length: 500 }, (_, i) => op.insert(name, { _id: `d${i}`, name: 'x', n: i })))
      const before = sqlite.rowsRead
      const page = await c.find({ n: { $gte: 100 } }, { sort: { n: -1 }, skip: 10, limit: 5 })
      expect(page.map((d) => d.n)).toEqual([489, 488, 487, 486, 485])
      expect(sqlite.rowsRead - before).toBe(5)
      expect(await c.count({ n: { $lt: 250 } })).toBe(250)
      expect(sqlite.rowsRead - before).toBe(5) // counted in SQL
    })

    it('counts into a counters table in a batch with other writes, and sums a day range by key in the backend', async () => {
      const table = `counters_${name.replace(/\W/g, '_').toLowerCase()}`.replace(/[0-9]/g, (d) => 'abcdefghij'[Number(d)])
      await store.ensureCounters(table, { metrics: ['views', 'clicks', 'revenue'] })
      const count = (key: string, day: string, inc: Record<string, number>, sub = '') => op.count(table, { dim: 'page', key, day, sub }, inc)
      await store.batch([
        op.insert(name, { _id: 'event-1' }),
        count('article:a', '2026-11-01', { views: 2, clicks: 1 }),
        count('article:a', '2026-11-01', { clicks: 1 }),
        count('article:a', '2026-11-02', { views: 5 }),
        count('article:b', '2026-11-02', { views: 1 }),
        count('article:a', '2026-11-02', { revenue: 12.5 }, 'USD'),
        count('article:a', '2026-11-03', { revenue: -2.5 }, 'USD'),
        count('article:a', '2026-11-03', { revenue: 7 }, 'EUR'),
        count('article:a', '2026-12-01', { views: 100 }),
        op.count(table, { dim: 'slot', key: 'home-offers', day: '2026-11-01' }, { clicks: 3 }),
      ])
      const sorted = <T extends { key: string; sub: string; day?: string }>(rows: T[]) => rows.sort((x, y) => `${x.key}${x.sub}${x.day ?? ''}`.localeCompare(`${y.key}${y.sub}${y.day ?? ''}`))
      expect(sorted(await store.sumCounters(table, { dim: 'page', from: '2026-11-01', to: '2026-11-30', subs: '', by: 'key' }))).toEqual([
        { dim: 'page', key: 'article:a', sub: '', values: { views: 7, clicks: 2 } },
        { dim: 'page', key: 'article:b', sub: '', values: { views: 1 } },
      ])
      expect(sorted(await store.sumCounters(table, { dim: 'page', from: '2026-11-01', to: '2026-11-30', subs: 'money', by: 'key' }))).toEqual([
        { dim: 'page', key: 'article:a', sub: 'EUR', values: { revenue: 7 } },
        { dim: 'page', key: 'article:a', sub: 'USD', values: { revenue: 10 } },
      ])
      expect(sorted(await store.sumCounters(table, { dim: 'page', from: '2026-11-02', to: '2026-11-03', subs: 'money', by: 'key-day', keys: ['article:a'] }))).toEqual([
        { dim: 'page', key: 'article:a', sub: 'EUR', day: '2026-11-03', values: { revenue: 7 } },
        { dim: 'page', key: 'article:a', sub: 'USD', day: '2026-11-02', values: { revenue: 12.5 } },
        { dim: 'page', key: 'article:a', sub: 'USD', day: '2026-11-03', values: { revenue: -2.5 } },
      ])
      expect(await store.sumCounters(table, { dim: 'page', from: '2026-11-01', to: '2026-11-30', subs: '', by: 'key', keys: [] })).toEqual([])
      expect((await store.readCounters(table)).length).toBe(8)
      // a batch that fails writes no counter either
      await expect(store.batch([count('article:c', '2026-11-05', { views: 1 }), op.insert(name, { _id: 'event-1' })])).rejects.toBeInstanceOf(DuplicateKeyError)
      if (store.kind === 'sqlite') expect(await store.sumCounters(table, { dim: 'page', from: '2026-11-05', to: '2026-11-05', subs: '', by: 'key' })).toEqual([])
    })

    it('keeps a rolled-up table in blocks too: over random ledgers, any range sums by key exactly as its days do, blocks stay out of readCounters, a prune sums them again', async () => {
      const dayAt = (n: number) => new Date(Date.UTC(2026, 4, 1) + n * 86_400_000).toISOString().slice(0, 10)
      // three seeded pseudo-random ledgers over 200 days (a failure names its seed), counts and money in two currencies
      for (const ledger of [7, 1_234, 98_765]) {
        const table = `rolled_${ledger}_${name.replace(/\W/g, '_').toLowerCase()}`.replace(/[0-9]/g, (d) => 'abcdefghij'[Number(d)])
        await store.ensureCounters(table, { metrics: ['views', 'revenue'], rollup: true })
        let seed = ledger
        const rnd = (n: number) => ((seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648), seed % n)
        const keys = 2 + rnd(6)
        const ops = []
        for (let i = 0; i < 160; i++) {
          const money = rnd(4) === 0
          ops.push(op.count(table, { dim: 'page', key: `k${rnd(keys)}`, day: dayAt(rnd(200)), sub: money ? ['EUR', 'USD'][rnd(2)]! : '' }, money ? { revenue: rnd(50) - 10 } : { views: 1 + rnd(3) }))
        }
        for (let i = 0; i < ops.length; i += 80) await store.batch(ops.slice(i, i + 80))
        const byKey = (rows: { key: string; sub: string; values: Record<string, number> }[]) => Object.fromEntries(rows.filter((r) => Object.values(r.values).some((v) => v)).map((r) => [`${r.key}/${r.sub}`, r.values]))
        const naive = async (from: string, to: string, subs: '' | 'money', only?: readonly string[]) => {
          const out: Record<string, Record<string, number>> = {}
          for (const r of await store.sumCounters(table, { dim: 'page', from, to, subs, by: 'key-day' })) {
            if (only && !only.includes(r.key)) continue
            const row = (out[`${r.key}/${r.sub}`] ??= {})
            for (const [m, v] of Object.entries(r.values)) row[m] = (row[m] ?? 0) + v
          }
          return Object.fromEntries(Object.entries(out).filter(([, v]) => Object.values(v).some((x) => x)))
        }
        for (let i = 0; i < 12; i++) {
          const a = rnd(210) - 5
          const from = dayAt(a)
          const to = dayAt(a + rnd(120))
          const only = rnd(3) === 0 ? [`k${rnd(keys)}`, `k${rnd(keys)}`] : undefined
          for (const subs of ['', 'money'] as const) expect(byKey(await store.sumCounters(table, { dim: 'page', from, to, subs, by: 'key', ...(only ? { keys: only } : {}) })), `ledger ${ledger}: ${from}..${to} ${subs} ${only ?? ''}`).toEqual(await naive(from, to, subs, only))
        }
        const days = await store.readCounters(table)
        expect(days.every((r) => r.dim === 'page' && r.day >= dayAt(0) && r.day <= dayAt(199))).toBe(true)
        // a prune keeps the blocks of the days left exact
        await store.pruneCounters(table, dayAt(100))
        expect(byKey(await store.sumCounters(table, { dim: 'page', from: dayAt(0), to: dayAt(199), subs: '', by: 'key' })), `ledger ${ledger} after a prune`).toEqual(await naive(dayAt(100), dayAt(199), ''))
        expect((await store.readCounters(table)).every((r) => r.day >= dayAt(100))).toBe(true)
      }
    }, 180_000)

    it.runIf(backend.name === 'mongodb')('sums every metric of a counters table in one read of its rows (FerretDB 1.x scans the whole collection for each query: one per metric kept the Earnings screen loading past its second)', async () => {
      const table = `onepass_${name.replace(/\W/g, '_').toLowerCase()}`.replace(/[0-9]/g, (d) => 'abcdefghij'[Number(d)])
      await store.ensureCounters(table, { metrics: ['views', 'clicks', 'revenue'], rollup: true })
      const day = (n: number) => new Date(Date.UTC(2026, 3, 1) + n * 86_400_000).toISOString().slice(0, 10)
      await store.batch(Array.from({ length: 60 }, (_, i) => op.count(table, { dim: 'page', key: `p${i % 3}`, day: day(i) }, { views: 2, clicks: 1 })))
      await store.batch([op.count(table, { dim: 'page', key: 'p0', day: day(5), sub: 'EUR' }, { revenue: 7 })])
      const { Collection } = await import('mongodb')
      const reads = [vi.spyOn(Collection.prototype, 'aggregate'), vi.spyOn(Collection.prototype, 'find')]
      try {
        const pages = await store.sumCounters(table, { dim: 'page', from: day(0), to: day(59), subs: '', by: 'key' })
        expect(reads.reduce((n, r) => n + r.mock.calls.length, 0), 'reads of a sum by key').toBe(1)
        // every metric summed, not only the first (FerretDB 1.x's $group gave the others 0)
        expect(Object.fromEntries(pages.map((r) => [r.key, r.values]))).toEqual({ p0: { views: 40, clicks: 20 }, p1: { views: 40, clicks: 20 }, p2: { views: 40, clicks: 20 } })
        const daily = await store.sumCounters(table, { dim: 'page', from: day(5), to: day(6), subs: 'money', by: 'key-day' })
        expect(reads.reduce((n, r) => n + r.mock.calls.length, 0), 'reads of a sum by key and day').toBe(2)
        expect(daily.map((r) => [r.key, r.sub, r.day, r.values])).toEqual([['p0', 'EUR', day(5), { revenue: 7 }]])
      } finally {
        for (const r of reads) r.mockRestore()
      }
    })

    it('builds the blocks of a table that had only days when it is declared rolled up; a 90-day range then reads a few rows per key, not one per day', async () => {
      const table = `built_${name.replace(/\W/g, '_').toLowerCase()}`.replace(/[0-9]/g, (d) => 'abcdefghij'[Number(d)])
      await store.ensureCounters(table, { metrics: ['views'] })
      // 4 pages viewed every day of 2026-04-01..2026-06-29: 90 days starting on a day that is a multiple of 64 since 1970
      const first = Date.UTC(2026, 3, 1)
      expect((first / 86_400_000) % 64).toBe(0)
      const day = (n: number) => new Date(first + n * 86_400_000).toISOString().slice(0, 10)
      await store.batch(Array.from({ length: 360 }, (_, i) => op.count(table, { dim: 'page', key: `p${i % 4}`, day: day(Math.floor(i / 4)) }, { views: 1 + (i % 3) })))
      await store.ensureCounters(table, { metrics: ['views'], rollup: true })
      const before = store.kind === 'sqlite' ? (store as SqliteStore).rowsRead : 0
      const rows = await store.sumCounters(table, { dim: 'page', from: day(0), to: day(89), subs: '', by: 'key' })
      expect(rows.map((r) => [r.key, r.values.views]).sort()).toEqual(Array.from({ length: 4 }, (_, k) => [`p${k}`, Array.from({ length: 90 }, (_, d) => 1 + ((d * 4 + k) % 3)).reduce((a, b) => a + b)]))
      // two 32-day blocks, three 8-day ones and two days: 7 rows per page instead of 90
      if (store.kind === 'sqlite') expect((store as SqliteStore).rowsRead - before).toBe(28)
      // written after: days and blocks alike
      await store.batch([op.count(table, { dim: 'page', key: 'p0', day: day(3) }, { views: 1000 })])
      expect((await store.sumCounters(table, { dim: 'page', from: day(0), to: day(89), subs: '', by: 'key', keys: ['p0'] }))[0]!.values.views).toBe(rows.find((r) => r.key === 'p0')!.values.views! + 1000)
      expect((await store.readCounters(table)).length).toBe(360)
    }, 90_000)

    it('prunes the counter rows of days before a day, and only those (search statistics keep 90 days)', async () => {
      const table = `pruned_${name.replace(/\W/g, '_').toLowerCase()}`.replace(/[0-9]/g, (d) => 'abcdefghij'[Number(d)])
      await store.ensureCounters(table, { metrics: ['searches', 'empty'] })
      const count = (key: string, day: string, inc: Record<string, number>) => op.count(table, { dim: 'query', key, day }, inc)
      await store.batch([count('nova spins', '2026-08-01', { searches: 3 }), count('nova spins', '2026-08-02', { searches: 1, empty: 1 }), count('poker', '2026-08-03', { searches: 2 })])
      expect(await store.pruneCounters(table, '2026-08-02')).toBe(1)
      expect(await store.pruneCounters(table, '2026-08-02')).toBe(0)
      expect((await store.readCounters(table)).map((r) => `${r.key} ${r.day}`).sort()).toEqual(['nova spins 2026-08-02', 'poker 2026-08-03'])
      expect(await store.sumCounters(table, { dim: 'query', from: '2026-01-01', to: '2026-12-31', subs: '', by: 'key' })).toEqual(
        expect.arrayContaining([{ dim: 'query', key: 'nova spins', sub: '', values: { searches: 1, empty: 1 } }]),
      )
    })

    it('lists its collections by name, sorted, without the backend\'s internals', async () => {
      await store.collection<Row>(`${name}_b`).insertOne({ _id: '1', name: 'b' })
      await store.collection<Row>(`${name}_a`).insertOne({ _id: '1', name: 'a' })
      await store.ensureIndex(`${name}_a`, { fields: { name: 1 }, unique: true })
      await store.collection<Row>(`${name}_c`).updateOne({ _id: 'x' }, { $inc: { n: 1 } }, { upsert: true })
      const names = await store.listCollections()
      expect(names.filter((n) => n.startsWith(name))).toEqual([`${name}_a`, `${name}_b`, `${name}_c`])
      expect(names).toEqual([...names].sort())
      expect(names.filter((n) => n.startsWith('sqlite_') || n.startsWith('system.'))).toEqual([])
    })

    it('reads only the projected fields (plus _id), keeping dates and leaving missing fields out', async () => {
      const c = store.collection<Row>(name)
      const at = new Date('2026-02-03T04:05:06.000Z')
      await c.insertOne({ _id: 'p1', name: 'one', n: 1, at, nested: { a: 1 } })
      await c.insertOne({ _id: 'p2', name: 'two' })
      await store.ensureIndex(name, { fields: { name: 1 } })
      const rows = await c.find({}, { sort: { name: 1 }, projection: ['at', 'n'] })
      expect(rows).toEqual([{ _id: 'p1', n: 1, at }, { _id: 'p2' }])
      expect(rows[0].at).toBeInstanceOf(Date)
      expect(await c.find({ name: 'two' }, { projection: ['name'] })).toEqual([{ _id: 'p2', name: 'two' }])
    })

    it('pages by a compound key with $or (keyset pagination), ascending and descending', async () => {
      await store.ensureIndex(name, { fields: { n: 1, name: -1, _id: 1 } })
      const c = store.collection<Row>(name)
      const rows = Array.from({ length: 30 }, (_, i) => ({ _id: `k${String(i).padStart(2, '0')}`, n: i % 3, name: `name${i % 5}` }))
      await store.batch(rows.map((row) => op.insert(name, row)))
      const sort = { n: 1, name: -1, _id: 1 } as const
      const all = (await c.find({}, { sort })).map((r) => r._id)
      const seen: string[] = []
      let after: Row | undefined
      for (;;) {
        const filter = after
          ? { $or: [{ n: { $gt: after.n } }, { n: after.n, name: { $lt: after.name } }, { n: after.n, name: after.name, _id: { $gt: after._id } }] }
          : {}
        const page = await c.find(filter, { sort, limit: 7 })
        if (!page.length) break
        seen.push(...page.map((r) => r._id))
        after = page[page.length - 1]
      }
      expect(seen).toEqual(all)
      expect(new Set(seen).size).toBe(30)
    })

    it.skipIf(backend.name === 'mongodb')('answers a keyset page in SQL, reading only the page (SQLite)', async () => {
      const sqlite = store as SqliteStore
      await store.ensureIndex(name, { fields: { n: 1, _id: 1 } })
      const c = store.collection<Row>(name)
      await store.batch(Array.from({ length: 300 }, (_, i) => op.insert(name, { _id: `x${String(i).padStart(3, '0')}`, name: 'x', n: i % 10 })))
      const before = sqlite.rowsRead
      const page = await c.find({ $or: [{ n: { $gt: 4 } }, { n: 4, _id: { $gt: 'x150' } }] }, { sort: { n: 1, _id: 1 }, limit: 5 })
      expect(page.map((r) => r._id)).toEqual(['x154', 'x164', 'x174', 'x184', 'x194'])
      expect(sqlite.rowsRead - before).toBe(5)
    })

    it('answers the distinct values of an index field, sorted', async () => {
      await store.ensureIndex(name, { fields: { name: 1 } })
      const c = store.collection<Row>(name)
      for (const [i, n] of ['b', 'a', 'b', 'c', 'a'].entries()) await c.insertOne({ _id: `d${i}`, name: n, n: i })
      expect(await c.distinct('name')).toEqual(['a', 'b', 'c'])
      expect(await c.distinct('name', { n: { $gte: 2 } })).toEqual(['a', 'b', 'c'])
      expect(await c.distinct('name', { n: { $lt: 2 } })).toEqual(['a', 'b'])
    })

    it('answers a case-insensitive "contains" ($regex of an escaped literal, option i), metacharacters included', async () => {
      await store.ensureIndex(name, { fields: { name: 1 } })
      const c = store.collection<Row>(name)
      for (const [i, n] of ['Bankroll Basics', '100% bonus_x', 'a.b (c)', 'BANKROLL two', 'nothing'].entries()) await c.insertOne({ _id: `t${i}`, name: n })
      const contains = async (text: string) =>
        (await c.find({ name: { $regex: text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), $options: 'i' } }, { sort: { _id: 1 } })).map((r) => r._id)
      expect(await contains('bankroll')).toEqual(['t0', 't3'])
      expect(await contains('0% b')).toEqual(['t1'])
      expect(await contains('a_b')).toEqual([]) // '_' is not a wildcard: 'a.b' must not match
      expect(await contains('_x')).toEqual(['t1'])
      expect(await contains('.b (')).toEqual(['t2'])
      expect(await contains('%')).toEqual(['t1'])
    })

    it.runIf(onFerret(backend.name))('opens on FerretDB without text indexes, and searches by scan there: whole words, the last also a word start', async () => {
      const c = store.collection<Row>(name) // taken before the index is declared, as repositories do
      await store.ensureTextIndex(name, { fields: { name: 1 } })
      await c.insertOne({ _id: 'a', name: 'Bankroll basics' })
      await c.insertOne({ _id: 'b', name: 'Banking on bonuses' })
      expect((await c.textSearch(['bank'])).map((h) => h.doc._id)).toEqual(['a', 'b'].sort())
      expect((await c.textSearch(['bonuses', 'bank'])).map((h) => h.doc._id)).toEqual(['b'])
      expect(await c.textCount(['bank'])).toBe(2)
      expect(await c.textCount(['basics', 'bank'])).toBe(1)
      expect(await c.textPage(['bank'], { window: 10, limit: 1 })).toMatchObject({ matched: 2, hits: [expect.anything()] })
      expect(await c.textSearch([])).toEqual([])
    })

    describe('text search', () => {
      type Article = Doc & { type: string; title: string; body: { text: string; parts: { text: string }[] }[] }
      let c: Collection<Article>
      beforeEach(async () => {
        await store.ensureIndex(name, { fields: { type: 1 } })
        c = store.collection<Article>(name)
        const doc = (id: string, type: string, title: string, text: string, part = ''): Article => ({ _id: id, type, title, body: [{ text, parts: [{ text: part }] }] })
        await c.insertOne(doc('a1', 'article', 'Bankroll management basics', 'Set a budget before you play.'))
        await c.insertOne(doc('a2', 'article', 'Reading a welcome bonus', 'Wagering requirements decide whether a bankroll grows.'))
        await c.insertOne(doc('a3', 'article', 'Esports betting markets', 'Markets for CS2 and Dota.', 'Live odds move with the bankroll of the crowd.'))
        await c.insertOne(doc('h1', 'hero', 'Bankroll hero', 'Not an article.'))
        await store.ensureTextIndex(name, { fields: { title: 10, 'body[].text': 2, 'body[].parts[].text': 1 } })
      })
      const ids = (hits: { doc: { _id: string } }[]) => hits.map((h) => h.doc._id)

      it('finds every document holding all the terms, title matches first, nested array text included', async () => {
        const hits = await c.textSearch(['bankroll'], { filter: { type: 'article' } })
        expect(ids(hits)[0]).toBe('a1')
        expect(ids(hits).sort()).toEqual(['a1', 'a2', 'a3'])
        expect(hits[0].score).toBeGreaterThan(hits[2].score)
        expect(ids(await c.textSearch(['bankroll', 'wagering']))).toEqual(['a2'])
        expect(await c.textCount(['bankroll'], { type: 'article' })).toBe(3)
        expect(ids(await c.textSearch(['bankroll'], { filter: { type: 'article' }, skip: 1, limit: 1 }))).toHaveLength(1)
      })

      it('textPage counts and ranks the newest `window` matches in one call, as textCount and textSearch would', async () => {
        // documents without the word, so it is in fewer than half of them: SQLite ranks a word in half the
        // documents or more another way (db/sqlite/text.test.ts)
        for (let i = 0; i < 5; i++) await c.insertOne({ _id: `f${i}`, type: 'filler', title: 'Filler', body: [] })
        const all = await c.textPage(['bankroll'], { filter: { type: 'article' }, window: 10, limit: 10 })
        expect(all.matched).toBe(await c.textCount(['bankroll'], { type: 'article' }))
        expect(ids(all.hits)).toEqual(ids(await c.textSearch(['bankroll'], { filter: { type: 'article' } })))
        const second = await c.textPage(['bankroll'], { filter: { type: 'article' }, window: 10, limit: 1, skip: 1 })
        expect(ids(second.hits)).toEqual(ids(all.hits).slice(1, 2))
        // more matches than the window: matched says so (window + 1)
        expect((await c.textPage(['bankroll'], { window: 2, limit: 10 })).matched).toBe(3)
        expect(await c.textPage([], { window: 10, limit: 10 })).toEqual({ hits: [], matched: 0 })
        expect((await c.textPage(['bankroll'], { window: 10, limit: 10, skip: 50 })).hits).toEqual([])
      })

      it('textPage ranks as textSearch does with every TextRanking alternative; by default SQLite takes its shortcuts, MongoDB honours none', async () => {
        await c.insertOne({ _id: 'k1', type: 'article', title: 'Bank holidays', body: [{ text: 'A bankroll, a bankroll.', parts: [] }] })
        await c.insertOne({ _id: 'k2', type: 'article', title: 'Banking basics', body: [{ text: 'Your bankroll.', parts: [] }] })
        const alternatives = { commonWords: 'rank', onlyCommonWords: 'rank', typedLastWord: 'with-longer-words' } as const
        // a word every document holds; it beside a rarer word; a last word typed in full that starts longer words
        for (const terms of [['bankroll'], ['bankroll', 'basics'], ['bank']]) {
          const page = await c.textPage(terms, { window: 10, limit: 10, ranking: alternatives })
          expect(ids(page.hits), terms.join(' ')).toEqual(ids(await c.textSearch(terms)))
          expect(page.matched).toBe(await c.textCount(terms))
        }
        const byDefault = ids((await c.textPage(['bankroll'], { window: 10, limit: 10 })).hits)
        if (backend.name === 'mongodb') expect(byDefault).toEqual(ids(await c.textSearch(['bankroll']))) // its text score knows no common words
        else expect(byDefault).toEqual(['h1', 'a1', 'k2', 'k1', 'a3', 'a2']) // onlyCommonWords 'title-first': title matches, then the rest, each newest first
      })

      it('commonCutoff: a term in more of the documents than the cut-off is optional beside rarer terms and raises the matches holding it; common terms alone are all required', async () => {
        // bankroll is in 4 of 7 documents (two fillers and g1 added), budget in 2, each in the body
        for (let i = 0; i < 2; i++) await c.insertOne({ _id: `f${i}`, type: 'filler', title: 'Filler', body: [] })
        await c.insertOne({ _id: 'g1', type: 'article', title: 'Planning', body: [{ text: 'Set a budget.', parts: [] }] })
        const cut = { commonCutoff: 0.5 }
        // every term required without it: only a1 holds budget and bankroll
        expect(ids((await c.textPage(['budget', 'bankroll'], { window: 10, limit: 10 })).hits)).toEqual(['a1'])
        // with it, bankroll (4 of 7) is common: budget decides, and a1, holding bankroll too (in its title), comes first
        const page = await c.textPage(['budget', 'bankroll'], { window: 10, limit: 10, ...cut })
        expect(ids(page.hits)).toEqual(['a1', 'g1'])
        expect(page.matched).toBe(2)
        expect(await c.textCount(['budget', 'bankroll'], {}, { limit: 10, ...cut })).toBe(2)
        expect(await c.textCount(['budget', 'bankroll'], {}, { limit: 10 })).toBe(1)
        // common terms alone: every one required
        expect(await c.textCount(['bankroll', 'management'], {}, cut)).toBe(await c.textCount(['bankroll', 'management']))
        expect((await c.textPage(['bankroll'], { window: 10, limit: 10, ...cut })).matched).toBe(4)
      })

      it.skipIf(backend.name === 'mongodb')('textPage ranks only the newest `window` matches (SQLite; MongoDB ranks every match)', async () => {
        // the newest two bankroll documents in insertion order are a3 and h1
        expect(ids((await c.textPage(['bankroll'], { window: 2, limit: 10 })).hits).sort()).toEqual(['a3', 'h1'])
      })

      it('stays in step with inserts, updates, deletes and batches', async () => {
        await c.updateOne({ _id: 'a1' }, { $set: { title: 'Budget management basics' } })
        await c.deleteOne({ _id: 'a2' })
        await store.batch([op.insert(name, { _id: 'a4', type: 'article', title: 'Jackpot bankroll myths', body: [] })])
        expect(ids(await c.textSearch(['bankroll'], { filter: { type: 'article' } })).sort()).toEqual(['a3', 'a4'])
        expect(ids(await c.textSearch(['budget'])).sort()).toEqual(['a1'])
      })

      it('takes any term as plain text: query syntax, quotes and long input are never an error', async () => {
        for (const term of ['"', '""', 'AND', 'OR', 'NOT', 'NEAR(', '*', 'title:x', '^bankroll', 'a"b', "'; DROP TABLE x; --", 'x'.repeat(1000), 'ü', '(']) {
          await expect(c.textSearch([term]), term).resolves.toBeInstanceOf(Array)
          await expect(c.textCount([term, 'bankroll']), term).resolves.toBeTypeOf('number')
        }
        expect(await c.textSearch([])).toEqual([])
      })

      it('ranks a document holding the terms in its highest-weighted field above one that only repeats them in others', async () => {
        await c.insertOne({ _id: 'r1', type: 'article', title: 'Crowd notes', body: [{ text: 'Roulette wheel physics. '.repeat(30), parts: [{ text: 'roulette wheel' }] }] })
        await c.insertOne({ _id: 'r2', type: 'article', title: 'Roulette wheel physics', body: [{ text: 'Why the ball lands where it does.', parts: [] }] })
        expect(ids(await c.textSearch(['roulette', 'wheel', 'physics']))).toEqual(['r2', 'r1'])
      })

      it.skipIf(backend.name === 'mongodb')('matches the last term as a word start too, the others only as whole words (SQLite)', async () => {
        expect(ids(await c.textSearch(['bank'])).sort()).toEqual(['a1', 'a2', 'a3', 'h1'])
        expect(ids(await c.textSearch(['welcome', 'bank']))).toEqual(['a2'])
        expect(ids(await c.textSearch(['bank', 'welcome']))).toEqual([])
        expect(ids(await c.textSearch(['ba']))).toHaveLength(4) // a two-letter start (FTS5's prefix index)
        expect(ids(await c.textSearch(['b']))).toEqual([]) // one letter is a whole word only
      })

      it.skipIf(backend.name === 'mongodb')('matches a longer last term as every indexed word it starts, as writes add and remove those words (SQLite)', async () => {
        // a start of 4 letters or more is matched as the whole words the index holds that it starts
        await c.insertOne({ _id: 'b1', type: 'article', title: 'Banking hours', body: [] })
        await c.insertOne({ _id: 'b2', type: 'article', title: 'Banks compared', body: [{ text: 'About banknotes.', parts: [] }] })
        expect(ids(await c.textSearch(['bank'])).sort()).toEqual(['a1', 'a2', 'a3', 'b1', 'b2', 'h1'])
        expect(ids(await c.textSearch(['hours', 'bank']))).toEqual(['b1'])
        expect(ids(await c.textSearch(['banknote']))).toEqual(['b2'])
        // a word no document holds any more is not matched; a word written after the index was built is
        await c.updateOne({ _id: 'b2' }, { $set: { body: [] } })
        expect(await c.textCount(['banknote'])).toBe(0)
        await c.deleteOne({ _id: 'b1' })
        expect(await c.textCount(['banki'])).toBe(0)
        await store.batch([op.insert(name, { _id: 'b3', type: 'article', title: 'Bankside walks', body: [] })])
        expect(ids(await c.textSearch(['banks'])).sort()).toEqual(['b2', 'b3'])
        expect(ids(await c.textSearch(['walks', 'banksi']))).toEqual(['b3'])
        // a start with very many words (more than are spelt out) is still every one of them
        await c.insertMissing(Array.from({ length: 40 }, (_, i) => ({ _id: `z${i}`, type: 'article', title: `Zetaword${i} notes`, body: [] })))
        expect(await c.textCount(['zetaword'])).toBe(40)
        expect(await c.textCount(['notes', 'zetaw'])).toBe(40)
        expect(ids(await c.textSearch(['zetaword7']))).toEqual(['z7'])
      })

      it('answers filters on _id, on index fields and on an index declared after the text index', async () => {
        expect(ids(await c.textSearch(['bankroll'], { filter: { _id: { $in: ['a2', 'h1'] } } })).sort()).toEqual(['a2', 'h1'])
        expect(ids(await c.textSearch(['bankroll'], { filter: { type: { $ne: 'article' } } }))).toEqual(['h1'])
        await store.ensureIndex(name, { fields: { title: 1 } })
        expect(ids(await c.textSearch(['bankroll'], { filter: { title: 'Bankroll hero', type: 'hero' } }))).toEqual(['h1'])
        expect(await c.textCount(['bankroll'], { $or: [{ type: 'hero' }, { _id: 'a1' }] })).toBe(2)
      })

      it('forgets replaced text exactly: words of older versions never match, after many updates and deletes', async () => {
        for (let i = 0; i < 20; i++) await c.updateOne({ _id: 'a3' }, { $set: { title: `Version${i} odds`, body: [{ text: `Round${i} text`, parts: [{ text: `Part${i}` }] }] } })
        expect(await c.textCount(['version18'])).toBe(0)
        expect(await c.textCount(['round3'])).toBe(0)
        expect(ids(await c.textSearch(['version19', 'part19']))).toEqual(['a3'])
        await c.deleteMany({ type: 'article' })
        expect(await c.textCount(['bankroll'])).toBe(1)
        expect(await c.textCount(['version19'])).toBe(0)
        await c.insertOne({ _id: 'a3', type: 'article', title: 'Back again', body: [] })
        expect(ids(await c.textSearch(['back', 'again']))).toEqual(['a3'])
        expect(await c.textCount(['odds'])).toBe(0)
      })

      it('counts up to a limit', async () => {
        expect(await c.textCount(['bankroll'], {}, { limit: 2 })).toBe(2)
        expect(await c.textCount(['bankroll'], { type: 'article' }, { limit: 10 })).toBe(3)
      })

      it.skipIf(backend.name === 'mongodb')('a page ranks only the newest `window` matches (SQLite)', async () => {
        for (let i = 0; i < 5; i++) await c.insertOne({ _id: `n${i}`, type: 'article', title: `Late bankroll ${i}`, body: [] })
        // a1 ranks first among all matches (its title holds the word); among the newest four it cannot appear
        expect(ids(await c.textSearch(['bankroll'], { filter: { type: 'article' } }))).toHaveLength(8)
        expect(ids((await c.textPage(['bankroll'], { filter: { type: 'article' }, window: 4, limit: 10 })).hits).sort()).toEqual(['n1', 'n2', 'n3', 'n4'])
        expect(ids((await c.textPage(['bankroll'], { filter: { type: 'article' }, window: 4, limit: 10, skip: 3 })).hits)).toHaveLength(1)
        expect(ids((await c.textPage(['bankroll'], { filter: { type: 'article' }, window: 50, limit: 10 })).hits)).toHaveLength(8)
      })

      it('rebuilds from the documents when the text index is declared with other fields', async () => {
        await store.ensureTextIndex(name, { fields: { title: 10 } })
        expect(ids(await c.textSearch(['budget']))).toEqual([]) // body text no longer indexed
        expect(ids(await c.textSearch(['bankroll'])).sort()).toEqual(['a1', 'h1'])
        await store.ensureTextIndex(name, { fields: { title: 10, 'body[].text': 2, 'body[].parts[].text': 1 } })
        expect(ids(await c.textSearch(['budget']))).toEqual(['a1'])
      })
    })

    it.skipIf(backend.name === 'mongodb')('rolls a failed batch back whole (SQLite; MongoDB needs a replica set for this)', async () => {
      const c = store.collection<Row>(name)
      await c.insertOne({ _id: 'dup', name: 'D' })
      await expect(
        store.batch([
          op.insert(name, { _id: 'new', name: 'N' }),
          op.insert(name, { _id: 'dup', name: 'again' }),
        ]),
      ).rejects.toBeInstanceOf(DuplicateKeyError)
      expect(await c.findOne({ _id: 'new' })).toBeNull()
    })
  })
}
