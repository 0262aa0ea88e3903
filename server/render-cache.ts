import { gzipSync } from 'bun'
import { type BaseHeaders, baseHeaders, withBaseHeaders } from './security-headers.ts'

/**
 * Public pages are not personalised, so a rendered answer is kept in memory by URL, precompressed, and
 * served with an ETag until a content write calls `clear()` (docs/architecture.md, "Pages and speed").
 */
type Bytes = Uint8Array<ArrayBuffer>

/**
 * An answer made once, to be copied per request: bodies as Blobs (a Response shares a Blob's bytes, where
 * it copies a Uint8Array's: 28 µs a request for the home page's 45 KB), and its headers as one prepared
 * set per encoding, the site's base headers baked in.
 */
export type CachedAnswer = {
  status: number
  etag: string
  body: Blob
  gzip: Blob | null
  /** the headers of an identity answer (and of a 304), and of a gzipped one */
  identity: Headers
  gzipped: Headers | null
  /** characters in one header set (names and values), for `entryBytes` */
  headerChars: number
}

/** Public answers may be cached anywhere but must be revalidated (ETag) each time: a save shows at once. */
export const REVALIDATE = 'public, max-age=0, must-revalidate'

// `+xml` types too: RSS is application/rss+xml
const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml|[\w.-]+\+xml)|image\/svg)/

export function isCompressible(contentType: string | null | undefined) {
  return Boolean(contentType && COMPRESSIBLE.test(contentType))
}

const GZIP = /\bgzip\b/

/** Whether the client takes a gzipped answer. */
export const acceptsGzip = (req: Request) => GZIP.test(req.headers.get('accept-encoding') ?? '')

/**
 * Answers from a cached entry: 304 on a matching ETag, gzip when the client accepts it. Each case is a
 * Response over the entry's own Blob and prepared headers (copied by the Response, so a caller may add
 * its own): an identity answer costs what a gzipped one does, beyond writing the larger body.
 */
export function answerFrom(entry: CachedAnswer, req: Request): Response {
  const asked = req.headers
  if (asked.get('if-none-match') === entry.etag) return new Response(null, { status: 304, headers: entry.identity })
  const head = req.method === 'HEAD'
  if (entry.gzipped && GZIP.test(asked.get('accept-encoding') ?? '')) return new Response(head ? null : entry.gzip, { status: entry.status, headers: entry.gzipped })
  return new Response(head ? null : entry.body, { status: entry.status, headers: entry.identity })
}

/**
 * An entry from a rendered answer, with the site's base headers (server/security-headers.ts) baked in.
 * `compress` false: no gzipped copy (an answer made for one client that does not take gzip, and kept for no one).
 */
export function makeEntry(status: number, headers: Record<string, string>, body: Bytes, base: BaseHeaders, compress = true): CachedAnswer {
  const fields: Record<string, string> = {}
  let vary: string | undefined
  let contentType: string | undefined
  for (const [name, value] of Object.entries(withBaseHeaders(headers, base))) {
    const lower = name.toLowerCase()
    if (lower === 'content-type') contentType = value
    // the handler's own Vary (the geo header: server/router.ts) is kept beside Accept-Encoding; lengths,
    // encodings and tags are the entry's own
    if (lower === 'vary') vary = value
    else if (lower !== 'content-length' && lower !== 'content-encoding' && lower !== 'etag') fields[name] = value
  }
  const etag = `W/"${Bun.hash(body).toString(36)}"`
  fields.ETag = etag
  fields.Vary = vary ? `Accept-Encoding, ${vary}` : 'Accept-Encoding'
  const compressed = compress && isCompressible(contentType) && body.byteLength > 512 ? gzipSync(body) : null
  let headerChars = 0
  for (const name in fields) headerChars += name.length + fields[name]!.length
  return {
    status,
    etag,
    body: new Blob([body]),
    gzip: compressed && new Blob([compressed]),
    identity: new Headers(fields),
    gzipped: compressed && new Headers({ ...fields, 'Content-Encoding': 'gzip' }),
    headerChars,
  }
}

/**
 * A body's bytes as the process holds them: in whole 4 KiB pages, plus a quarter for the fragmentation
 * long-lived buffers leave among freed ones. Measured under Bun 1.4 (3,000 entries each, RSS against the
 * same work keeping nothing): 4.7 KB of bodies held 11.9 KB, 18.6 KB held 27.8 KB, 56.2 KB held 85.2 KB.
 */
const held = (n: number) => Math.ceil(n / 4096) * 4096 * 1.25
/** The objects around the bytes (entry, two Blobs, two header sets, a map slot). */
const ENTRY_OVERHEAD = 1024

/**
 * What an entry costs the process, as it holds it: both bodies (identity and gzip) with their
 * allocation slack, and every string (the key, the ETag, both header sets) as UTF-16, two bytes a
 * character (measured: docs/lean-server-notes.md, part 3).
 */
