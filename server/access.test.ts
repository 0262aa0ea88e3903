import { Hono } from 'hono'
import { beforeAll, describe, expect, it } from 'vitest'
import { post } from '../test/factories.ts'
import { json, loginAs, makeTestApp } from '../test/make-app.ts'
import { hasRole, type Role } from '../lib/roles.ts'
import { REVALIDATE } from './render-cache.ts'
import type { AppEnv } from './app-env.ts'
import { assertEveryRouteHasARule, declaredRoutes, rule } from './router.ts'

/**
 * The authorisation table: every route × {anonymous, expired token, user, editor, manager, admin}. The routes
 * are the ones the spec names plus every route the app declares with its rule(…), so a new route is
 * covered here without anyone remembering to add it.
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

type Who = 'anonymous' | 'expired' | 'user' | 'editor' | 'manager' | 'admin'
let t: Awaited<ReturnType<typeof makeTestApp>>
let tokens: Record<Who, string | null>
const decode = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1], 'base64url').toString())

/** A token signed with the server's own key, claiming whatever we like (what a key leak or a bug would give). */
async function signed(payload: Record<string, unknown>, expirationTime: string | Date = '15m') {
  const { token } = await t.ctx.auth.api.signJWT({ body: { payload, overrideOptions: { jwt: { expirationTime } } } })
  return token
}

beforeAll(async () => {
  t = await makeTestApp({ seed: false })
  const editor = await loginAs(t, 'editor')
  const claims = decode(editor.accessToken)
  tokens = {
    anonymous: null,
    expired: await signed({ sub: claims.sub, username: claims.username, role: 'editor', sid: claims.sid }, new Date(Date.now() - 60_000)),
    user: (await loginAs(t, 'user')).accessToken,
    editor: editor.accessToken,
    manager: (await loginAs(t, 'manager')).accessToken,
    admin: (await loginAs(t, 'admin')).accessToken,
  }
})

const protectedRoutes = () =>
  declaredRoutes(t.app).flatMap(({ method, path, rule: r }) => (r.access === 'public' ? [] : [[method, path.replace(/:[A-Za-z]+/g, 'some-id'), r.access] as const]))

const send = (method: string, path: string, token: string | null) =>
  t.app.request(path, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: method === 'GET' || method === 'HEAD' || method === 'DELETE' ? undefined : '{}',
  })

describe('every route declares who may call it', () => {
  it('refuses to build an app with a route that has no rule', () => {
    const app = new Hono<AppEnv>()
    app.get('/declared', rule({ access: 'public', cache: 'no-store' }), (c) => c.text('ok'))
    app.post('/forgotten', (c) => c.text('oops'))
    expect(() => assertEveryRouteHasARule(app)).toThrow(/POST \/forgotten/)
  })

  it('covers every spec route, and the admin-area reads are protected', () => {
    const declared = new Set(protectedRoutes().map(([m, p]) => `${m} ${p.split('?')[0]}`))
    for (const [method, path] of SPEC_ROUTES) expect(declared, `${method} ${path}`).toContain(`${method} ${path.split('?')[0]}`)
    expect(declared).toContain('GET /api/reports/brands')
  })

  it('the Users, Media and Audit log screens\' routes are for admins only (issue 13): an editor gets 403 on each', () => {
    const admin = new Set(protectedRoutes().filter(([, , access]) => access === 'admin').map(([m, p]) => `${m} ${p}`))
    for (const route of ['GET /api/users', 'POST /api/users', 'PATCH /api/users/some-id', 'POST /api/users/some-id/password', 'GET /api/media', 'DELETE /api/media/some-id', 'GET /api/audit'])
      expect(admin, route).toContain(route)
  })

  it('revisions, their restore and preview links need an editor (issue 13)', () => {
    const editor = new Set(protectedRoutes().filter(([, , access]) => access === 'editor').map(([m, p]) => `${m} ${p}`))
    for (const kind of ['posts', 'brands'])
      for (const route of ['GET /api/KIND/some-id/revisions', 'GET /api/KIND/some-id/revisions/diff', 'GET /api/KIND/some-id/revisions/some-id', 'POST /api/KIND/some-id/revisions/some-id/restore'])
        expect(editor, route.replace('KIND', kind)).toContain(route.replace('KIND', kind))
    expect(editor).toContain('POST /api/preview-links')
  })
})

