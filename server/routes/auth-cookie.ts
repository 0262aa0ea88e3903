import type { Context } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import type { AppEnv } from '../app-env.ts'
import { AppError } from '../errors.ts'

/**
 * The browser's refresh credential (docs/accounts.md, "Signing in and tokens"): the spec keeps the
 * refresh token "for the browser session", so it lives in a cookie of the browser session (no
 * Max-Age: it ends when the browser does, and every tab shares it), not in one tab's storage.
 *
 * - `gw_refresh`: the refresh token. HttpOnly (no script reads it), SameSite=Strict (no other site's
 *   page sends it), Secure on https, and sent only to `/api/auth`, the two routes that read it.
 * - `gw_signed_in`: "a refresh cookie was set", readable by the admin's script so that a browser that
 *   never signed in does not ask (and log a 401 in the console) on every admin page. It holds nothing secret.
 */
export const REFRESH_COOKIE = 'gw_refresh'
export const SIGNED_IN_COOKIE = 'gw_signed_in'
export const REFRESH_COOKIE_PATH = '/api/auth'

const secure = (c: Context<AppEnv>) => new URL(c.req.url).protocol === 'https:' || c.var.config.siteUrl.startsWith('https:')

export function setSessionCookies(c: Context<AppEnv>, refreshToken: string) {
  const common = { secure: secure(c), sameSite: 'Strict' } as const
  setCookie(c, REFRESH_COOKIE, refreshToken, { ...common, httpOnly: true, path: REFRESH_COOKIE_PATH })
  setCookie(c, SIGNED_IN_COOKIE, '1', { ...common, path: '/' })
}

export function clearSessionCookies(c: Context<AppEnv>) {
  const common = { secure: secure(c), sameSite: 'Strict' } as const
  deleteCookie(c, REFRESH_COOKIE, { ...common, httpOnly: true, path: REFRESH_COOKIE_PATH })
  deleteCookie(c, SIGNED_IN_COOKIE, { ...common, path: '/' })
}

const JSON_TYPE = /^application\/([\w.-]+\+)?json$/i

/**
 * The refresh cookie, from a request that can only come from this site's own script: a POST with a
 * JSON body (a cross-site form cannot send one without CORS asking first) and, where the browser
 * says where the request comes from (Fetch Metadata), from this origin. SameSite=Strict already keeps
 * the cookie off other sites' requests; this is the second lock. Undefined when there is no cookie.
 */
export function refreshCookieOf(c: Context<AppEnv>): string | undefined {
  const token = getCookie(c, REFRESH_COOKIE)
  if (!token) return undefined
  const type = (c.req.header('content-type') ?? '').split(';')[0]!.trim()
  const site = c.req.header('sec-fetch-site')
  if (c.req.method !== 'POST' || !JSON_TYPE.test(type) || (site !== undefined && site !== 'same-origin')) {
    throw new AppError('forbidden', 'The session cookie is only accepted from this site’s own pages (a JSON POST, same origin)')
  }
  return token
}
