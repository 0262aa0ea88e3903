import type { MiddlewareHandler } from 'hono'
import type { Config } from './config.ts'
import { isHtml, NON_PAGE_CSP, pageCsp } from './csp.ts'

export const HSTS = 'max-age=31536000; includeSubDomains'

/**
 * Registered first, so it also covers static files, cached pages and error answers:
 * - HSTS on every answer when the public site is https (never on http: it would pin a site that has no TLS);
 * - a Content-Security-Policy on every answer that has none yet. Pages get theirs, with the hashes of
 *   their inline scripts, from the renderer (`withPageCsp`); any other HTML gets the page policy with no
 *   inline code allowed; everything else (JSON, assets) may run and load nothing.
 */
export function securityHeaders(config: Pick<Config, 'siteUrl'>): MiddlewareHandler {
  const hsts = new URL(config.siteUrl).protocol === 'https:'
  const htmlCsp = pageCsp()
  return async (c, next) => {
    await next()
    const headers = c.res.headers
    if (hsts) headers.set('Strict-Transport-Security', HSTS)
    if (!headers.has('Content-Security-Policy')) headers.set('Content-Security-Policy', isHtml(headers.get('content-type')) ? htmlCsp : NON_PAGE_CSP)
  }
}
