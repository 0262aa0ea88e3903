import { describe, expect, it } from 'vitest'
import { boundedJsonSchema, DEFAULT_JSON_BOUNDS, jsonBoundsProblem } from './bounded-json.ts'

const nest = (depth: number): unknown => {
  let v: unknown = 1
  for (let i = 0; i < depth; i++) v = [v]
  return v
}

describe('jsonBoundsProblem', () => {
  it('accepts ordinary JSON within the bounds', () => {
    expect(jsonBoundsProblem({ title: 'RTP study', year: 2025, ok: true, none: null, tags: ['a', 'b'], nested: { n: [1, 2] } })).toBeNull()
    expect(jsonBoundsProblem('plain text')).toBeNull()
    expect(jsonBoundsProblem(nest(DEFAULT_JSON_BOUNDS.maxDepth))).toBeNull()
  })

  it('counts depth in nested lists and objects', () => {
    expect(jsonBoundsProblem(nest(3), { ...DEFAULT_JSON_BOUNDS, maxDepth: 3 })).toBeNull()
    expect(jsonBoundsProblem(nest(4), { ...DEFAULT_JSON_BOUNDS, maxDepth: 3 })).toMatch(/deeper than 3/)
    expect(jsonBoundsProblem({ a: { b: { c: {} } } }, { ...DEFAULT_JSON_BOUNDS, maxDepth: 3 })).toMatch(/deeper than 3/)
  })

  it('answers at once for a depth JSON.stringify cannot walk', () => {
    const started = Date.now()
    expect(jsonBoundsProblem(JSON.parse('['.repeat(1_000_000) + ']'.repeat(1_000_000)))).toMatch(/deeper than/)
    expect(Date.now() - started).toBeLessThan(2_000)
  })

  it.each([
    ['a long string', { s: 'x'.repeat(DEFAULT_JSON_BOUNDS.maxString + 1) }, /longer than/],
    ['a long key', { ['k'.repeat(DEFAULT_JSON_BOUNDS.maxKey + 1)]: 1 }, /key is longer/],
    ['too many keys', Object.fromEntries(Array.from({ length: DEFAULT_JSON_BOUNDS.maxKeys + 1 }, (_, i) => [`k${i}`, i])), /more than \d+ keys/],
    ['too many items', Array.from({ length: DEFAULT_JSON_BOUNDS.maxItems + 1 }, () => 0), /more than \d+ items/],
    ['too many bytes', Array.from({ length: 10 }, () => 'y'.repeat(6_000)), /bytes as JSON/],
    ['multi-byte text over the byte limit', Array.from({ length: 3 }, () => 'é'.repeat(9_000)), /bytes as JSON/],
    ['Infinity', { n: Number.POSITIVE_INFINITY }, /finite/],
    ['NaN', [Number.NaN], /finite/],
    ['a Date', { at: new Date() }, /only text/],
    ['a Map', new Map(), /only text/],
    ['undefined', { u: undefined }, /only text/],
    ['a function', [() => 1], /only text/],
  ])('refuses %s', (_n, value, message) => expect(jsonBoundsProblem(value)).toMatch(message))
})

describe('boundedJsonSchema', () => {
  it('passes bounded JSON through unchanged and reports the problem as the issue message', () => {
    const schema = boundedJsonSchema({ maxDepth: 2 })
    expect(schema.parse({ a: [1] })).toEqual({ a: [1] })
    const result = schema.safeParse({ a: [[1]] })
    expect(result.success).toBe(false)
    expect(result.error?.issues[0].message).toBe('nested deeper than 2 levels')
  })
})
