import fc from 'fast-check'

/**
 * Values for the route fuzz (server/fuzz.test.ts): junk of every shape, and the near-valid values that
 * get a request past validation, so handlers and services see both. JSON is generated as *text*, so it
 * can hold what `JSON.stringify` never writes: `1e309`, duplicate keys, a literal `__proto__` key.
 */

/** A 1×1 and a 2×2 PNG: real images, so uploads get past the byte sniffing. */
export const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64')
export const PNG2 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==', 'base64')
const GIF_HEADER = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1')
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>')
/** One byte over the 5 MB image cap, with a PNG signature (allocated once). */
const OVERSIZED_PNG = (() => {
  const b = new Uint8Array(5 * 1024 * 1024 + 1)
  b.set(PNG)
  return b
})()

const enc = new TextEncoder()
/** Percent-encodes everything but RFC 3986 unreserved characters (lone surrogates become U+FFFD). */
export const pct = (s: string) => [...enc.encode(s)].map((b) => (/[A-Za-z0-9\-._~]/.test(String.fromCharCode(b)) ? String.fromCharCode(b) : `%${b.toString(16).toUpperCase().padStart(2, '0')}`)).join('')

const sizes = fc.constantFrom(1_000, 5_000, 20_001, 70_000, 300_000)
const longText = fc.tuple(fc.constantFrom('x', 'é', '😀', '\u0000', '<', '%', '\\'), sizes).map(([c, n]) => c.repeat(Math.ceil(n / c.length)))

/** Any text: printable Unicode, raw code units (lone surrogates, control characters), or very long. */
export const junkString: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }), weight: 4 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 40 }), weight: 2 },
  { arbitrary: longText, weight: 1 },
  {
    arbitrary: fc.constantFrom('', ' ', '__proto__', 'constructor', 'toString', 'null', 'undefined', 'NaN', 'Infinity', '-0', '1e308', '0x10',
      'javascript:alert(1)', '//evil.example/', '/\\evil.example', 'https://x.example/a\u0000b', '../../etc/passwd', '<script>alert(1)</script>',
      '\u202Eevil', 'a\r\nb', '%00', '%ZZ', '$where', '{"$gt":""}'),
    weight: 2,
  },
)

/** JSON text of a scalar that parsing may turn into something surprising. */
const oddNumbers = fc.constantFrom('1e308', '-1e308', '1e309', '-1e309', '-0', '0.0000001', '1e-400', '123456789012345678901234567890', '9007199254740993', '-1', '0', '1.5', '"NaN"', '"Infinity"', '"-0"', '"1e308"', '"0x10"', '" 5 "')

const deep = fc.tuple(fc.integer({ min: 20, max: 20_000 }), fc.boolean()).map(([d, arr]) => (arr ? '['.repeat(d) + ']'.repeat(d) : '{"a":'.repeat(d) + '1' + '}'.repeat(d)))

/** `{"k":v,…}` from already-encoded values; keys may repeat, and `__proto__` stays a literal key. */
export const objectText = (entries: [string, string][]) => `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(',')}}`

const protoKeys = fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', '$set', '_id', 'role', 'isAdmin')

/** JSON text of any shape: nested, wide, deep, huge, odd numbers, prototype keys, arrays where objects belong. */
export const junkJson: fc.Arbitrary<string> = fc.letrec<{ value: string }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { arbitrary: fc.jsonValue({ maxDepth: 2 }).map((v) => JSON.stringify(v)), weight: 4 },
    { arbitrary: junkString.map((s) => JSON.stringify(s)), weight: 3 },
    { arbitrary: oddNumbers, weight: 2 },
    { arbitrary: fc.constantFrom('[]', '{}', 'null', 'true', '[{}]', '[[]]', '"\\ud800"', '"\\u0000"', '{"__proto__":{"role":"admin","isAdmin":true}}', '{"constructor":{"prototype":{"polluted":1}}}'), weight: 2 },
    { arbitrary: deep, weight: 1 },
    { arbitrary: fc.array(tie('value'), { maxLength: 4 }).map((a) => `[${a.join(',')}]`), weight: 1 },
    { arbitrary: fc.array(fc.tuple(fc.oneof(protoKeys, fc.string({ maxLength: 8 })), tie('value')), { maxLength: 4 }).map(objectText), weight: 1 },
  ),
})).value

