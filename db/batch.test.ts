import { describe, expect, it } from 'vitest'
import { op } from './batch.ts'

// the builder spells exactly the port's op shapes (db/port.ts BatchOp) that call sites used to write by hand
describe('batch op builder', () => {
  it('builds inserts, updates (upsert only when asked), deletes and counter increments', () => {
    expect(op.insert('posts', { _id: 'a', title: 'A' })).toStrictEqual({ collection: 'posts', insert: { _id: 'a', title: 'A' } })
    expect(op.update('posts', { _id: 'a' }, { $set: { title: 'B' } })).toStrictEqual({ collection: 'posts', update: { filter: { _id: 'a' }, update: { $set: { title: 'B' } } } })
    expect(op.update('rates', { _id: 'r' }, { $inc: { n: 1 } }, { upsert: true })).toStrictEqual({ collection: 'rates', update: { filter: { _id: 'r' }, update: { $inc: { n: 1 } }, upsert: true } })
    expect(op.delete('media', { variantOf: 'm' })).toStrictEqual({ collection: 'media', delete: { variantOf: 'm' } })
    expect(op.count('counters', { dim: 'page', key: 'home', day: '2026-11-01' }, { views: 1 })).toStrictEqual({ counters: 'counters', count: { dim: 'page', key: 'home', day: '2026-11-01', inc: { views: 1 } } })
  })
})
