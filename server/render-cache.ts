import { gzipSync } from 'bun'
import { type BaseHeaders, baseHeaders, withBaseHeaders } from './security-headers.ts'

/**
 * Public pages are not personalised, so a rendered answer is kept in memory by URL, precompressed, and
 * served with an ETag until a content write calls `clear()` (DESIGN.md, "Pages and speed").
 */
type Bytes = Uint8Array<ArrayBuffer>

export type CachedAnswer = {
  status: number
  headers: Record<string, string>
  body: Bytes
  gzip: Bytes
  etag: string
}

/** Public answers may be cached anywhere but must be revalidated (ETag) each time: a save shows at once. */
export const REVALIDATE = 'public, max-age=0, must-revalidate'

// `+xml` types too: RSS is application/rss+xml
const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml|[\w.-]+\+xml)|image\/svg)/

export function isCompressible(contentType: string | null | undefined) {
  return Boolean(contentType && COMPRESSIBLE.test(contentType))
}

/** Answers from a cached entry: 304 on a matching ETag, gzip when the client accepts it. */
export function answerFrom(entry: CachedAnswer, req: Request): Response {
  // the handler's own Vary (the geo header: server/router.ts) is kept beside Accept-Encoding
  const { vary, ...rest } = entry.headers
  const headers = { ...rest, ETag: entry.etag, Vary: vary ? `Accept-Encoding, ${vary}` : 'Accept-Encoding' }
  if (req.headers.get('if-none-match') === entry.etag) return new Response(null, { status: 304, headers })
  if (entry.gzip.byteLength && /\bgzip\b/.test(req.headers.get('accept-encoding') ?? '')) {
    return new Response(req.method === 'HEAD' ? null : entry.gzip, { status: entry.status, headers: { ...headers, 'Content-Encoding': 'gzip' } })
  }
  return new Response(req.method === 'HEAD' ? null : entry.body, { status: entry.status, headers })
}

/** An entry from a rendered answer, with the site's base headers (server/security-headers.ts) baked in. */
export function makeEntry(status: number, headers: Record<string, string>, body: Bytes, base: BaseHeaders): CachedAnswer {
  const compress = isCompressible(headers['content-type'] ?? headers['Content-Type']) && body.byteLength > 512
  return {
    status,
    headers: withBaseHeaders(headers, base),
    body,
    gzip: compress ? gzipSync(body) : new Uint8Array(),
    etag: `W/"${Bun.hash(body).toString(36)}"`,
  }
}

/** Typed-array storage is handed out in 4 KiB pages once past a few KiB: a 9 KiB body holds 12 KiB. */
const PAGE = 4096
const held = (n: number) => (n > PAGE ? Math.ceil(n / PAGE) * PAGE : n)
/** The objects around the bytes (entry, header record, typed arrays, map slot), measured under Bun 1.4. */
const ENTRY_OVERHEAD = 1024

/**
 * What an entry costs the process, as it holds it: both bodies (identity and gzip) with their
 * allocation slack, and every string (the key, header names and values, the ETag) as UTF-16, two bytes
 * a character. Measured under Bun 1.4: 3,000 search-page entries counted 76.4 MB here and held 76.6 MB
 * of RSS more than the same renders kept nowhere (this formula without slack and UTF-16 said 55.5).
 */
export function entryBytes(key: string, e: CachedAnswer) {
  let chars = key.length + e.etag.length
  for (const name in e.headers) chars += name.length + e.headers[name]!.length
  return held(e.body.byteLength) + held(e.gzip.byteLength) + chars * 2 + ENTRY_OVERHEAD
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
}

export const DEFAULT_RENDER_CACHE_BYTES = 64 * 1024 * 1024
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
  let generation = 0
  let seenVersion: number | undefined
  let lastCheck = Number.NEGATIVE_INFINITY
  let checking = false
  let hits = 0
  let misses = 0
  const now = opts.now ?? Date.now
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
    get(key: string) {
      const answer = listFor(key).get(key)
      if (answer) hits++
      else misses++
      return answer
    },
    /** `gen` is the generation seen when rendering began: a render that raced a write is not kept. */
    set(key: string, answer: CachedAnswer, gen: number) {
      if (gen === generation) listFor(key).set(key, answer)
    },
    get generation() {
      return generation
    },
    clear() {
      generation++
      pages.clear()
      queries.clear()
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
