import { beforeAll, describe, expect, it } from 'vitest'
import { json, makeTestApp } from '../../test/make-app.ts'

/**
 * The browser's session cookie (docs/accounts.md, "Signing in and tokens"): login sets it, the refresh
 * route reads it only from this site's own script, logout clears it, and a dead session's cookie goes.
 */
let t: Awaited<ReturnType<typeof makeTestApp>>
beforeAll(async () => {
  t = await makeTestApp({ seed: false })
  await t.ctx.services.users.createUser('cookie_ed', 'correct horse battery', 'editor')
})

const login = (app = t.app) => app.request('/api/auth/login', json({ username: 'cookie_ed', password: 'correct horse battery' }))
/** The Set-Cookie lines of an answer, by cookie name. */
const setCookies = (res: Response) => new Map(res.headers.getSetCookie().map((line) => [line.split('=')[0]!, line]))
const attrs = (line: string) => line.split(/;\s*/).slice(1).map((a) => a.toLowerCase())
/** The cookie a browser would send back to /api/auth after this answer. */
const cookieFrom = (res: Response) => setCookies(res).get('gw_refresh')!.split(';')[0]!
const decode = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString())

describe('login sets the session cookie', () => {
  it('an HttpOnly, SameSite=Strict refresh cookie for /api/auth only, ending with the browser session, and a readable hint', async () => {
    const res = await login()
    expect(res.status).toBe(200)
    const { refreshToken } = await res.json()
    const cookies = setCookies(res)
    const refresh = cookies.get('gw_refresh')!
    expect(refresh.split(';')[0]).toBe(`gw_refresh=${refreshToken}`)
    expect(attrs(refresh).sort()).toEqual(['httponly', 'path=/api/auth', 'samesite=strict'])
    // the hint tells the admin's script that asking is worth it; it carries nothing secret
    const hint = cookies.get('gw_signed_in')!
    expect(hint.split(';')[0]).toBe('gw_signed_in=1')
    expect(attrs(hint).sort()).toEqual(['path=/', 'samesite=strict'])
    expect(res.headers.get('cache-control')).toBe('no-store')
  })

  it('is Secure when the site is served over https', async () => {
    const https = await makeTestApp({ seed: false, env: { SITE_URL: 'https://gamewise.example' } })
    await https.ctx.services.users.createUser('cookie_ed', 'correct horse battery', 'editor')
    const cookies = setCookies(await login(https.app))
    expect(attrs(cookies.get('gw_refresh')!)).toContain('secure')
    expect(attrs(cookies.get('gw_signed_in')!)).toContain('secure')
  })

  it('sets none after a refused login', async () => {
    const res = await t.app.request('/api/auth/login', json({ username: 'cookie_ed', password: 'wrong password!' }))
    expect(res.status).toBe(401)
    expect(res.headers.getSetCookie()).toEqual([])
  })
})

describe('POST /api/auth/refresh-token with the cookie', () => {
  it('answers an access token for a JSON POST from this site carrying the cookie', async () => {
    const cookie = cookieFrom(await login())
    for (const site of [{}, { 'sec-fetch-site': 'same-origin' }] as Record<string, string>[]) {
      const res = await t.app.request('/api/auth/refresh-token', json({}, { cookie, ...site }))
      expect(res.status).toBe(200)
      expect(decode((await res.json()).accessToken)).toMatchObject({ username: 'cookie_ed', role: 'editor' })
    }
  })

  it('refuses without a cookie (401) and clears the hint, so the page stops asking', async () => {
    const res = await t.app.request('/api/auth/refresh-token', json({}))
    expect(res.status).toBe(401)
    expect(await res.json()).toMatchObject({ code: 'unauthorized' })
    expect(attrs(setCookies(res).get('gw_signed_in')!)).toContain('max-age=0')
  })

  it.each([
    ['a form post (not JSON)', { 'content-type': 'application/x-www-form-urlencoded' }, 'refreshToken='],
    ['a text/plain post', { 'content-type': 'text/plain' }, '{}'],
    ['another site (Fetch Metadata)', { 'content-type': 'application/json', 'sec-fetch-site': 'cross-site' }, '{}'],
    ['a sibling subdomain (Fetch Metadata)', { 'content-type': 'application/json', 'sec-fetch-site': 'same-site' }, '{}'],
  ])('refuses the cookie from %s with 403', async (_n, headers, body) => {
    const cookie = cookieFrom(await login())
    const res = await t.app.request('/api/auth/refresh-token', { method: 'POST', headers: { cookie, ...headers }, body })
    expect(res.status).toBe(403)
    expect(await res.json()).toMatchObject({ code: 'forbidden' })
  })

  it('has no GET: the cookie is never read by a navigation', async () => {
    const cookie = cookieFrom(await login())
    const res = await t.app.request('/api/auth/refresh-token', { headers: { cookie } })
    expect(res.status).toBe(404)
  })

  it('still takes the spec’s body token, without a cookie', async () => {
    const { refreshToken } = await (await login()).json()
    const res = await t.app.request('/api/auth/refresh-token', json({ refreshToken }))
    expect(res.status).toBe(200)
  })
})

describe('POST /api/auth/logout with the cookie', () => {
  it('revokes the cookie’s session and clears both cookies', async () => {
    const cookie = cookieFrom(await login())
    const res = await t.app.request('/api/auth/logout', json({}, { cookie }))
    expect(res.status).toBe(200)
    const cleared = setCookies(res)
    expect(attrs(cleared.get('gw_refresh')!)).toEqual(expect.arrayContaining(['max-age=0', 'path=/api/auth', 'httponly']))
    expect(cleared.get('gw_refresh')!.split(';')[0]).toBe('gw_refresh=')
    expect(attrs(cleared.get('gw_signed_in')!)).toEqual(expect.arrayContaining(['max-age=0', 'path=/']))
    // the session is gone on the server: the old cookie, replayed, is refused and cleared again
    const replay = await t.app.request('/api/auth/refresh-token', json({}, { cookie }))
    expect(replay.status).toBe(401)
    expect(attrs(setCookies(replay).get('gw_refresh')!)).toContain('max-age=0')
  })

  it('refuses a cross-site logout carrying the cookie, and the session lives on', async () => {
    const cookie = cookieFrom(await login())
    const res = await t.app.request('/api/auth/logout', { method: 'POST', headers: { cookie, 'content-type': 'text/plain' }, body: '{}' })
    expect(res.status).toBe(403)
    expect((await t.app.request('/api/auth/refresh-token', json({}, { cookie }))).status).toBe(200)
  })
})
