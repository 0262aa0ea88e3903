import { describe, expect, it } from 'vitest'
import { buildCtaUrl } from './cta-url.ts'

const ctx = { clickId: 'c-1', userAgent: 'UA/1.0 (X)', gaid: 'g-9' }

describe('buildCtaUrl (spec §7 click-through flow)', () => {
  it('adds nothing when every flag is off', () => {
    expect(buildCtaUrl('https://p.example/land?x=1', {}, ctx)).toBe('https://p.example/land?x=1')
  })
  it('adds click_id only with enableClickId', () => {
    expect(new URL(buildCtaUrl('https://p.example/', { enableClickId: true }, ctx)).searchParams.get('click_id')).toBe('c-1')
  })
  it('adds user_agent only with enableUserAgent', () => {
    const u = new URL(buildCtaUrl('https://p.example/', { enableUserAgent: true }, ctx))
    expect(u.searchParams.get('user_agent')).toBe('UA/1.0 (X)')
    expect(u.searchParams.has('click_id')).toBe(false)
  })
  it('adds gaid only with enableGaid', () => {
    const u = new URL(buildCtaUrl('https://p.example/', { enableGaid: true }, ctx))
    expect(u.searchParams.get('gaid')).toBe('g-9')
    expect([...u.searchParams.keys()]).toEqual(['gaid'])
  })
  it('adds custom parameters with both key and value, URL-decoding the value', () => {
    const u = new URL(
      buildCtaUrl(
        'https://p.example/',
        {
          enableCustomParams: true,
          customParams: [
            { key: 'utm_source', value: 'site%20news' },
            { key: '', value: 'orphan' },
            { key: 'empty', value: '' },
            { key: 'bad', value: '%E0%A4%A' },
          ],
        },
        ctx,
      ),
    )
    expect(u.searchParams.get('utm_source')).toBe('site news')
    expect(u.searchParams.has('empty')).toBe(false)
    expect([...u.searchParams.values()]).not.toContain('orphan')
    expect(u.searchParams.get('bad')).toBe('%E0%A4%A')
  })
  it('ignores custom parameters when enableCustomParams is off', () => {
    expect(buildCtaUrl('https://p.example/', { customParams: [{ key: 'a', value: 'b' }] }, ctx)).toBe('https://p.example/')
  })
  it('appends only click_id to an unparsable URL', () => {
    expect(buildCtaUrl('not a url', { enableGaid: true, enableUserAgent: true }, ctx)).toBe('not a url?click_id=c-1')
    expect(buildCtaUrl('partner.example/x?y=1', {}, ctx)).toBe('partner.example/x?y=1&click_id=c-1')
  })
})
