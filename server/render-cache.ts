import { gzipSync } from 'bun'

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

export const SECURITY_HEADERS: Record<string, string> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'SAMEORIGIN',
}

const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml)|image\/svg)/

export function isCompressible(contentType: string | null | undefined) {
  return Boolean(contentType && COMPRESSIBLE.test(contentType))
}

/** Answers from a cached entry: 304 on a matching ETag, gzip when the client accepts it. */
export function answerFrom(entry: CachedAnswer, req: Request): Response {
  const headers = { ...entry.headers, ETag: entry.etag, Vary: 'Accept-Encoding' }
  if (req.headers.get('if-none-match') === entry.etag) return new Response(null, { status: 304, headers })
  if (entry.gzip.byteLength && /\bgzip\b/.test(req.headers.get('accept-encoding') ?? '')) {
    return new Response(req.method === 'HEAD' ? null : entry.gzip, { status: entry.status, headers: { ...headers, 'Content-Encoding': 'gzip' } })
  }
  return new Response(req.method === 'HEAD' ? null : entry.body, { status: entry.status, headers })
}

export function makeEntry(status: number, headers: Record<string, string>, body: Bytes): CachedAnswer {
  const compress = isCompressible(headers['content-type'] ?? headers['Content-Type']) && body.byteLength > 512
  return {
    status,
    headers,
    body,
    gzip: compress ? gzipSync(body) : new Uint8Array(),
    etag: `W/"${Bun.hash(body).toString(36)}"`,
  }
}

/**
 * `readVersion` reads the store's content version, which every content write bumps (in any process:
 * the CLI, another server on the same MongoDB). At most once per `checkEveryMs`, and never on the
 * request's path, the cache compares it and clears itself when it moved.
 */
export function createRenderCache(maxEntries = 2_000, opts: { readVersion?: () => Promise<number>; checkEveryMs?: number; now?: () => number } = {}) {
  // maxEntries 0: a cache that keeps nothing (the dev server renders every request fresh)
  const entries = new Map<string, CachedAnswer>()
  let generation = 0
  let seenVersion: number | undefined
  let lastCheck = Number.NEGATIVE_INFINITY
  let checking = false
  const now = opts.now ?? Date.now
  return {
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
        .catch((err) => console.error('[render-cache] content version check failed:', err))
        .finally(() => {
          checking = false
        })
    },
    get(key: string) {
      return entries.get(key)
    },
    /** `gen` is the generation seen when rendering began: a render that raced a write is not kept. */
    set(key: string, entry: CachedAnswer, gen: number) {
      if (gen !== generation || maxEntries === 0) return
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!)
      entries.set(key, entry)
    },
    get generation() {
      return generation
    },
    clear() {
      generation++
      entries.clear()
    },
    get size() {
      return entries.size
    },
  }
}
export type RenderCache = ReturnType<typeof createRenderCache>
