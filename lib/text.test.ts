import { describe, expect, it } from 'vitest'
import { classifyLink } from './article-links.ts'
import { pageCount, pageSlice, truncate } from './text.ts'

describe('truncate (spec §9: 180 characters plus ...)', () => {
  it('leaves short text alone', () => expect(truncate('a'.repeat(180))).toEqual({ text: 'a'.repeat(180), truncated: false }))
  it('cuts long text at 180 and adds ...', () => expect(truncate('b'.repeat(181))).toEqual({ text: `${'b'.repeat(180)}...`, truncated: true }))
})

describe('paging', () => {
  it('counts pages, at least one', () => {
    expect(pageCount(0, 5)).toBe(1)
    expect(pageCount(11, 5)).toBe(3)
  })
  it('slices a page', () => expect(pageSlice([1, 2, 3, 4, 5, 6, 7], 2, 5)).toEqual([6, 7]))
})

describe('classifyLink (spec §2 in-text links)', () => {
  const origin = 'https://site.example'
  it('treats a leading / as internal, using the last path segment', () =>
    expect(classifyLink('/article/rtp-explained', origin)).toEqual({ internal: true, articleId: 'rtp-explained' }))
  it('treats a URL containing the origin as internal', () =>
    expect(classifyLink('https://site.example/article/abc?x=1', origin)).toEqual({ internal: true, articleId: 'abc' }))
  it('treats other hosts and protocol-relative URLs as external', () => {
    expect(classifyLink('https://other.example/article/abc', origin)).toEqual({ internal: false })
    expect(classifyLink('//evil.example/a', origin)).toEqual({ internal: false })
  })
  it('keeps a segment with a malformed % escape as it is instead of throwing (the article page must not 500)', () => {
    expect(classifyLink('/article/100%-bonus', origin)).toEqual({ internal: true, articleId: '100%-bonus' })
    expect(classifyLink('https://site.example/article/%E0%A4%A', origin)).toEqual({ internal: true, articleId: '%E0%A4%A' })
    expect(classifyLink('/article/caf%C3%A9', origin)).toEqual({ internal: true, articleId: 'café' })
  })
})
