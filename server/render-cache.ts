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

/** What an entry costs in memory: its bytes twice (plain and gzip) plus headers and bookkeeping. */
export function entryBytes(key: string, e: CachedAnswer) {
  let headers = 0
  for (const [k, v] of Object.entries(e.headers)) headers += k.length + v.length
  return e.body.byteLength + e.gzip.byteLength + headers + key.length + e.etag.length + 200
}

/** The URL with only the named query parameters, sorted by name (values keep their order). */
export function onlyQuery(url: URL, names: readonly string[]): URL {
  const out = new URL(url)
  if (!url.search) return out
  const kept = new URLSearchParams()
  for (const name of [...names].sort()) for (const v of url.searchParams.getAll(name)) kept.append(name, v)
  out.search = kept.toString()
  return out
}

/**
 * The render-cache key of a URL: its path plus only the query parameters the route declared, so
 * `/?utm_source=x` or `/?x=1`, `/?x=2`… are one entry, not one each.
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
  readVersion?: () => Promise<number>
  checkEveryMs?: number
  now?: () => number
  /** where a failed version check is reported (the app's logger); console.error by default */
  onError?: (err: unknown) => void
}

export const DEFAULT_RENDER_CACHE_BYTES = 64 * 1024 * 1024

/**
 * Least-recently-used entries within a byte budget (not an entry count: one large article times many
 * URLs must not grow the heap). An entry larger than an eighth of the budget is not kept.
 *
 * `readVersion` reads the store's content version, which every content write bumps (in any process:
 * the CLI, another server on the same store). At most once per `checkEveryMs`, and never on the
 * request's path, the cache compares it and clears itself when it moved.
 */
export function createRenderCache(opts: RenderCacheOptions = {}) {
  const maxBytes = opts.maxBytes ?? DEFAULT_RENDER_CACHE_BYTES
  const base = opts.baseHeaders ?? baseHeaders({ siteUrl: 'http://localhost' })
  const entries = new Map<string, { answer: CachedAnswer; bytes: number }>()
  let bytes = 0
  let generation = 0
  let seenVersion: number | undefined
  let lastCheck = Number.NEGATIVE_INFINITY
  let checking = false
  let hits = 0
  let misses = 0
  const now = opts.now ?? Date.now
  const drop = (key: string) => {
    const e = entries.get(key)
    if (!e) return
    entries.delete(key)
    bytes -= e.bytes
  }
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
      const e = entries.get(key)
      if (!e) {
        misses++
        return undefined
      }
      hits++
      entries.delete(key) // most recently used goes last
      entries.set(key, e)
      return e.answer
    },
    /** `gen` is the generation seen when rendering began: a render that raced a write is not kept. */
    set(key: string, answer: CachedAnswer, gen: number) {
      const size = entryBytes(key, answer)
      if (gen !== generation || size > maxBytes / 8) return
      drop(key)
      while (bytes + size > maxBytes && entries.size) drop(entries.keys().next().value!)
      entries.set(key, { answer, bytes: size })
      bytes += size
    },
    get generation() {
      return generation
    },
    clear() {
      generation++
      entries.clear()
      bytes = 0
    },
    get size() {
      return entries.size
    },
    get bytes() {
      return bytes
    },
    get maxBytes() {
      return maxBytes
    },
    get stats() {
      return { hits, misses, entries: entries.size, bytes }
    },
  }
}
export type RenderCache = ReturnType<typeof createRenderCache>
