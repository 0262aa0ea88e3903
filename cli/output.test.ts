import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { textTable } from './output.ts'

describe('CLI tables (issue 35)', () => {
  it('never run two columns together, however wide a value grows ("120.31240620.00" was EPC into RPM)', () => {
    const table = textTable(['what', 'EPC', 'RPM'], [['Page', '€120.31', '€240,620.00']], new Set([1, 2]))
    expect(table.split('\n')[1]).toBe('Page  €120.31  €240,620.00')
    fc.assert(
      fc.property(fc.array(fc.array(fc.stringMatching(/^[^\s]{1,12}$/), { minLength: 3, maxLength: 3 }), { minLength: 1, maxLength: 6 }), (rows) => {
        const lines = textTable(['a', 'b', 'c'], rows, new Set([1, 2])).split('\n').slice(1)
        // every row's cells are still apart: at least two spaces between each
        lines.forEach((line, i) => expect(line.trim().split(/ {2,}/)).toEqual(rows[i]))
      }),
    )
  })
})
