import type { MiddlewareHandler } from 'hono'
import type { Config } from './config.ts'
import { isHtml, NON_PAGE_CSP, pageCsp } from './csp.ts'

export const HSTS = 'max-age=31536000; includeSubDomains'

/** The headers every answer carries, whatever made it (names as sent; values never depend on the request). */
export type BaseHeaders = Readonly<Record<string, string>>

/**
 * The one place the site's security headers are decided (Epic Stack's `server/plugins/helmet.ts`).
 * Every answer gets them: those made per request through `securityHeaders` below; render-cache
 * entries and static files have them baked in when they are made (server/render-cache.ts,
 * server/static-files.ts), so a cache hit copies one prepared header set.
 * - nosniff: a JSON answer or an upload is never run as a script or a page;
 * - Referrer-Policy: partners see the origin of a click, never the article's path and query;
 * - X-Frame-Options: for browsers without CSP `frame-ancestors` (every policy below sets it too);
 * - HSTS when the public site is https (never on http: it would pin a site that has no TLS).
 */
export function baseHeaders(config: Pick<Config, 'siteUrl'>): BaseHeaders {
  const https = new URL(config.siteUrl).protocol === 'https:'
  return Object.freeze({
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Frame-Options': 'SAMEORIGIN',
    ...(https ? { 'Strict-Transport-Security': HSTS } : {}),
  })
}

const HTML_CSP = pageCsp()

/**
 * The Content-Security-Policy of an answer whose maker set none. Pages get theirs, with the hashes of
 * their inline scripts, from the renderer (`withPageCsp`); any other HTML gets the page policy with no
 * inline code allowed; everything else (JSON, images, assets, redirects) may run and load nothing.
 */
export function defaultCsp(contentType: string | null | undefined): string {
  return isHtml(contentType) ? HTML_CSP : NON_PAGE_CSP
}

/** The base headers and, when it has none, a default policy, set on an answer's headers. */
export function applyBaseHeaders(headers: Headers, base: BaseHeaders): void {
  for (const name in base) headers.set(name, base[name]!)
  if (!headers.has('Content-Security-Policy')) headers.set('Content-Security-Policy', defaultCsp(headers.get('content-type')))
}

/** The same for a header record about to become a prepared answer (a render-cache entry, a static file). */
export function withBaseHeaders(headers: Record<string, string>, base: BaseHeaders): Record<string, string> {
  const out: Record<string, string> = {}
  const replaced = new Set(Object.keys(base).map((k) => k.toLowerCase()))
  let csp: string | undefined
  let contentType: string | undefined
  for (const [name, value] of Object.entries(headers)) {
    const lower = name.toLowerCase()
    if (lower === 'content-type') contentType = value
    if (lower === 'content-security-policy') csp = value
    if (!replaced.has(lower) && lower !== 'content-security-policy') out[name] = value
  }
  return { ...out, ...base, 'Content-Security-Policy': csp ?? defaultCsp(contentType) }
}

/**
 * Every answer made per request (handlers, redirects, refusals, app.onError's errors, 404s) leaves with
 * the base headers. Registered after the request log and before everything else that answers.
 */
export function securityHeaders(config: Pick<Config, 'siteUrl'>): MiddlewareHandler {
  const base = baseHeaders(config)
  return async (c, next) => {
    await next()
    applyBaseHeaders(c.res.headers, base)
  }
}
