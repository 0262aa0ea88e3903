import fc from 'fast-check'
import type { DeclaredRoute } from '../../server/router.ts'
import { brandFormParts, type Entries, type FuzzWorld, jsonEntries, type Part, postbackEntries, queryEntries } from './templates.ts'
import { forwardedFor, headerText, idLike, junkJson, junkString, malformedJson, objectText, pct, queryValue, userAgents } from './values.ts'

export type { FuzzWorld } from './templates.ts'

/**
 * One generated request to one declared route, kept as plain data so fast-check can print a failing
 * case and the same seed rebuilds the same bytes (server/fuzz.test.ts sends it).
 */
export type Who = 'anonymous' | 'user' | 'editor' | 'manager' | 'admin'
export type FuzzBody =
  | { kind: 'none' }
  | { kind: 'text'; type: string; text: string }
  | { kind: 'bytes'; type: string; bytes: Uint8Array<ArrayBuffer> }
  | { kind: 'multipart'; boundary: string; parts: Part[]; noEnd: boolean; cut?: number }
export type FuzzRequest = { who: Who; method: string; url: string; headers: Record<string, string>; body: FuzzBody }

/** Ids a path parameter mostly gets: the kind the route looks up, then any other real id. */
function pathIds(route: DeclaredRoute, w: FuzzWorld): [own: string[], others: string[]] {
  const all = [...w.ids.brands, ...w.ids.posts, ...w.ids.media, ...w.ids.infoPages]
  const own = route.path.startsWith('/api/posts/') ? w.ids.posts : route.path.startsWith('/media/') ? w.ids.media : route.path.startsWith('/api/info-pages/') ? w.ids.infoPages : w.ids.brands
  return [own, all.filter((id) => !own.includes(id))]
}

/** One path segment, already encoded: a real id, an id-like string, encoded junk, or raw URL junk. */
const pathValue = ([own, others]: [string[], string[]]) =>
  fc.oneof(
    { arbitrary: fc.constantFrom(...own), weight: 6 },
    { arbitrary: fc.constantFrom(...others), weight: 1 },
    { arbitrary: idLike, weight: 2 },
    { arbitrary: junkString.map(pct), weight: 3 },
    {
      arbitrary: fc.constantFrom('%', '%ZZ', '%E0%A4%A', 'a%2Fb', '%2F', '..%2F..%2Fetc%2Fpasswd', '%00', `${own[0]}%00`, `${own[0]}%20`, own[0].toUpperCase(), `${own[0]};x`, `${own[0]}.json`, '%C0%AE', '%F0%9F%98%80', '__proto__', 'constructor', 'hasOwnProperty', 'a'.repeat(10_000)),
      weight: 2,
    },
  ).filter((v) => v !== '' && !/^(\.|%2e){1,2}$/i.test(v)) // dot segments are the URL parser's business: they name another route

/** The route's query parameters, mostly valid with a few mutations, or raw junk; repeated names included. */
const queryString = (route: DeclaredRoute, w: FuzzWorld) => {
  const encode = (e: Entries) => e.map(([k, v]) => `${pct(k)}=${pct(v)}`).join('&')
  const raw = fc.constantFrom('%', '=', '&', 'a=%ZZ', '__proto__=1', 'constructor[prototype][x]=1', 'a[]=1', 'query', 'per_page=', 'page=2&page=x', '%00=%00', 'to=2026-06-11&to=2026-06-12')
  return fc
    .tuple(queryEntries(route, w).map(encode), fc.option(raw, { freq: 5 }))
    .map(([q, junk]) => [q, junk].filter(Boolean).join('&'))
    .map((q) => (q ? `?${q}` : ''))
}

/** JSON text: the route's body, valid with a few mutations (when it reads JSON), or any JSON value. */
function jsonBody(route: DeclaredRoute, w: FuzzWorld): fc.Arbitrary<string> {
  const entries = jsonEntries(route, w)
  const anyObject = fc.array(fc.tuple(fc.oneof(fc.constantFrom('__proto__', 'constructor', 'title', 'brandId', 'username'), fc.string({ maxLength: 10 })), junkJson), { maxLength: 6 }).map(objectText)
  return fc.oneof({ arbitrary: entries ? entries.map(objectText) : anyObject, weight: 8 }, { arbitrary: anyObject, weight: 1 }, { arbitrary: junkJson, weight: 2 })
}