describe('protected routes need an access token with a live session and the role the rule names', () => {
  // a signed-in caller passes where their role has the rule's rights (admin ⊃ manager ⊃ editor), else 403
  const expected = (who: Who, access: Exclude<Role, 'user'>): number | 'allowed' => (who === 'anonymous' || who === 'expired' ? 401 : hasRole(who, access) ? 'allowed' : 403)
  for (const who of ['anonymous', 'expired', 'user', 'editor', 'manager', 'admin'] as const) {
    it(`${who}: answers as the route's rule says on every protected route`, async () => {
      for (const [method, path, access] of [...SPEC_ROUTES.map(([m, p]) => [m, p, 'editor'] as const), ...protectedRoutes()]) {
        const res = await send(method, path, tokens[who])
        const want = expected(who, access)
        if (want === 'allowed') expect([401, 403], `${method} ${path}`).not.toContain(res.status)
        else {
          expect(res.status, `${method} ${path}`).toBe(want)
          expect(await res.json(), `${method} ${path}`).toEqual({ message: expect.any(String), code: want === 401 ? 'unauthorized' : 'forbidden' })
        }
        // reports say `private, no-store` (issue 21): stored nowhere either way
        expect(res.headers.get('cache-control'), `${method} ${path}`).toMatch(/^(private, )?no-store$/)
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

describe('roles fail closed (issue 14, defect 1)', () => {
  it.each(['constructor', '__proto__', 'toString', 'valueOf', 'superadmin', 'Editor'])('a well-signed token with role %j has no rights', async (role) => {
    const { sub, username, sid } = decode(tokens.editor!)
    const token = await signed({ sub, username, role, sid })
    for (const [method, path] of [
      ['POST', '/api/posts/hero'],
      ['GET', '/api/brands/static-offers-admin'],
      ['GET', '/api/reports/brands'],
    ]) {
      expect((await send(method, path, token)).status, `${role}: ${method} ${path}`).toBe(403)
    }
  })

  it('an unknown role in the store has no rights, even behind a token that still says editor', async () => {
    const { accessToken } = await loginAs(t, 'editor', 'corrupted_role')
    const ctx = await t.ctx.auth.$context
    const user = await ctx.adapter.findOne<{ id: string }>({ model: 'user', where: [{ field: 'username', value: 'corrupted_role' }] })
    await ctx.internalAdapter.updateUser(user!.id, { role: 'constructor' })
    expect((await send('POST', '/api/posts/hero', accessToken)).status).toBe(403)
  })
})

describe('a revoked or demoted session stops at once, not after 15 minutes', () => {
  it('logout: the access token of that session stops working on the next request', async () => {
    const { accessToken, refreshToken } = await loginAs(t, 'editor')
    expect((await send('GET', '/api/brands/static-offers-admin', accessToken)).status).toBe(200)
    await t.app.request('/api/auth/logout', json({ refreshToken }))
    expect((await send('GET', '/api/brands/static-offers-admin', accessToken)).status).toBe(401)
  })

  it('demotion: the next write is refused', async () => {
    const { accessToken } = await loginAs(t, 'editor', 'soon_demoted')
    expect((await send('GET', '/api/brands/static-offers-admin', accessToken)).status).toBe(200)
    await t.ctx.services.users.setRole('soon_demoted', 'user')
    expect([401, 403]).toContain((await send('POST', '/api/posts/hero', accessToken)).status)
  })

  it('a token that names no session (issued before sessions were named) must be refreshed', async () => {
    const { sub, username } = decode(tokens.editor!)
    expect((await send('POST', '/api/posts/hero', await signed({ sub, username, role: 'editor' }))).status).toBe(401)
  })
})

describe('no-store on every authenticated or personal answer (issue 14, defect 7)', () => {
  it('reports, login, refresh and sign-up answers are never stored', async () => {
    const reports = await send('GET', '/api/reports/brands', tokens.editor)
    expect(reports.status).toBe(200)
    expect(reports.headers.get('cache-control')).toBe('private, no-store')
    await t.ctx.services.users.createUser('cachecheck', 'correct horse battery', 'user')
    const login = await t.app.request('/api/auth/login', json({ username: 'cachecheck', password: 'correct horse battery' }))
    expect(login.status).toBe(200)
    expect(login.headers.get('cache-control')).toBe('no-store')
    const refresh = await t.app.request('/api/auth/refresh-token', json({ refreshToken: (await login.json()).refreshToken }))
    expect(refresh.status).toBe(200)
    expect(refresh.headers.get('cache-control')).toBe('no-store')
    const signup = await t.app.request('/api/auth/signup', json({ username: 'cachecheck2', password: 'correct horse battery' }))
    expect(signup.headers.get('cache-control')).toBe('no-store')
  })

  it("a public read asked with a token that adds rights (an editor's on blog-content) is answered no-store and never enters the render cache", async () => {
    t.ctx.renderCache.clear()
    const res = await send('GET', '/api/posts/blog-content', tokens.editor)
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('no-store')
    expect(t.ctx.renderCache.size).toBe(0)
  })
})

describe('body limits on every route (issue 14, defect 9)', () => {
  it('an anonymous 1 MB body to an auth route is refused with 413 before it is parsed', async () => {
    const res = await t.app.request('/api/auth/signup', json({ username: 'x'.repeat(1024 * 1024), password: 'long enough pw' }))
    expect(res.status).toBe(413)
    expect((await res.json()).message).toMatch(/larger than 4 KB/)
  })

  it('every declared route has a bounded body', async () => {
    const big = 'x'.repeat(13 * 1024 * 1024)
    for (const { method, path, rule: r } of declaredRoutes(t.app)) {
      if (method === 'GET' || method === 'HEAD' || method === 'ALL') continue
      const res = await t.app.request(path.replace(/:[A-Za-z]+/g, 'x'), {
        method,
        // a caller the route admits, so the body limit is what answers (an editor on an admin route is refused first)
        headers: { 'content-type': 'application/json', authorization: `Bearer ${r.access === 'public' ? tokens.editor : tokens[r.access]}` },
        body: big,
      })
      expect(res.status, `${method} ${path}`).toBe(413)
    }
  })
})

describe('a token on a public route is ignored unless it adds rights (issue 24)', () => {
  const NOW = '2026-06-01T00:00:00.000Z'
  beforeAll(async () => {
    // what only an editor's view shows: a draft article and a Recommended (articleBottom) post
    await t.ctx.repos.posts.insert({ ...post('published-1', 'Published article'), status: 'published', createdAt: NOW, updatedAt: NOW })
    await t.ctx.repos.posts.insert({ ...post('draft-1', 'Draft article'), status: 'draft', createdAt: NOW, updatedAt: NOW })
    await t.ctx.repos.posts.insert({ ...post('bottom-1', 'Bottom', 'articleBottom'), createdAt: NOW, updatedAt: NOW })
    t.ctx.renderCache.clear()
  })

  const blogContent = (authorization?: string) => t.app.request('/api/posts/blog-content', { headers: authorization ? { authorization } : {} })
  const ids = (body: { articles: { _id: string }[] }) => body.articles.map((a) => a._id)

  async function anonymousAnswer() {
    t.ctx.renderCache.clear()
    const res = await blogContent()
    expect(res.status).toBe(200)
    return { etag: res.headers.get('etag'), body: await res.json() }
  }

  it.each<[string, () => Promise<string>]>([
    ['a malformed token', async () => 'Bearer not-a-token'],
    ['a forged token (signed by someone else)', async () => `Bearer ${tokens.editor!.split('.').slice(0, 2).join('.')}.${'A'.repeat(43)}`],
    ['an expired token', async () => `Bearer ${tokens.expired}`],
    ["a user's token (no editor rights)", async () => `Bearer ${tokens.user}`],
    ['Basic credentials', async () => 'Basic dXNlcjpwYXNz'],
    [
      "the token of an editor's logged-out session",
      async () => {
        const { accessToken, refreshToken } = await loginAs(t, 'editor')
        await t.app.request('/api/auth/logout', json({ refreshToken }))
        return `Bearer ${accessToken}`
      },
    ],
  ])('GET /api/posts/blog-content with %s: 200, the anonymous answer, from the render cache', async (_, authorization) => {
    const anonymous = await anonymousAnswer()
    expect(ids(anonymous.body)).toEqual(['published-1'])
    expect(anonymous.body).not.toHaveProperty('articleBottoms')
    const res = await blogContent(await authorization())
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual(anonymous.body)
    expect(res.headers.get('etag')).toBe(anonymous.etag) // the same cached entry…
    expect(res.headers.get('cache-control')).toBe(REVALIDATE) // …cacheable as the anonymous answer is
    expect(t.ctx.renderCache.size).toBe(1)
  })

  it.each(['editor', 'admin'] as const)("an %s's token still gets the editor's view: drafts and articleBottoms, never stored", async (who) => {
    const anonymous = await anonymousAnswer()
    const res = await blogContent(`Bearer ${tokens[who]}`)
    expect(res.status).toBe(200)
    const body = await res.json()
    expect(ids(body).sort()).toEqual(['draft-1', 'published-1'])
    expect(body.articleBottoms.map((p: { _id: string }) => p._id)).toEqual(['bottom-1'])
    expect(res.headers.get('cache-control')).toBe('no-store')
    expect(res.headers.get('etag')).not.toBe(anonymous.etag)
    expect(t.ctx.renderCache.size).toBe(1) // only the anonymous entry
  })

  it('other public reads answer a token-bearing request from the render cache too', async () => {
    t.ctx.renderCache.clear()
    const first = await t.app.request('/api/posts/article-bottom')
    for (const token of [tokens.user, tokens.expired, tokens.editor]) {
      const res = await send('GET', '/api/posts/article-bottom', token)
      expect(res.status).toBe(200)
      expect(res.headers.get('etag')).toBe(first.headers.get('etag'))
      expect(res.headers.get('cache-control')).toBe(REVALIDATE)
    }
    expect(t.ctx.renderCache.size).toBe(1)
  })
})
