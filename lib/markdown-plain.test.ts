import { describe, expect, it } from 'vitest'
import { markdownPlain } from './markdown-plain.ts'

describe('markdownPlain', () => {
  it('keeps the words of bold, italics, links and lists without their marks', () => {
    expect(markdownPlain('A **bold** and _quiet_ *word* with [a link](https://x.example/a) here.')).toBe('A bold and quiet word with a link here.')
    expect(markdownPlain('- one\n- two\n1. three')).toBe('one\ntwo\nthree')
  })
  it('leaves plain text (and the stars of arithmetic and snake_case words) as it is', () => {
    expect(markdownPlain('Bet 10 * 3 on snake_case_names, 18+ only.')).toBe('Bet 10 * 3 on snake_case_names, 18+ only.')
  })
})
