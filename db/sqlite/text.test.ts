import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import type { TextRanking } from '../port.ts'
import { SqliteStore } from './index.ts'

const root = mkdtempSync(join(tmpdir(), 'gamewise-text-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))

type Note = { _id: string; title: string }
const spec = { fields: { title: 1 } }

/** A fresh in-memory store with a text index on `notes` (title only unless `fields` say otherwise). */
async function notes<T extends { _id: string }>(fields: Record<string, number> = spec.fields) {
  const store = new SqliteStore(':memory:')
  await store.ensureTextIndex('notes', { fields })
  return { store, c: store.collection<T>('notes') }
}
/** "bonus" typed in full starts "bonuses": three matches, one of them only on the shorter word. */
const BONUS_TITLES = [['b1', 'Bonuses bonuses bonuses'], ['b2', 'Slots with a bonus'], ['b3', 'Bonuses'], ['s1', 'Slots']]
/** "odds" in every body, in some titles. */
const ODDS_DOCS = [['o1', 'Odds basics', 'odds'], ['o2', 'Bonus', 'odds odds odds'], ['o3', 'Live odds', ''], ['o4', 'Markets', 'odds']]

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

describe('SQLite text index: kept ranked windows', () => {
  const page = async (store: SqliteStore, terms: string[], skip = 0) => {
    const { hits, matched } = await store.collection<Note>('notes').textPage(terms, { window: 50, limit: 2, skip })
    return { ids: hits.map((h) => h.doc._id), matched }
  }

  it('answers a later page of the same search from the kept window, and a write by any process ranks again', async () => {
    const file = join(root, 'kept.db')
    const store = new SqliteStore(file)
    await store.ensureTextIndex('notes', spec)
    const c = store.collection<Note>('notes')
    for (const [id, title] of [['a', 'Odds'], ['b', 'Odds odds odds'], ['c', 'Live odds'], ['d', 'Odds and ends']]) await c.insertOne({ _id: id, title })
    const first = await page(store, ['odds'])
    expect(first.matched).toBe(4)
    const ranked = [...first.ids, ...(await page(store, ['odds'], 2)).ids]
    expect(ranked.sort()).toEqual(['a', 'b', 'c', 'd'])
    // the second page's window came from the first's: nothing changed in between, so the same order
    const again = store.rowsRead
    expect((await page(store, ['odds'])).ids).toEqual(first.ids)
    expect(store.rowsRead - again).toBe(2) // the page's two documents only

    // a write through this store
    await c.updateOne({ _id: 'a' }, { $set: { title: 'Evens' } })
    expect((await page(store, ['odds'])).matched).toBe(3)
    // a write by another process on the same file
    const other = new SqliteStore(file)
    await other.ensureTextIndex('notes', spec)
    await other.collection<Note>('notes').deleteOne({ _id: 'b' })
    await other.collection<Note>('notes').insertOne({ _id: 'e', title: 'Odds explained' })
    await other.close()
    const after = await page(store, ['odds'], 0)
    expect(after.matched).toBe(3)
    expect([...after.ids, ...(await page(store, ['odds'], 2)).ids].sort()).toEqual(['c', 'd', 'e'])
    await store.close()
  })

  it('keeps at most textPagesKept windows, the least recently used going first', async () => {
    const { store, c } = await notes<Note>()
    await c.insertOne({ _id: 'a', title: 'Alpha' })
    await c.insertOne({ _id: 'b', title: 'Beta' })
    // b made to match "alpha" behind the triggers' back (the write count does not move): only a window
    // ranked again after this sees it, so what is answered shows whether a window was kept
    const sneak = () => store.db.query(`INSERT INTO "notes__text" (rowid, f0) VALUES ((SELECT rowid FROM "notes" WHERE id = 'b'), 'alpha')`).run()
    store.textPagesKept = 2
    await page(store, ['alpha'])
    await page(store, ['beta'])
    sneak()
    expect((await page(store, ['alpha'])).ids).toEqual(['a']) // kept
    await page(store, ['beta'])
    await page(store, ['gamma']) // a third window: alpha's, now the least recently used, goes
    expect((await page(store, ['alpha'])).ids.sort()).toEqual(['a', 'b'])
    await store.close()
  })
})

describe('SQLite text index: words in half the documents or more', () => {
  it('rank as bm25 ranks the other words, and count and page as any search', async () => {
    const { store, c } = await notes<Note>()
    // "odds" is in every document; "wheel" and "spin" in a few, some in the title-like opening
    const titles = ['Wheel spin odds', 'Odds and the wheel', 'Odds notes', 'Spin odds wheel wheel wheel', 'Odds only', 'Odds again', 'Wheel odds', 'Odds odds', 'Odds once more', 'Odds at last']
    for (const [i, title] of titles.entries()) await c.insertOne({ _id: `t${i}`, title })
    const page = (terms: string[], window = 50, skip = 0) => c.textPage(terms, { window, limit: 3, skip })
    const all = (await c.textSearch(['odds', 'wheel'])).map((h) => h.doc._id)
    expect(all).toHaveLength(4)
    const first = await page(['odds', 'wheel'])
    expect(first.matched).toBe(4)
    expect([...first.hits, ...(await page(['odds', 'wheel'], 50, 3)).hits].map((h) => h.doc._id)).toEqual(all)
    // only the newest `window` matches are ranked, and the count says there are more
    const newest = await page(['odds', 'wheel'], 2)
    expect(newest.matched).toBe(3)
    expect(newest.hits.map((h) => h.doc._id).sort()).toEqual(['t3', 't6'])
    // a common last word's start: as the words it starts
    expect((await c.textPage(['wheel', 'odd'], { window: 50, limit: 10 })).hits.map((h) => h.doc._id).sort()).toEqual(['t0', 't1', 't3', 't6'])
    await store.close()
  })

  it('do not order the results: equal on the other words is a tie, broken by age (oldest first)', async () => {
    const { store, c } = await notes<Note>()
    for (let i = 0; i < 4; i++) await c.insertOne({ _id: `f${i}`, title: 'Odds filler text here' })
    await c.insertOne({ _id: 'x1', title: 'Wheel odds filler filler filler' })
    await c.insertOne({ _id: 'x2', title: 'Wheel odds odds odds odds' })
    // every word of the query weighed, x2's extra "odds" would put it first by 1e-6 (textSearch does)
    expect((await c.textSearch(['wheel', 'odds'])).map((h) => h.doc._id)).toEqual(['x2', 'x1'])
    expect((await c.textPage(['wheel', 'odds'], { window: 10, limit: 10 })).hits.map((h) => h.doc._id)).toEqual(['x1', 'x2'])
    await store.close()
  })

  it('all of them: the matches holding the words in the title first, then the rest, each newest first (no bm25 pass over lists as long as the index)', async () => {
    const { store, c } = await notes<Note & { body: string }>({ title: 10, body: 1 })
    for (const [id, title, body] of ODDS_DOCS) await c.insertOne({ _id: id!, title: title!, body: body! })
    const { hits, matched } = await c.textPage(['odds'], { window: 10, limit: 10 })
    expect(matched).toBe(4)
    expect(hits.map((h) => h.doc._id)).toEqual(['o3', 'o1', 'o4', 'o2'])
    // two words, both in every document: in the title means both in the title
    expect((await c.textPage(['odds', 'basics'], { window: 10, limit: 10 })).hits.map((h) => h.doc._id)).toEqual(['o1'])
    await store.close()
  })
})

describe('SQLite text index: a last word typed in full that starts other words', () => {
  it('matches the words it starts and ranks by itself: the matches holding only a longer word come after, newest first', async () => {
    const { store, c } = await notes<Note>()
    for (const [id, title] of [...BONUS_TITLES, ['s2', 'Poker'], ['s3', 'Odds'], ['s4', 'Live']])
      await c.insertOne({ _id: id, title })
    const { hits, matched } = await c.textPage(['bonus'], { window: 10, limit: 10 })
    expect(matched).toBe(3)
    expect(hits.map((h) => h.doc._id)).toEqual(['b2', 'b3', 'b1'])
    // a start that is no word of its own still ranks by every word it starts
    expect((await c.textPage(['bonu'], { window: 10, limit: 10 })).hits.map((h) => h.doc._id).sort()).toEqual(['b1', 'b2', 'b3'])
    await store.close()
  })
})

describe('SQLite text index: each TextRanking alternative ranks as textSearch does where its default would not', () => {
  const ids = (hits: { doc: { _id: string } }[]) => hits.map((h) => h.doc._id)

  it("commonWords 'rank': a word in half the documents or more weighs in ranking", async () => {
    const { store, c } = await notes<Note>()
    for (let i = 0; i < 4; i++) await c.insertOne({ _id: `f${i}`, title: 'Odds filler text here' })
    await c.insertOne({ _id: 'x1', title: 'Wheel odds filler filler filler' })
    await c.insertOne({ _id: 'x2', title: 'Wheel odds odds odds odds' })
    const page = (ranking?: Partial<TextRanking>) => c.textPage(['wheel', 'odds'], { window: 10, limit: 10, ranking })
    expect(ids((await page()).hits)).toEqual(['x1', 'x2'])
    expect(ids((await page({ commonWords: 'rank' })).hits)).toEqual(ids(await c.textSearch(['wheel', 'odds'])))
    expect(ids((await page({ commonWords: 'rank' })).hits)).toEqual(['x2', 'x1'])
    await store.close()
  })

  it("onlyCommonWords 'rank': a query of common words alone is ranked by bm25, not title first", async () => {
    const { store, c } = await notes<Note & { body: string }>({ title: 10, body: 1 })
    for (const [id, title, body] of ODDS_DOCS) await c.insertOne({ _id: id!, title: title!, body: body! })
    const page = (ranking?: Partial<TextRanking>) => c.textPage(['odds'], { window: 10, limit: 10, ranking })
    expect(ids((await page()).hits)).toEqual(['o3', 'o1', 'o4', 'o2'])
    const ranked = await page({ onlyCommonWords: 'rank' })
    expect(ids(ranked.hits)).toEqual(ids(await c.textSearch(['odds'])))
    expect(ids(ranked.hits)).not.toEqual(['o3', 'o1', 'o4', 'o2'])
    expect(ranked.matched).toBe(4)
    await store.close()
  })

  it("typedLastWord 'with-longer-words': a last word typed in full ranks by every word it starts", async () => {
    const { store, c } = await notes<Note>()
    for (const [id, title] of [...BONUS_TITLES, ['s2', 'Poker'], ['s3', 'Odds'], ['s4', 'Live']])
      await c.insertOne({ _id: id, title })
    const page = (ranking?: Partial<TextRanking>) => c.textPage(['bonus'], { window: 10, limit: 10, ranking })
    expect(ids((await page()).hits)).toEqual(['b2', 'b3', 'b1'])
    const ranked = await page({ typedLastWord: 'with-longer-words' })
    expect(ids(ranked.hits)).toEqual(ids(await c.textSearch(['bonus'])))
    expect(ids(ranked.hits)).not.toEqual(['b2', 'b3', 'b1'])
    expect(ranked.matched).toBe(3)
    await store.close()
  })

  it('keeps a ranked window per ranking: the same search ranked another way is ranked again', async () => {
    const { store, c } = await notes<Note>()
    for (const [id, title] of BONUS_TITLES) await c.insertOne({ _id: id!, title: title! })
    const byDefault = ids((await c.textPage(['bonus'], { window: 10, limit: 10 })).hits)
    const other = ids((await c.textPage(['bonus'], { window: 10, limit: 10, ranking: { typedLastWord: 'with-longer-words' } })).hits)
    expect(other).not.toEqual(byDefault)
    expect(ids((await c.textPage(['bonus'], { window: 10, limit: 10 })).hits)).toEqual(byDefault)
    await store.close()
  })
})

describe('SQLite text index: a common-terms cut-off (commonCutoff)', () => {
  const ids = (hits: { doc: { _id: string } }[]) => hits.map((h) => h.doc._id)
  type Post = Note & { body: string }

  it('walks and ranks the rarer terms only; the common ones raise the best matches holding them in the title, and count nothing', async () => {
    const { store, c } = await notes<Post>({ title: 10, body: 1 })
    // casino in 8 of 10 documents; wheel in 3, one of them without casino at all
    for (let i = 0; i < 6; i++) await c.insertOne({ _id: `f${i}`, title: 'Casino notes', body: 'filler' })
    await c.insertOne({ _id: 'w1', title: 'Wheel physics', body: 'wheel wheel casino' })
    await c.insertOne({ _id: 'w2', title: 'Casino wheel guide', body: 'a wheel' })
    await c.insertOne({ _id: 'w3', title: 'Wheel myths', body: 'a wheel, no word of the house' })
    await c.insertOne({ _id: 'f9', title: 'Casino again', body: 'filler' })
    const cut = { window: 10, limit: 10, commonCutoff: 0.5 }
    const page = await c.textPage(['casino', 'wheel'], cut)
    expect(page.matched).toBe(3) // w3 too: casino is not required beside wheel
    expect(ids(page.hits)[0]).toBe('w2') // casino in its title raises it
    expect(ids(page.hits).sort()).toEqual(['w1', 'w2', 'w3'])
    expect(await c.textCount(['casino', 'wheel'], {}, { commonCutoff: 0.5 })).toBe(3)
    // without the cut-off every term is required
    expect((await c.textPage(['casino', 'wheel'], { window: 10, limit: 10 })).matched).toBe(2)
    // a cut-off above every term's share changes nothing
    expect(ids((await c.textPage(['casino', 'wheel'], { ...cut, commonCutoff: 0.9 })).hits)).toEqual(ids((await c.textPage(['casino', 'wheel'], { window: 10, limit: 10 })).hits))
    await store.close()
  })

  it('common terms alone are all required, the matches holding them all in the title first, then the rest, each newest first', async () => {
    const { store, c } = await notes<Post>({ title: 10, body: 1 })
    for (const [id, title, body] of [['o1', 'Roulette odds', 'roulette odds'], ['o2', 'Roulette', 'odds odds odds'], ['o3', 'Odds', 'roulette'], ['o4', 'Roulette odds again', 'x'], ['o5', 'Poker', 'odds']])
      await c.insertOne({ _id: id, title, body })
    const page = await c.textPage(['roulette', 'odds'], { window: 10, limit: 10, commonCutoff: 0.1 })
    expect(page.matched).toBe(4)
    expect(ids(page.hits)).toEqual(['o4', 'o1', 'o3', 'o2'])
    await store.close()
  })

  it('a word start counts as common by the commonest word it starts, and is optional beside a rarer word', async () => {
    const { store, c } = await notes<Note>()
    // bet* stands for betting, in 5 of 10 titles; esports is in 2
    for (let i = 0; i < 4; i++) await c.insertOne({ _id: `b${i}`, title: `Betting tips ${i}` })
    for (let i = 0; i < 4; i++) await c.insertOne({ _id: `p${i}`, title: `Poker notes ${i}` })
    await c.insertOne({ _id: 'e1', title: 'Esports betting basics' })
    await c.insertOne({ _id: 'e2', title: 'Esports schedule' })
    const page = await c.textPage(['esports', 'bet'], { window: 10, limit: 10, commonCutoff: 0.3 })
    expect(page.matched).toBe(2)
    expect(ids(page.hits)).toEqual(['e1', 'e2'])
    await store.close()
  })
})