export function entryBytes(key: string, e: CachedAnswer) {
  const chars = key.length + e.etag.length + e.headerChars * (e.gzipped ? 2 : 1)
  return held(e.body.size) + held(e.gzip?.size ?? 0) + chars * 2 + ENTRY_OVERHEAD
}

const UNRESERVED = /^[A-Za-z0-9\-._~]$/

/**
 * A path in one spelling (RFC 3986 §6.2.2): percent-escapes of unreserved characters decoded, other
 * escapes in upper case. `/article/%72tp-explained` is the same page as `/article/rtp-explained`, so it
 * must be the same entry: otherwise each spelling of each page is one more (2^13 for that one id).
 */
export function normalisePath(path: string): string {
  if (!path.includes('%')) return path
  return path.replace(/%[0-9A-Fa-f]{2}/g, (escape) => {
    const ch = String.fromCharCode(Number.parseInt(escape.slice(1), 16))
    return UNRESERVED.test(ch) ? ch : escape.toUpperCase()
  })
}

/** The URL with its path normalised and only the named query parameters, sorted by name (values keep their order). */
export function onlyQuery(url: URL, names: readonly string[]): URL {
  const out = new URL(url)
  out.pathname = normalisePath(url.pathname)
  if (!url.search) return out
  const kept = new URLSearchParams()
  for (const name of [...names].sort()) for (const v of url.searchParams.getAll(name)) kept.append(name, v)
  out.search = kept.toString()
  return out
}

/**
 * The render-cache key of a URL: its normalised path plus only the query parameters the route
 * declared, so `/?utm_source=x` or `/?x=1`, `/?x=2`… are one entry, not one each.
 */
export function cacheKey(url: URL, query: readonly string[]): string {
  const u = onlyQuery(url, query)
  return u.pathname + u.search
}

export type RenderCacheOptions = {
  /** baked into every entry when it is made (server/security-headers.ts); plain-http ones by default */
  baseHeaders?: BaseHeaders
  /** memory budget for all entries, in bytes; 0 keeps nothing (the dev server renders every request fresh) */
  maxBytes?: number
  /** the bound on entries whose key has a query string (search results, cursors): entries and bytes */
  queryEntries?: number
  queryBytes?: number
  readVersion?: () => Promise<number>
  checkEveryMs?: number
  now?: () => number
  /** where a failed version check is reported (the app's logger); console.error by default */
  onError?: (err: unknown) => void
  /**
   * When what a page rendered now may show stops being true without any write (an offer starts or ends:
   * lib/offer-lifecycle.ts), as epoch ms or null. Asked after every clear; nothing is kept past it.
   */
  readExpiry?: () => Promise<number | null>
  /** the clock `readExpiry`'s instants are read on (the app's: tests move it); Date.now by default */
  contentNow?: () => number
}

export const DEFAULT_RENDER_CACHE_BYTES = 64 * 1024 * 1024

/** How a cached path is found again before routing (server/fast-path.ts): what its route's rule says. */
export type HitRoute = {
  /** the request log's and metrics' name for the route (`page`, `/api/brands/:brandId`) */
  route: string
  /** the query parameters its key keeps */
  query: readonly string[]
  /** its entries are per country profile */
  byCountry: boolean
  /** a token may enrich its answer (`richerFor`): such requests go through the route */
  richer: boolean
  /** the answer's Cache-Control (`public, max-age=0, must-revalidate`, or a short max-age) */
  cacheControl: string
  /** every request goes through the route (it observes them): never remembered for the fast path */
  routed: boolean
}
/** Paths remembered with their route; past this many, forgotten and relearnt from traffic. */
const MAX_ROUTES = 10_000
/**
 * Visitor-chosen keys get a small budget of their own: a page of search results is rarely asked twice
 * unless it is popular, and 15,000 unique searches otherwise took the process from 128 to 368 MB (a
 * byte budget alone does not bound RSS: every entry also fragments the heap it is freed from).
 */
export const DEFAULT_QUERY_ENTRIES = 200
export const DEFAULT_QUERY_BYTES = 4 * 1024 * 1024

/** One least-recently-used list within an entry count and a byte budget. */
class Lru {
  readonly entries = new Map<string, { answer: CachedAnswer; bytes: number }>()
  bytes = 0
  constructor(
    readonly maxBytes: number,
    readonly maxEntries: number,
  ) {}

  get(key: string) {
    const e = this.entries.get(key)
    if (!e) return undefined
    this.entries.delete(key) // most recently used goes last
    this.entries.set(key, e)
    return e.answer
  }

  /** An entry larger than an eighth of the budget is not kept: it would push out too many others. */
  set(key: string, answer: CachedAnswer) {
    const size = entryBytes(key, answer)
    if (size > this.maxBytes / 8 || this.maxEntries < 1) return
    this.drop(key)
    while ((this.bytes + size > this.maxBytes || this.entries.size >= this.maxEntries) && this.entries.size) this.drop(this.entries.keys().next().value!)
    this.entries.set(key, { answer, bytes: size })
    this.bytes += size
  }

