import { beforeAll, describe, expect, it } from 'vitest'
import { loginAs, makeTestApp } from '../test/make-app.ts'
import { needsEditor, PUBLIC_WRITES } from './access.ts'

/**
 * Issue 3's authorisation table: every write route × {anonymous, expired token, user, editor, admin}.
 * The routes are the ones the spec names (built or still to come) plus every non-GET route the app
 * declares, so a new write route is covered here without anyone remembering to add it.
 */
const SPEC_ROUTES: [string, string][] = [
  ['POST', '/api/posts/hero'],
  ['POST', '/api/posts/featured'],
  ['POST', '/api/posts/article'],
  ['POST', '/api/posts/article-bottom'],
  ['PUT', '/api/posts/some-id'],
  ['DELETE', '/api/posts/some-id'],
  ['POST', '/api/posts/generate-featured'],
  ['POST', '/api/posts/generate-article'],
  ['POST', '/api/posts/generate-article-bottom'],
  ['GET', '/api/posts/fluximg?query=game&per_page=6&page=1'],
  ['POST', '/api/brands'],
  ['PUT', '/api/brands/some-id'],
  ['DELETE', '/api/brands/some-id'],
  ['GET', '/api/brands/static-offers-admin'],
]

let t: Awaited<ReturnType<typeof makeTestApp>>
let tokens: Record<'anonymous' | 'expired' | 'user' | 'editor' | 'admin', string | null>

beforeAll(async () => {
  t = await makeTestApp({ seed: false })
  const editor = await loginAs(t, 'editor')
  const claims = JSON.parse(Buffer.from(editor.accessToken.split('.')[1], 'base64url').toString())
  const { token: expired } = await t.ctx.auth.api.signJWT({
    body: { payload: { sub: claims.sub, username: claims.username, role: 'editor' }, overrideOptions: { jwt: { expirationTime: new Date(Date.now() - 60_000) } } },
  })
  tokens = {
    anonymous: null,
    expired,
    user: (await loginAs(t, 'user')).accessToken,
    editor: editor.accessToken,
    admin: (await loginAs(t, 'admin')).accessToken,
  }
})

function declaredWriteRoutes(): [string, string][] {
  return t.app.routes
    .filter((r) => r.path.startsWith('/api/') && !['GET', 'HEAD', 'OPTIONS', 'ALL'].includes(r.method) && !PUBLIC_WRITES.has(r.path))
    .map((r) => [r.method, r.path.replace(/:[A-Za-z]+/g, 'some-id')] as [string, string])
}

describe('write routes need an editor or admin access token', () => {
  it('denies by default: an unlisted write path needs an editor, public writes and public reads do not', () => {
    expect(needsEditor('POST', '/api/anything-new')).toBe(true)
    expect(needsEditor('PATCH', '/api/posts/x')).toBe(true)
    expect(needsEditor('POST', '/api/clicks')).toBe(false)
    expect(needsEditor('POST', '/api/auth/login')).toBe(false)
    expect(needsEditor('GET', '/api/posts/blog-content')).toBe(false)
    expect(needsEditor('GET', '/api/posts/fluximg')).toBe(true)
    expect(needsEditor('GET', '/api/brands/static-offers-admin')).toBe(true)
  })

  it('the expired token is well-signed but past its exp', () => {
    const claims = JSON.parse(Buffer.from(tokens.expired!.split('.')[1], 'base64url').toString())
    expect(claims.exp * 1000).toBeLessThan(Date.now())
    expect(claims.role).toBe('editor')
  })

  const cases: [string, number | 'allowed'][] = [
    ['anonymous', 401],
    ['expired', 401],
    ['user', 403],
    ['editor', 'allowed'],
    ['admin', 'allowed'],
  ]
  for (const [who, expected] of cases) {
    it(`${who}: ${expected === 'allowed' ? 'passes the guard' : `answers ${expected} { message }`} on every write route`, async () => {
      const routes = [...SPEC_ROUTES, ...declaredWriteRoutes()]
      for (const [method, path] of routes) {
        const token = tokens[who as keyof typeof tokens]
        const res = await t.app.request(path, {
          method,
          headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
          body: method === 'GET' || method === 'DELETE' ? undefined : '{}',
        })
        if (expected === 'allowed') {
          expect([401, 403], `${method} ${path}`).not.toContain(res.status)
        } else {
          expect(res.status, `${method} ${path}`).toBe(expected)
          expect(typeof (await res.json()).message).toBe('string')
        }
      }
    })
  }

  it('rejects a token signed by someone else and a malformed header', async () => {
    const forged = `${tokens.editor!.split('.').slice(0, 2).join('.')}.${'A'.repeat(43)}`
    for (const authorization of [`Bearer ${forged}`, 'Bearer', 'Basic abc', `bearer ${tokens.user}x`]) {
      const res = await t.app.request('/api/posts/hero', { method: 'POST', headers: { authorization }, body: '{}' })
      expect(res.status, authorization).toBe(401)
    }
  })

  it('leaves the public writes public', async () => {
    const res = await t.app.request('/api/clicks', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })
    expect(res.status).toBe(400) // validated, not refused for lack of a token
  })
})
