import { brotliCompressSync, constants } from 'node:zlib'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { extname, join, relative } from 'node:path'
import { gzipSync } from 'bun'
import { createHash } from 'node:crypto'
import { isCompressible } from './render-cache.ts'
import { type BaseHeaders, withBaseHeaders } from './security-headers.ts'

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
}

/**
 * A file as it is served: bodies as Blobs (a Response shares a Blob's bytes, where it copies a
 * Uint8Array's) and one prepared header set per encoding, the site's base headers included.
 */
export type StaticFile = {
  etag: string
  body: Blob
  gzip?: Blob
  br?: Blob
  identity: Headers
  gzipped?: Headers
  brotli?: Headers
  notModified: Headers
}

/**
 * The built client (and public/) is small, so it is read into memory once with gzip and brotli copies:
 * no disk reads or compression per request. Hashed files under /assets/ are cached for a year. Each
 * file's headers, the site's base headers included (`base`, server/security-headers.ts), are made here.
 */
export function loadStaticFiles(root: string, base: BaseHeaders): Map<string, StaticFile> {
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
        const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`
        const headers = withBaseHeaders(
          {
            'Content-Type': type,
            // fingerprinted build output never changes; the rest of public/ (demo images, the logo, robots
            // helpers) keeps its name across releases, so it is cached a day, used stale for a week while
            // revalidated, and revalidation is a 304 by ETag (issue 12: it was an hour, refetched whole)
            'Cache-Control': path.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'public, max-age=86400, stale-while-revalidate=604800',
            ETag: etag,
          },
          base,
        )
        const { 'Content-Type': _, ...notModified } = headers
        // a cache in front keeps the identity copy apart from the encoded ones
        const vary: Record<string, string> = compress ? { Vary: 'Accept-Encoding' } : {}
        files.set(path, {
          etag,
          body: new Blob([body]),
          identity: new Headers({ ...headers, ...vary }),
          notModified: new Headers({ ...notModified, Vary: 'Accept-Encoding' }),
          ...(compress
            ? {
                gzip: new Blob([gzipSync(body, { level: 9 })]),
                br: new Blob([brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } })]),
                gzipped: new Headers({ ...headers, 'Content-Encoding': 'gzip', Vary: 'Accept-Encoding' }),
                brotli: new Headers({ ...headers, 'Content-Encoding': 'br', Vary: 'Accept-Encoding' }),
              }
            : {}),
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
  const tags = req.headers.get('if-none-match')
  if (tags && tags.split(',').some((t) => t.trim().replace(/^W\//, '') === file.etag)) return new Response(null, { status: 304, headers: file.notModified })
  const accept = req.headers.get('accept-encoding') ?? ''
  const head = req.method === 'HEAD'
  if (file.br && /\bbr\b/.test(accept)) return new Response(head ? null : file.br, { headers: file.brotli })
  if (file.gzip && /\bgzip\b/.test(accept)) return new Response(head ? null : file.gzip, { headers: file.gzipped })
  return new Response(head ? null : file.body, { headers: file.identity })
}
