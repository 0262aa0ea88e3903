import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import * as z from 'zod'
import { describe, expect, it } from 'vitest'
import { op } from './batch.ts'
import { backfill, counterTableIo, defineCollection, ensureCollection } from './collections.ts'
import { createRegistry } from './registry.ts'
import { SqliteStore } from './sqlite/index.ts'

const schema = z.looseObject({ _id: z.string() })

describe('collections declared once', () => {
  it('refuses a declaration that cannot be created: a counters table with indexes, indexes after a missing text index', () => {
    expect(() => defineCollection({ name: 'c', backup: 'data', schema, counters: { metrics: ['views'] }, indexes: [{ fields: { a: 1 } }] })).toThrow(/counters table/)
    expect(() => defineCollection({ name: 'c', backup: 'data', schema, indexesAfterText: [{ fields: { a: 1 } }] })).toThrow(/text index/)
  })

  it('creates what it declares; the text index keys only the index fields declared before it, so a restart keeps it', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'gamewise-collections-')), 'store.db')
    const notes = defineCollection({
      name: 'notes',
      backup: 'data',
      schema,
      indexes: [{ fields: { kind: 1, at: -1 } }],
      textIndex: { fields: { title: 1 } },
      indexesAfterText: [{ fields: { author: 1 } }],
      listIndexes: ['tags'],
    })
    const first = new SqliteStore(file)
    await ensureCollection(first, notes)
    await first.collection('notes').insertOne({ _id: 'a', kind: 'x', author: 'ann', title: 'Odds', tags: ['t'] })
    await first.close()
    // every start declares it again: the text index is neither rebuilt nor rekeyed
    const store = new SqliteStore(file)
    const version = () => store.db.query<{ v: number }, []>(`SELECT v FROM "__text_versions" WHERE name = 'notes'`).get()!.v
    const before = version()
    await ensureCollection(store, notes)
    expect(version()).toBe(before)
    expect(store.textIndex('notes')?.keys).toEqual(['at', 'kind'])
    expect([...store.indexedFields('notes')].sort()).toEqual(['at', 'author', 'kind'])
    expect([...store.listFields('notes')]).toEqual(['tags'])
    const c = store.collection('notes')
    expect((await c.textSearch(['odds'], { filter: { author: 'ann' } })).map((h) => h.doc._id)).toEqual(['a'])
    expect(await c.count({ tags: 't' })).toBe(1)
    await store.close()
    rmSync(dirname(file), { recursive: true, force: true })
  })

  it('a counters table: ensured, and its rows summed', async () => {
    const store = new SqliteStore(':memory:')
    await ensureCollection(store, defineCollection({ name: 'tallies', backup: 'skip', reason: 'a test table of counters', counters: { metrics: ['views'] } }))
    await store.batch([{ counters: 'tallies', count: { dim: 'page', key: 'home', day: '2026-01-01', inc: { views: 2 } } }])
    expect(await store.readCounters('tallies')).toEqual([{ dim: 'page', key: 'home', day: '2026-01-01', sub: '', values: { views: 2 } }])
    await store.close()
  })

  it('prunes what its declared expiry ends, in every registered collection declaring one, and nothing else', async () => {
    const store = new SqliteStore(':memory:')
    const registry = createRegistry(store)
    const windows = defineCollection({ name: 'windows', backup: 'skip', reason: 'short-lived test windows', ttl: { field: 'expiresAt', afterSeconds: 0 } })
    const grace = defineCollection({ name: 'grace', backup: 'skip', reason: 'kept an hour past their time', ttl: { field: 'at', afterSeconds: 3600 } })
    const kept = defineCollection({ name: 'kept', backup: 'data', schema })
    for (const def of [windows, grace, kept]) {
      registry.add(def)
      await ensureCollection(store, def)
    }
    const now = new Date('2026-11-01T12:00:00Z')
    const minutes = (m: number) => new Date(now.getTime() + m * 60_000)
    await store.collection('windows').insertMissing([{ _id: 'gone', expiresAt: minutes(-1) }, { _id: 'stays', expiresAt: minutes(1) }])
    await store.collection('grace').insertMissing([{ _id: 'gone', at: minutes(-61) }, { _id: 'stays', at: minutes(-59) }])
    await store.collection('kept').insertOne({ _id: 'old', expiresAt: minutes(-600) })
    expect(await registry.pruneExpired(now)).toBe(2)
    for (const name of ['windows', 'grace']) expect((await store.collection(name).find()).map((d) => d._id), name).toEqual(['stays'])
    expect(await store.collection('kept').count()).toBe(1)
    await store.close()
  })
})

describe('backfill and counter tables', () => {
  it('backfill updates every stale document a batch at a time until none is left', async () => {
    const store = new SqliteStore(':memory:')
    const docs = store.collection<{ _id: string; derived?: number | null }>('docs')
    for (let i = 0; i < 25; i++) await docs.insertOne({ _id: `d${i}`, derived: null })
    let batches = 0
    await backfill(
      store,
      async () => (batches++, docs.find({ derived: null }, { limit: 10 })),
      (d) => op.update('docs', { _id: d._id }, { $set: { derived: 1 } }),
    )
    expect(await docs.count({ derived: 1 })).toBe(25)
    expect(batches).toBe(4) // 10 + 10 + 5, then one look that finds none
    await store.close()
  })

  it('a counters table goes out and back through counterTableIo without losing a row, a metric or a missing metric', async () => {
    const from = new SqliteStore(':memory:')
    const to = new SqliteStore(':memory:')
    for (const s of [from, to]) await s.ensureCounters('tallies', { metrics: ['views', 'clicks'] })
    await from.batch([op.count('tallies', { dim: 'page', key: 'home', day: '2026-01-01' }, { views: 2 }), op.count('tallies', { dim: 'slot', key: 'home', day: '2026-01-02', sub: 'm' }, { views: 1, clicks: 3 })])
    const rows = await counterTableIo(from, 'tallies', ['views', 'clicks']).readAll()
    expect(rows.map((r) => r._id).sort()).toEqual(['page|2026-01-01|home', 'slot|2026-01-02|home|m'])
    await counterTableIo(to, 'tallies', ['views', 'clicks']).writeAll(rows)
    expect(await to.readCounters('tallies')).toEqual(await from.readCounters('tallies'))
    expect((await to.readCounters('tallies')).find((r) => r.dim === 'page')!.values).toEqual({ views: 2 })
  })
})
