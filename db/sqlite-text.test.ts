import { describe, expect, it } from 'vitest'
import { SqliteStore } from './sqlite.ts'

type Note = { _id: string; title: string }
const spec = { fields: { title: 1 } }

describe('SQLite text index: the word list', () => {
  it('holds each indexed word with how many documents hold it, in step with writes', async () => {
    const store = new SqliteStore(':memory:')
    const c = store.collection<Note>('notes')
    await c.insertOne({ _id: 'a', title: 'Bankroll basics, bankroll again' })
    await store.ensureTextIndex('notes', spec)
    await c.insertOne({ _id: 'b', title: 'Bankroll and Café' })
    const words = () => Object.fromEntries(store.db.query<{ word: string; n: number }, []>('SELECT word, n FROM "notes__textwords" ORDER BY word').all().map((r) => [r.word, r.n]))
    // folded as the index folds them (case, diacritics), counted once per document
    expect(words()).toEqual({ again: 1, and: 1, bankroll: 2, basics: 1, cafe: 1 })
    await c.updateOne({ _id: 'a' }, { $set: { title: 'Budget basics' } })
    expect(words()).toEqual({ and: 1, bankroll: 1, basics: 1, budget: 1, cafe: 1 })
    await c.deleteOne({ _id: 'b' })
    expect(words()).toEqual({ basics: 1, budget: 1 })
    await store.close()
  })

  it('is added to a store indexed before it from the index itself, without reindexing the text', async () => {
    const store = new SqliteStore(':memory:')
    const c = store.collection<Note>('notes')
    await c.insertOne({ _id: 'a', title: 'Bankroll basics' })
    await store.ensureTextIndex('notes', spec)
    // as a store from before the word list: no list, no record of one
    store.db.exec(`DROP TABLE "notes__textwords"; DELETE FROM "__text_indexes" WHERE name = 'notes#words'`)
    // a row only the text index holds: rebuilding the index from the documents would lose it
    const rowid = store.db.query<{ r: number }, []>(`SELECT rowid AS r FROM "notes" WHERE id = 'a'`).get()!.r
    store.db.query(`INSERT INTO "notes__text" (rowid, f0) VALUES (?, 'marker')`).run(rowid + 1000)
    await store.ensureTextIndex('notes', spec)
    expect(store.db.query<{ n: number }, []>(`SELECT count(*) AS n FROM "notes__text" WHERE "notes__text" MATCH 'marker'`).get()!.n).toBe(1)
    expect(store.db.query<{ word: string }, []>('SELECT word FROM "notes__textwords" ORDER BY word').all().map((r) => r.word)).toEqual(['bankroll', 'basics', 'marker'])
    expect((await c.textSearch(['bank'])).map((h) => h.doc._id)).toEqual(['a'])
    await store.close()
  })
})
