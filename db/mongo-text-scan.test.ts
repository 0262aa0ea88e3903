import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { rankText, textAt, words } from './mongo-text-scan.ts'
import { SqliteStore } from './sqlite/index.ts'

/**
 * FerretDB has no text index, so there the MongoDB backend searches by scan (./mongo-text-scan.ts). It
 * must find and rank what SQLite's FTS5 index finds and ranks: random documents and queries, both ways.
 */
const VOCAB = ['bank', 'bankroll', 'banking', 'bonus', 'bonuses', 'slots', 'slot', 'poker', 'café', 'cafe', 'jackpot', 'odds', 'roulette', 'live', 'spins']
const SPEC = { fields: { title: 10, description: 4, 'body[].text': 1, 'tags[]': 3 } }
type Article = { _id: string; title: string; description: string; body: { text: string }[]; tags: string[] }

const phrase = fc.array(fc.constantFrom(...VOCAB, 'the', 'a', 'of'), { minLength: 0, maxLength: 8 }).map((ws) => ws.join(' '))
const article = fc.record({ title: phrase, description: phrase, body: fc.array(fc.record({ text: phrase }), { maxLength: 3 }), tags: fc.array(fc.constantFrom(...VOCAB), { maxLength: 3 }) })
const query = fc.array(fc.constantFrom(...VOCAB, 'ban', 'bo', 'sl', 'caf'), { minLength: 1, maxLength: 3 })

describe('text search by scan (FerretDB) ranks as FTS5 does', () => {
  it('splits and folds words as unicode61 remove_diacritics 2, and reads paths across lists', () => {
    expect(words('Café-Bonus: 100% up to €500, Ünïcödé!')).toEqual(['cafe', 'bonus', '100', 'up', 'to', '500', 'unicode'])
    expect(textAt({ body: [{ text: 'a' }, { text: 'b', sub: [{ t: 'c' }] }], tags: ['x', 'y'] }, 'body[].text')).toBe('a b')
    expect(textAt({ body: [{ sub: [{ t: 'c' }, { t: 'd' }] }] }, 'body[].sub[].t')).toBe('c d')
    expect(textAt({ tags: ['x', 'y'] }, 'tags[]')).toBe('x y')
  })

  it('finds the same documents in the same order with the same scores as SQLite, for random articles and queries', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(article, { minLength: 1, maxLength: 12 }), query, async (list, terms) => {
        const docs: Article[] = list.map((a, i) => ({ _id: `d${String(i).padStart(2, '0')}`, ...a }))
        const sqlite = new SqliteStore(':memory:')
        await sqlite.ensureTextIndex('a', SPEC)
        for (const d of docs) await sqlite.collection<Article>('a').insertOne(d)
        const expected = await sqlite.collection<Article>('a').textSearch(terms)
        await sqlite.close()
        const got = rankText(docs, SPEC, terms)
        // equal scores may come in either order (SQLite breaks ties by row, the scan by id): compare as sets per score
        const key = (hits: { doc: Article; score: number }[]) => hits.map((h) => `${h.score.toPrecision(9)} ${h.doc._id}`).sort()
        expect(key(got)).toEqual(key(expected))
        expect(got.map((h) => h.score)).toEqual([...got.map((h) => h.score)].sort((x, y) => y - x))
      }),
      { numRuns: 150 },
    )
  })
})
