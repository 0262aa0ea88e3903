import { describe, expect, it } from 'vitest'
import { loginHref, safeNextPath } from './next-path.ts'

describe('safeNextPath: a login returns only to a path on this site', () => {
  it.each([
    ['/admin?tab=articles&post=rtp-explained', '/admin?tab=articles&post=rtp-explained'],
    ['/admin/earnings', '/admin/earnings'],
    ['/adminmarket', '/adminmarket'],
    ['/admin/posts/hollow-knight#sections', '/admin/posts/hollow-knight#sections'],
    ['/admin/../adminmarket', '/adminmarket'],
  ])('keeps %s', (raw, kept) => expect(safeNextPath(raw)).toBe(kept))

  it.each([
    ['a protocol-relative address', '//evil.example'],
    ['a protocol-relative address with a path', '//evil.example/admin'],
    ['an absolute address', 'https://evil.example'],
    ['an absolute address on this scheme', 'http://evil.example/admin'],
    ['a backslash that browsers read as a slash', '/\\evil.example'],
    ['a backslash later on', '/admin\\..\\..\\evil'],
    ['a javascript: address', 'javascript:alert(1)'],
    ['a data: address', 'data:text/html,hi'],
    ['a relative path', 'admin'],
    ['a tab browsers strip', '/\t/evil.example'],
    ['a newline browsers strip', '/\n/evil.example'],
    ['a leading space', ' /admin'],
    ['the login itself', '/login?next=/admin'],
    ['the sign-up', '/signup'],
    ['an empty value', ''],
    ['nothing', null],
    ['an over-long value', `/${'a'.repeat(2001)}`],
  ])('refuses %s', (_n, raw) => expect(safeNextPath(raw)).toBeNull())
})

describe('loginHref', () => {
  it('names the address to come back to, and leaves /admin (the default) out', () => {
    expect(loginHref('/admin?tab=articles&post=x')).toBe('/login?next=%2Fadmin%3Ftab%3Darticles%26post%3Dx')
    expect(loginHref('/admin')).toBe('/login')
    expect(loginHref('//evil.example')).toBe('/login')
  })
})