  drop(key: string) {
    const e = this.entries.get(key)
    if (!e) return
    this.entries.delete(key)
    this.bytes -= e.bytes
  }

  clear() {
    this.entries.clear()
    this.bytes = 0
  }
}

/**
 * Least-recently-used entries within a byte budget (not an entry count: one large article times many
 * URLs must not grow the heap). Keys with a query string hold values a visitor chose (`/search?q=…`,
 * `/api/search?q=…`, blog-content's cursors): those live in their own small list, bounded in entries
 * and bytes, so no mix of queries can crowd out the pages or grow the process.
 *
 * `readVersion` reads the store's content version, which every content write bumps (in any process:
 * the CLI, another server on the same store). At most once per `checkEveryMs`, and never on the
 * request's path, the cache compares it and clears itself when it moved.
 */
export function createRenderCache(opts: RenderCacheOptions = {}) {
  const maxBytes = opts.maxBytes ?? DEFAULT_RENDER_CACHE_BYTES
  const base = opts.baseHeaders ?? baseHeaders({ siteUrl: 'http://localhost' })
  const pages = new Lru(maxBytes, Number.POSITIVE_INFINITY)
  // never more than the whole budget: RENDER_CACHE_MB=0 keeps nothing here either
  const queries = new Lru(Math.min(opts.queryBytes ?? DEFAULT_QUERY_BYTES, maxBytes), opts.queryEntries ?? DEFAULT_QUERY_ENTRIES)
  const listFor = (key: string) => (key.includes('?') ? queries : pages)
  // a path's route does not change with content: kept across clear(), bounded on its own
  const routes = new Map<string, HitRoute>()
  let generation = 0
  let seenVersion: number | undefined
  let lastCheck = Number.NEGATIVE_INFINITY
  let checking = false
  let hits = 0
  let misses = 0
  const now = opts.now ?? Date.now
  // the instant every entry stops being true (readExpiry), learnt again after each clear
  let expiresAt: number | null = null
  const learnExpiry = () => {
    if (!opts.readExpiry) return
    const gen = generation
    opts
      .readExpiry()
      .then((at) => {
        if (gen === generation) expiresAt = at
      })
      .catch((err) => (opts.onError ? opts.onError(err) : console.error('[render-cache] expiry read failed:', err)))
  }
  learnExpiry()
  const contentNow = opts.contentNow ?? Date.now
  const expired = () => expiresAt !== null && contentNow() >= expiresAt
  return {
    baseHeaders: base,
    /** Starts a background version check when one is due; returns at once. */
    revalidate() {
      if (!opts.readVersion || checking || now() - lastCheck < (opts.checkEveryMs ?? 1_000)) return
      checking = true
      lastCheck = now()
      opts
        .readVersion()
        .then((v) => {
          if (seenVersion !== undefined && v !== seenVersion) this.clear()
          seenVersion = v
        })
        .catch((err) => (opts.onError ? opts.onError(err) : console.error('[render-cache] content version check failed:', err)))
        .finally(() => {
          checking = false
        })
    },
    /** `countMiss` false: a lookup before routing, whose miss the route's own lookup counts. */
    get(key: string, countMiss = true) {
      if (expired()) this.clear()
      const answer = listFor(key).get(key)
      if (answer) hits++
      else if (countMiss) misses++
      return answer
    },
    /** Notes which route answers a (normalised) path, once it has an entry. */
    rememberRoute(path: string, route: HitRoute) {
      // a cache that keeps nothing (RENDER_CACHE_MB=0) can never answer early: the fast path would only
      // work out the visitor's country for a miss, and routing would do it again
      if (maxBytes === 0 || routes.get(path) === route) return
      if (routes.size >= MAX_ROUTES) routes.clear()
      routes.set(path, route)
    },
    routeFor(path: string): HitRoute | undefined {
      return routes.get(path)
    },
    /** `gen` is the generation seen when rendering began: a render that raced a write is not kept. */
    set(key: string, answer: CachedAnswer, gen: number) {
      if (expired()) this.clear() // rendered before an offer's edge, kept after it: not kept
      if (gen === generation) listFor(key).set(key, answer)
    },
    get generation() {
      return generation
    },
    clear() {
      generation++
      pages.clear()
      queries.clear()
      expiresAt = null
      learnExpiry()
    },
    /** The instant the entries stop being true (an offer's edge), or null. */
    get expiresAt() {
      return expiresAt
    },
    get size() {
      return pages.entries.size + queries.entries.size
    },
    get bytes() {
      return pages.bytes + queries.bytes
    },
    get maxBytes() {
      return maxBytes
    },
    /** entries and bytes of the visitor-chosen (query-string) keys, and their bound */
    get queries() {
      return { entries: queries.entries.size, bytes: queries.bytes, maxEntries: queries.maxEntries, maxBytes: queries.maxBytes }
    },
    get stats() {
      return { hits, misses, entries: this.size, bytes: this.bytes }
    },
  }
}
export type RenderCache = ReturnType<typeof createRenderCache>