function bodyOf(route: DeclaredRoute, w: FuzzWorld): fc.Arbitrary<FuzzBody> {
  if (route.method === 'GET' || route.method === 'HEAD') return fc.constant({ kind: 'none' })
  const isBrandForm = route.path.startsWith('/api/brands')
  const form = route.path === '/api/postback' ? postbackEntries(w) : fc.array(fc.tuple(fc.oneof(fc.constantFrom('title', 'brandId', 'click_id', 'key', 'username'), junkString), queryValue), { maxLength: 5 })
  const text = (type: string, a: fc.Arbitrary<string>): fc.Arbitrary<FuzzBody> => a.map((t) => ({ kind: 'text', type, text: t }))
  const multipart: fc.Arbitrary<FuzzBody> = fc.record({
    boundary: fc.constantFrom('----fuzz', 'x', '----WebKitFormBoundary7MA4YWxkTrZu0gW', '"quoted boundary"', 'a'.repeat(70)),
    parts: isBrandForm ? brandFormParts(w) : fc.array(fc.record({ name: fc.oneof(fc.constantFrom('title', 'brandId', 'click_id', 'key'), headerText), data: junkString }), { maxLength: 4 }),
    noEnd: fc.oneof({ arbitrary: fc.constant(false), weight: 10 }, { arbitrary: fc.constant(true), weight: 1 }),
    cut: fc.oneof({ arbitrary: fc.constant(undefined), weight: 10 }, { arbitrary: fc.nat(), weight: 1 }),
  }).map((m) => ({ kind: 'multipart', ...m }))
  return fc.oneof(
    { arbitrary: fc.constant<FuzzBody>({ kind: 'none' }), weight: 1 },
    { arbitrary: text('application/json', jsonBody(route, w)), weight: isBrandForm ? 2 : 12 },
    { arbitrary: text('application/json', malformedJson), weight: 2 },
    { arbitrary: text('application/x-www-form-urlencoded', form.map((e) => e.map(([k, v]) => `${pct(k)}=${pct(v)}`).join('&'))), weight: route.path === '/api/postback' ? 4 : 1 },
    { arbitrary: multipart, weight: isBrandForm ? 30 : 1 },
    { arbitrary: fc.uint8Array({ maxLength: 500 }).map((bytes): FuzzBody => ({ kind: 'bytes', type: 'application/octet-stream', bytes })), weight: 1 },
  )
}

const naturalType = (b: FuzzBody) => (b.kind === 'text' || b.kind === 'bytes' ? b.type : b.kind === 'multipart' ? `multipart/form-data; boundary=${b.boundary}` : undefined)

const contentTypeLies = fc.constantFrom(
  'text/plain', 'application/json; charset=utf-8', 'APPLICATION/JSON', 'application/json; charset=utf-16', 'application/json-patch+json', 'application/jsonx',
  'application/x-www-form-urlencoded', 'multipart/form-data', 'multipart/form-data; boundary=', 'multipart/form-data; boundary="x"', 'multipart/form-data; boundary=other',
  'multipart/mixed; boundary=x', 'image/png', '*/*', ';;;', 'application/json, text/html', 'text/plain; application/json',
)

function authorization(who: Who, w: FuzzWorld): fc.Arbitrary<string | undefined> {
  if (who !== 'anonymous') {
    const token = w.tokens[who]
    return fc.constantFrom(`Bearer ${token}`, `Bearer ${token}`, `Bearer ${token}`, `bearer ${token}`, `Bearer  ${token} `)
  }
  const garbage = fc.oneof(
    fc.constantFrom('Bearer', 'Bearer ', 'Bearer null', 'Bearer undefined', 'Basic dXNlcjpwYXNz', 'Token abc', `Bearer ${'a'.repeat(10_000)}`, 'Bearer a.b.c', `Bearer ${w.refreshToken}`),
    fc.constantFrom(...w.forgedTokens).map((t) => `Bearer ${t}`),
    headerText.map((h) => `Bearer ${h}`),
    headerText,
  )
  return fc.option(garbage, { nil: undefined, freq: 2 })
}