/** Text that is not JSON, or is JSON cut short. */
export const malformedJson = fc.oneof(
  fc.constantFrom('{', '}', '[', '{"a":}', '{"a":1,}', "{'a':1}", 'undefined', 'NaN', '\uFEFF{}', '{"a":1}{"b":2}', '[1,2', '"unterminated', '{"a":"\\x"}', '\u0000', '{"title":"x"', 'title=x', ''),
  fc.tuple(junkJson, fc.nat()).map(([t, n]) => t.slice(0, t.length > 1 ? n % (t.length - 1) : 0)),
)

/** Query-string values: numbers, dates and enums the routes read, and junk. */
export const queryValue = fc.oneof(
  fc.constantFrom('0', '-1', '1', '6', '30', '31', '1000', '1001', '1e308', 'NaN', 'Infinity', '1.5', '0x10', '99999999999999999999'),
  fc.constantFrom('2026-06-01', '2026-06-11', '2025-02-30', '2026-13-01', '2026-1-1', '0000-00-00', '9999-12-31', '+02026-06-01', '2026-06-11T00:00:00Z', 'today', '1970-01-01'),
  fc.constantFrom('Sale', '1006', '99', 'Fraud', 'Install', 'approved', 'pending', 'rejected', 'REJECTED', 'USD', 'usd', 'XXX', 'XAU', 'game', 'poker'),
  junkString,
)

/** Header values: only Latin-1 without CR, LF or NUL can be sent at all. */
export const headerText = fc.string({ unit: fc.integer({ min: 0x20, max: 0xff }).filter((c) => c !== 0x7f).map((c) => String.fromCharCode(c)), maxLength: 60 })

export const userAgents = fc.oneof(
  fc.constantFrom(
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
    'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    'facebookexternalhit/1.1', 'Slackbot-LinkExpanding 1.0', 'curl/8.5.0', 'python-requests/2.32', 'HeadlessChrome', '', 'x'.repeat(5_000),
  ),
  headerText,
)

export const forwardedFor = fc.oneof(
  fc.constantFrom('203.0.113.7', '::1', '127.0.0.1', '10.0.0.1, 203.0.113.7', '::ffff:127.0.0.1', '999.1.1.1', 'unknown', ',,,', ' , ', '[::1]:80', '1.2.3.4:5678', Array.from({ length: 500 }, (_, i) => `10.0.${i >> 8}.${i & 255}`).join(', ')),
  headerText,
)

/** A file part's bytes: real tiny PNGs (past the sniffing), images whose bytes and type disagree, random bytes, one too large. */
export const fileBytes = fc.oneof(
  { arbitrary: fc.constantFrom<Uint8Array>(PNG, PNG2), weight: 5 },
  { arbitrary: fc.constantFrom<Uint8Array>(GIF_HEADER, SVG, new Uint8Array(0)), weight: 2 },
  { arbitrary: fc.uint8Array({ maxLength: 2_000 }), weight: 3 },
  { arbitrary: fc.constant<Uint8Array>(OVERSIZED_PNG), weight: 1 },
)

export const fileTypes = fc.constantFrom('image/png', 'image/gif', 'image/jpeg', 'image/jpg', 'image/svg+xml', 'text/html', 'application/octet-stream', '', 'image/png; charset=utf-8', 'IMAGE/PNG')
export const fileNames = fc.oneof(fc.constantFrom('logo.png', 'logo.gif', 'logo', '', '../../etc/passwd', 'a"b.png', 'логотип.png', 'x'.repeat(400)), headerText)

/** An id, or something that looks like one. */
export const idLike = fc.stringMatching(/^[A-Za-z0-9_-]{1,100}$/)
