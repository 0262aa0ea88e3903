import { describe, expect, it } from 'vitest'
import { parseCompareDirective } from '../../lib/comparison.ts'
import { insertDirective } from './CompareInsert.tsx'

describe('inserting a comparison directive into a section text', () => {
  const d = '{{compare brands="a, b"}}'
  it('puts it on a line of its own at the cursor, a blank line either side, and the cursor after it', () => {
    expect(insertDirective('', 0, d)).toEqual({ text: `${d}\n`, cursor: d.length })
    expect(insertDirective('Intro', 5, d)).toEqual({ text: `Intro\n\n${d}\n`, cursor: 7 + d.length })
    const r = insertDirective('First para.\n\nSecond para.', 11, d)
    expect(r.text).toBe(`First para.\n\n${d}\n\nSecond para.`)
    expect(r.text.slice(0, r.cursor)).toBe(`First para.\n\n${d}`)
    // in the middle of a line, it still reads as a directive (its own line), and the words around it stay
    const mid = insertDirective('one two', 3, d)
    expect(mid.text).toBe(`one\n\n${d}\n\n two`)
    expect(mid.text.split('\n').filter((l) => parseCompareDirective(l))).toHaveLength(1)
  })
})
