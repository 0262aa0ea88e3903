import { describe, expect, it } from 'vitest'
import { parseCsv, parseCsvLines, toCsv } from './csv.ts'

describe('CSV', () => {
  it('reads quoted fields, doubled quotes, commas and newlines in quotes, a BOM, and skips empty rows', () => {
    expect(parseCsv('\uFEFFa,b\n"x, ""y""","line\nbreak"\n\n1,2\n')).toEqual([['a', 'b'], ['x, "y"', 'line\nbreak'], ['1', '2']])
  })
  it('says which line a row starts on', () => {
    expect(parseCsvLines('h1,h2\n\n"a\nb",c\nd,e').map((r) => r.line)).toEqual([1, 3, 5])
  })
  it('refuses a broken quote, naming where', () => {
    expect(() => parseCsv('a,"b\n')).toThrow(/line/i)
  })
  it('writes CSV, quoting what needs it and neutralising spreadsheet formulas', () => {
    expect(toCsv([['page', 'revenue'], ['article:a, b', 12.5], ['=HYPERLINK("x")', null]])).toBe('page,revenue\n"article:a, b",12.5\n"\'=HYPERLINK(""x"")",\n')
  })
})