/** A request to `route`: who sends it, the filled path and query, the headers and the body. */
export function requestTo(route: DeclaredRoute, w: FuzzWorld): fc.Arbitrary<FuzzRequest> {
  const params: string[] = route.path.match(/:[A-Za-z]+/g) ?? []
  if (params.length > 2) throw new Error(`the fuzz fills two path parameters; ${route.path} has ${params.length}`)
  const ids = pathIds(route, w)
  // a second parameter (a revision of an item) gets revision-shaped ids, the world's other ids and junk
  const second: [string[], string[]] = [['0000018f2a3b4c5d0000abcd', 'ffffffffffffffffffffffff'], [...ids[0], ...ids[1]]]
  const path = fc
    .tuple(...params.map((_, i) => pathValue(i === 0 ? ids : second)))
    .map((values) => params.reduce((p, param, i) => p.replace(param, values[i]), route.path))
  const who = fc.constantFrom<Who>('anonymous', 'user', 'editor', 'manager', 'admin')
  return fc
    .record({
      who,
      path,
      query: queryString(route, w),
      body: bodyOf(route, w),
      contentType: fc.oneof({ arbitrary: fc.constant('natural'), weight: 8 }, { arbitrary: fc.constant('absent'), weight: 1 }, { arbitrary: contentTypeLies, weight: 2 }),
      ua: fc.option(userAgents, { nil: undefined }),
      xff: fc.option(forwardedFor, { nil: undefined }),
      site: fc.option(fc.constantFrom('cross-site', 'same-origin', 'same-site', 'none'), { nil: undefined }),
      // what the browser says a request is for (Fetch Metadata): /go forwards and counts navigations only
      fetchMeta: fc.option(fc.constantFrom(['document', 'navigate'], ['image', 'no-cors'], ['iframe', 'navigate'], ['empty', 'cors'], ['script', 'no-cors']), { nil: undefined }),
      extra: fc.array(fc.tuple(fc.constantFrom('accept', 'accept-encoding', 'x-http-method-override', 'x-forwarded-host', 'cookie', 'origin', 'if-none-match', 'range', 'content-encoding'), headerText), { maxLength: 2 }),
    })
    .chain((r) =>
      authorization(r.who, w).map((auth): FuzzRequest => {
        const headers: Record<string, string> = Object.fromEntries(r.extra)
        const type = r.contentType === 'natural' ? naturalType(r.body) : r.contentType === 'absent' ? undefined : r.contentType
        if (type) headers['content-type'] = type
        if (auth !== undefined) headers.authorization = auth
        if (r.ua !== undefined) headers['user-agent'] = r.ua
        if (r.xff !== undefined) headers['x-forwarded-for'] = r.xff
        if (r.site !== undefined) headers['sec-fetch-site'] = r.site
        if (r.fetchMeta !== undefined) [headers['sec-fetch-dest'], headers['sec-fetch-mode']] = r.fetchMeta
        return { who: r.who, method: route.method, url: `${r.path}${r.query}`, headers, body: r.body }
      }),
    )
}

/** The bytes a body is sent as: multipart is encoded by hand, so it can be cut short or left unterminated. */
export function bodyBytes(b: FuzzBody): BodyInit | undefined {
  if (b.kind === 'none') return undefined
  if (b.kind === 'text') return b.text
  if (b.kind === 'bytes') return b.bytes
  const enc = new TextEncoder()
  const chunks: Uint8Array[] = []
  const boundary = b.boundary.replace(/^"(.*)"$/, '$1') // the header may quote it; the body never does
  for (const p of b.parts) {
    const file = p.filename !== undefined ? `; filename="${p.filename}"` : ''
    chunks.push(enc.encode(`--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"${file}\r\n${p.type ? `Content-Type: ${p.type}\r\n` : ''}\r\n`))
    chunks.push(typeof p.data === 'string' ? enc.encode(p.data) : p.data, enc.encode('\r\n'))
  }
  if (!b.noEnd) chunks.push(enc.encode(`--${boundary}--\r\n`))
  const all = Buffer.concat(chunks)
  return b.cut === undefined ? all : all.subarray(0, b.cut % (all.length + 1))
}

export const clip = (s: string, n = 300) => (s.length > n ? `${s.slice(0, n)}… (${s.length} characters)` : s)

/** A body in a line or two: failure reports must not print megabytes. */
export function describeBody(b: FuzzBody): string {
  if (b.kind === 'none') return 'none'
  if (b.kind === 'text') return `${b.type}: ${clip(b.text)}`
  if (b.kind === 'bytes') return `${b.bytes.length} bytes`
  const part = (p: Part) => `${clip(p.name, 40)}${p.filename === undefined ? '' : ` [file ${clip(p.filename, 40)} ${p.type} ${p.data.length} bytes]`}=${typeof p.data === 'string' ? clip(p.data, 120) : ''}`
  return `multipart (boundary ${b.boundary}${b.noEnd ? ', unterminated' : ''}${b.cut === undefined ? '' : `, cut at ${b.cut}`}): ${b.parts.map(part).join(' | ')}`
}
