import { createHash } from 'node:crypto'
import { brotliCompressSync, constants } from 'node:zlib'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { extname, join, relative } from 'node:path'
import { gzipSync } from 'bun'
import { isCompressible, SECURITY_HEADERS } from './render-cache.ts'

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.avif': 'image/avif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
}

/** Vite's output: names carry a hash of the content, so a changed file is a new URL. */
export const FINGERPRINTED_CACHE = 'public, max-age=31536000, immutable'
/**
 * public/ files keep their names (stored posts and brands link /demo/…; the logo's URL is in every
 * page): a day fresh, then up to a week served while revalidating, which the ETag makes a bodiless 304.
 */
export const UNFINGERPRINTED_CACHE = 'public, max-age=86400, stale-while-revalidate=604800'

type Bytes = Uint8Array<ArrayBuffer>
type StaticFile = { body: Bytes; gzip?: Bytes; br?: Bytes; headers: Record<string, string> }

/**
 * The built client (and public/) is small, so it is read into memory once with gzip and brotli copies:
 * no disk reads or compression per request. Hashed files under /assets/ are cached for a year.
 */
export function loadStaticFiles(root: string): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>()
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = join(dir, name)
      if (statSync(full).isDirectory()) walk(full)
      else {
        const path = `/${relative(root, full).split('\\').join('/')}`
        const type = TYPES[extname(name)] ?? 'application/octet-stream'
        const body = new Uint8Array(readFileSync(full))
        const compress = isCompressible(type) && body.byteLength > 512
        files.set(path, {
          body,
          gzip: compress ? gzipSync(body, { level: 9 }) : undefined,
          br: compress ? new Uint8Array(brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } })) : undefined,
          headers: {
            ...SECURITY_HEADERS,
            'Content-Type': type,
            'Cache-Control': path.startsWith('/assets/') ? FINGERPRINTED_CACHE : UNFINGERPRINTED_CACHE,
            ETag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`,
          },
        })
      }
    }
  }
  try {
    walk(root)
  } catch {
    // no build yet: nothing static to serve
  }
  return files
}

export function serveStatic(file: StaticFile, req: Request): Response {
  const accept = req.headers.get('accept-encoding') ?? ''
  const head = req.method === 'HEAD'
  const etag = file.headers.ETag
  // the same representation whatever the encoding: the tag names the bytes before compression
  if (etag && (req.headers.get('if-none-match') ?? '').split(',').some((t) => t.trim().replace(/^W\//, '') === etag))
    return new Response(null, { status: 304, headers: { ETag: etag, 'Cache-Control': file.headers['Cache-Control'], Vary: 'Accept-Encoding' } })
  if (file.br && /\bbr\b/.test(accept))
    return new Response(head ? null : file.br, { headers: { ...file.headers, 'Content-Encoding': 'br', Vary: 'Accept-Encoding' } })
  if (file.gzip && /\bgzip\b/.test(accept))
    return new Response(head ? null : file.gzip, { headers: { ...file.headers, 'Content-Encoding': 'gzip', Vary: 'Accept-Encoding' } })
  return new Response(head ? null : file.body, { headers: file.headers })
}
