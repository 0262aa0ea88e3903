import { describe, expect, it } from 'vitest'
import { cleanHost, deviceClass, pageKey, pageOf, parseArrival, parsePlacement, placementQuery } from './attribution.ts'

describe('placements (issue 21)', () => {
  it('round-trips a placement through a link query', () => {
    const q = new URLSearchParams(placementQuery({ page: 'article', pageId: 'rtp-explained', slot: 'article-offers', position: 2 }))
    expect(parsePlacement({ from: q.get('from'), slot: q.get('slot'), pos: q.get('pos') })).toEqual({ page: 'article', pageId: 'rtp-explained', slot: 'article-offers', position: 2 })
    expect(pageKey({ page: 'home', pageId: '' })).toBe('home:')
  })
  it('records anything it does not know as unknown: never raw, never a refusal', () => {
    expect(parsePlacement({ from: 'evil:<script>', slot: 'sidebar-hack', pos: '9999' })).toEqual({ page: 'unknown', pageId: '', slot: 'unknown', position: null })
    expect(parsePlacement({ from: `article:${'x'.repeat(101)}`, slot: 'brand-cta', pos: '0' })).toEqual({ page: 'unknown', pageId: '', slot: 'brand-cta', position: null })
    expect(parsePlacement({})).toEqual({ page: 'unknown', pageId: '', slot: 'unknown', position: null })
  })
})

describe('arrival', () => {
  it('keeps a referring host and UTM values lower-cased and bounded, and drops anything else', () => {
    expect(parseArrival(new URLSearchParams('ref=WWW.Google.com&utm_source=Newsletter&utm_medium=email&utm_campaign=bf-2026'))).toEqual({ referrer: 'google.com', utmSource: 'newsletter', utmMedium: 'email', utmCampaign: 'bf-2026' })
    expect(parseArrival(new URLSearchParams(`ref=javascript:alert(1)&utm_source=${'a'.repeat(200)}&utm_medium=<b>`))).toEqual({ referrer: null, utmSource: 'a'.repeat(80), utmMedium: null, utmCampaign: null })
    expect(cleanHost('localhost')).toBeNull()
  })
})

describe('device class', () => {
  it.each([
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148', 'mobile'],
    ['Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36', 'mobile'],
    ['Mozilla/5.0 (Linux; Android 13; SM-X200) AppleWebKit/537.36 Chrome/126.0 Safari/537.36', 'tablet'],
    ['Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15', 'tablet'],
    ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/156.0 Safari/537.36', 'desktop'],
    ['', 'unknown'],
  ])('%s → %s', (ua, cls) => expect(deviceClass(ua)).toBe(cls))
})

describe('placements know their market: the same article under /ca-on and / are two pages', () => {
  it('a market page keys its placement after the market, and parsing gives it back', () => {
    const page = pageOf('/article/rtp-explained', false, '/ca-on')
    expect(page).toEqual({ market: 'ca-on', page: 'article', pageId: 'rtp-explained' })
    expect(pageKey(page)).toBe('ca-on/article:rtp-explained')
    const q = new URLSearchParams(placementQuery({ ...page, slot: 'article-offers', position: 2 }))
    expect(q.get('from')).toBe('ca-on/article:rtp-explained')
    expect(parsePlacement({ from: q.get('from'), slot: q.get('slot'), pos: q.get('pos') })).toEqual({ market: 'ca-on', page: 'article', pageId: 'rtp-explained', slot: 'article-offers', position: 2 })
  })

  it('the default market keeps its keys as they were; a malformed market is no market', () => {
    expect(pageKey(pageOf('/article/rtp-explained'))).toBe('article:rtp-explained')
    expect(parsePlacement({ from: 'article:x' })).toMatchObject({ page: 'article', pageId: 'x' })
    expect(parsePlacement({ from: 'article:x' }).market).toBeUndefined()
    expect(parsePlacement({ from: 'NOT A MARKET/article:x' }).page).toBe('unknown')
    expect(parsePlacement({ from: 'ca-on/nonsense:x' })).toMatchObject({ page: 'unknown', pageId: '' })
  })
})
