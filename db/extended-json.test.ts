import { describe, expect, it } from 'vitest'
import { parse, stringify } from './extended-json.ts'

describe('extended JSON', () => {
  it('round-trips dates, and reads text without any as plain JSON', () => {
    const at = new Date('2026-01-02T03:04:05.000Z')
    expect(parse(stringify({ at, list: [at], n: 1 }))).toEqual({ at, list: [at], n: 1 })
    expect(parse('{"a":{"b":[1,"x"]},"c":null}')).toEqual({ a: { b: [1, 'x'] }, c: null })
    // a box spelt with an escape is still a date; a lookalike with another key is not
    expect(parse('{"at":{"\\u0024date":"2026-01-02T03:04:05.000Z"}}')).toEqual({ at })
    expect(parse('{"at":{"$date":"2026-01-02T03:04:05.000Z","x":1}}')).toEqual({ at: { $date: '2026-01-02T03:04:05.000Z', x: 1 } })
  })
})
