import { describe, expect, it } from 'vitest'
import { parseXml } from '../../test/xml.ts'
import { element, escapeXml, rfc822Date, w3cDatetime, XML_DECLARATION } from './xml.ts'

/** The text an XML parser reads back from an element and an attribute holding `escaped` (throws unless well-formed). */
function roundTrip(escaped: string): string {
  const doc = parseXml(`${XML_DECLARATION}<t a="${escaped}">${escaped}</t>`)
  expect(doc.documentElement.getAttribute('a')).toBe(doc.documentElement.textContent)
  return doc.documentElement.textContent ?? ''
}

describe('escapeXml', () => {
  it('turns markup characters into entities, so HTML and ]]> stay text', () => {
    const title = `Tom & Jerry's <b>"best"</b> bonus ]]> here`
    const escaped = escapeXml(title)
    expect(escaped).toBe('Tom &amp; Jerry&apos;s &lt;b&gt;&quot;best&quot;&lt;/b&gt; bonus ]]&gt; here')
    expect(escaped).not.toMatch(/[<>]/)
    expect(roundTrip(escaped)).toBe(title)
  })

  it('drops the characters XML 1.0 cannot hold (C0 and C1 controls, U+FFFE/U+FFFF, lone surrogates), keeps tab and newlines', () => {
    const title = 'a\u0000b\u0008c\u000Bd\u000Ce\u001Ff\u007Fg\u0085h\uFFFEi\uFFFFj\uD800k\uDFFFl\tm\nn\ro'
    const escaped = escapeXml(title)
    expect(escaped).toBe('abcdefghijkl\tm\nn\ro')
  })

  it('keeps emoji and other astral characters whole', () => {
    const title = 'Jackpot 🎰 week — 5⭐ café 𝔾'
    expect(escapeXml(title)).toBe(title)
    expect(roundTrip(escapeXml(title))).toBe(title)
  })

  it('an element is left out when it has no text', () => {
    expect(element('category', '')).toBe('')
    expect(element('category', undefined)).toBe('')
    expect(element('category', 'A & B')).toBe('<category>A &amp; B</category>')
  })
})

describe('dates', () => {
  // W3C Datetime as sitemaps use it: a full date-time in UTC
  const W3C = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/
  // RFC 822 (with RFC 1123's four-digit year), as RSS 2.0 requires
  const RFC822 = /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} GMT$/

  it('lastmod is a W3C datetime to the second, in UTC', () => {
    expect(w3cDatetime('2026-11-22T07:30:30.123Z')).toBe('2026-11-22T07:30:30Z')
    expect(w3cDatetime('2026-03-01T10:00:00+02:00')).toBe('2026-03-01T08:00:00Z')
    expect(w3cDatetime(new Date(Date.UTC(2024, 1, 29, 23, 59, 59)))).toMatch(W3C)
  })

  it('pubDate is an RFC 822 date in GMT', () => {
    expect(rfc822Date('2026-03-01T10:00:00+02:00')).toBe('Sun, 01 Mar 2026 08:00:00 GMT')
    expect(rfc822Date('2024-02-29T23:59:59Z')).toMatch(RFC822)
  })

  it('a missing or malformed date gives no date rather than a wrong one', () => {
    for (const bad of ['', 'yesterday', '2026-13-45T99:00:00Z', undefined, '+012345-01-01T00:00:00Z']) {
      expect(w3cDatetime(bad)).toBeUndefined()
      expect(rfc822Date(bad)).toBeUndefined()
    }
  })
})
