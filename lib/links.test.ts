import { describe, expect, it } from 'vitest'
import { isSafeHref } from './links.ts'
import { safeLinkSchema } from './schemas.ts'

describe('isSafeHref', () => {
  it.each(['https://partner.example/land?x=1', 'http://a.example', '/article/rtp', '/go/brand?sub1=x', '/'])('accepts %s', (href) => expect(isSafeHref(href)).toBe(true))

  it.each([
    ['javascript:', 'javascript:alert(1)'],
    ['data:', 'data:text/html,x'],
    ['protocol-relative', '//evil.example'],
    ['a backslash after the slash (browsers read /\\ as //)', '/\\evil.example'],
    ['a tab the URL parser strips (/\\t/ becomes //)', '/\t/evil.example'],
    ['a newline the URL parser strips', '/\n/evil.example'],
    ['a carriage return', 'https://a.example/\rx'],
    ['a newline inside an http URL', 'https://a.example/a\nb'],
    ['a NUL', '/article/a\u0000b'],
    ['DEL', '/article/a\u007fb'],
    ['an escape character', 'https://a.example/\u001b[31m'],
    ['a backslash anywhere in a path', '/article\\..\\x'],
    ['a backslash in an http URL (parsers disagree on its host)', 'https://good.example\\@evil.example/'],
    ['nothing', ''],
  ])('refuses %s', (_n, href) => expect(isSafeHref(href)).toBe(false))
})

describe('safeLinkSchema', () => {
  it('refuses control characters and backslashes, not only a bad scheme', () => {
    for (const v of ['/\t/evil.example', 'https://a.example/a\nb', '/\\evil.example', 'https://a.example/\u0000']) expect(safeLinkSchema.safeParse(v).success).toBe(false)
  })
  it('still trims surrounding spaces', () => expect(safeLinkSchema.parse('  https://a.example/x ')).toBe('https://a.example/x'))
})
