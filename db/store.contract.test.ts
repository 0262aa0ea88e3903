import { afterAll, beforeEach, describe, expect, it } from 'vitest'
import { DuplicateKeyError, type Doc, type Store } from './port.ts'
import { SqliteStore } from './sqlite.ts'

type Row = Doc & { name: string; n?: number; tags?: string[]; at?: Date; nested?: { a: number } }

const backends: { name: string; open: () => Promise<Store> }[] = [
  { name: 'sqlite', open: async () => new SqliteStore(':memory:') },
]
const mongoUri = process.env.MONGODB_URI
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

    it('applies a batch whole', async () => {
      const c = store.collection<Row>(name)
      await store.batch([
        { collection: name, insert: { _id: 'x', name: 'X' } },
        { collection: name, update: { filter: { _id: 'x' }, update: { $set: { n: 5 } } } },
      ])
      expect(await c.findOne({ _id: 'x' })).toEqual({ _id: 'x', name: 'X', n: 5 })
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

    it.skipIf(backend.name === 'mongodb')('rolls a failed batch back whole (SQLite; MongoDB needs a replica set for this)', async () => {
      const c = store.collection<Row>(name)
      await c.insertOne({ _id: 'dup', name: 'D' })
      await expect(
        store.batch([
          { collection: name, insert: { _id: 'new', name: 'N' } },
          { collection: name, insert: { _id: 'dup', name: 'again' } },
        ]),
      ).rejects.toBeInstanceOf(DuplicateKeyError)
      expect(await c.findOne({ _id: 'new' })).toBeNull()
    })
  })
}
