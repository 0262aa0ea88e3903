import type { Collection } from 'mongodb'
import { describe, expect, it } from 'vitest'
import { CommonTermCounts, textSearchString } from './mongo-common-terms.ts'
import type { Doc } from './port.ts'

/** The common-terms cut-off on MongoDB, its parts that need no server (FerretDB 1.x has no $text to run it on). */
describe('MongoDB common terms', () => {
  it('quotes every term (all required) unless some are common beside rarer ones, which then go bare (optional)', () => {
    expect(textSearchString(['nova', 'spins'])).toBe('"nova" "spins"')
    expect(textSearchString(['nova', 'spins', 'review'], [false, true, true])).toBe('"nova" spins review')
    // common terms alone: a conjunction
    expect(textSearchString(['casino', 'bonus'], [true, true])).toBe('"casino" "bonus"')
    expect(textSearchString(['say "hi"'], [false])).toBe('"say  hi "')
  })

  it('counts a term no further than the cut-off, and keeps the answer a minute', async () => {
    const asked: { search: string; limit: number }[] = []
    const held: Record<string, number> = { '"casino"': 80, '"nova"': 2 }
    const c = {
      collectionName: 'posts',
      estimatedDocumentCount: async () => 100,
      countDocuments: async (filter: { $text: { $search: string } }, options: { limit: number }) => {
        asked.push({ search: filter.$text.$search, limit: options.limit })
        return Math.min(held[filter.$text.$search] ?? 0, options.limit)
      },
    } as unknown as Collection<Doc>
    const counts = new CommonTermCounts()
    expect(await counts.common(c, ['casino', 'nova'], 0.1, 0)).toEqual([true, false])
    expect(asked).toEqual([
      { search: '"casino"', limit: 11 },
      { search: '"nova"', limit: 11 },
    ])
    await counts.common(c, ['casino'], 0.1, 30_000)
    expect(asked).toHaveLength(2) // kept
    await counts.common(c, ['casino'], 0.1, 61_000)
    expect(asked).toHaveLength(3) // asked again after a minute
  })
})
