import { beforeAll, describe, expect, it } from 'vitest'
import { json, loginAs, makeTestApp } from '../../test/make-app.ts'
import { LOGIN_LIMITS } from './auth.ts'

let t: Awaited<ReturnType<typeof makeTestApp>>
beforeAll(async () => {
  t = await makeTestApp({ seed: false })
})

const userCount = async () => (await t.ctx.services.users.list()).length
const decode = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1], 'base64url').toString())

describe('POST /api/auth/signup', () => {
  it('creates a user account that can log in', async () => {
    const res = await t.app.request('/api/auth/signup', json({ username: 'NewPlayer', password: 'long enough pw' }))
    expect(res.status).toBe(201)
    expect(await res.json()).toEqual({ ok: true, username: 'newplayer' })
    const users = await t.ctx.services.users.list()
    expect(users.find((u) => u.username === 'newplayer')?.role).toBe('user')
    expect((await t.app.request('/api/auth/login', json({ username: 'newplayer', password: 'long enough pw' }))).status).toBe(200)
  })

  it('refuses a taken username with 409 and creates nothing', async () => {
    await t.app.request('/api/auth/signup', json({ username: 'taken_name', password: 'long enough pw' }))
    const before = await userCount()
    const res = await t.app.request('/api/auth/signup', json({ username: 'Taken_Name', password: 'another password' }))
    expect(res.status).toBe(409)
    expect((await res.json()).message).toMatch(/taken/i)
    expect(await userCount()).toBe(before)
  })

  it.each([
    ['a too-short password', { username: 'shortpw', password: 'short' }, /Password must be/],
    ['bad characters', { username: 'bad name!', password: 'long enough pw' }, /letters, digits/],
    ['a too-short username', { username: 'ab', password: 'long enough pw' }, /Username must be/],
    ['an over-long username', { username: 'u'.repeat(300), password: 'long enough pw' }, /too long/],
    ['an over-long password', { username: 'longpw', password: 'p'.repeat(300) }, /too long/],
    ['a missing password', { username: 'nopw' }, /password/i],
    ['a wrong type', { username: 123, password: 'long enough pw' }, /username/i],
    ['an unknown field', { username: 'sneaky', password: 'long enough pw', role: 'admin' }, /role|unrecognized/i],
    // found by the route fuzz (server/fuzz.test.ts): these were 500s, the synthetic email <name>@users.invalid being no email
    ['a dot at the start', { username: '.alice', password: 'long enough pw' }, /dot/],
    ['a dot at the end', { username: 'alice.', password: 'long enough pw' }, /dot/],
    ['two dots in a row', { username: 'al..ice', password: 'long enough pw' }, /dot/],
  ])('answers 400 { message } for %s and creates nothing', async (_n, body, message) => {
    const before = await userCount()
    const res = await t.app.request('/api/auth/signup', json(body))
    expect(res.status).toBe(400)
    expect((await res.json()).message).toMatch(message)
    expect(await userCount()).toBe(before)
  })

  it('answers 400 for malformed JSON', async () => {
    const res = await t.app.request('/api/auth/signup', json('{"username":'))
    expect(res.status).toBe(400)
    expect(typeof (await res.json()).message).toBe('string')
  })
})

describe('POST /api/auth/login', () => {
  it('answers an access JWT of about 15 minutes and a refresh token', async () => {
    await t.ctx.services.users.createUser('loginok', 'correct horse battery', 'editor')
    const res = await t.app.request('/api/auth/login', json({ username: 'loginok', password: 'correct horse battery' }))
    expect(res.status).toBe(200)
    const body = await res.json()
    expect(Object.keys(body).sort()).toEqual(['accessToken', 'refreshToken'])
    const claims = decode(body.accessToken)
    expect(claims).toMatchObject({ username: 'loginok', role: 'editor' })
    expect(claims.exp - claims.iat).toBe(15 * 60)
  })

  it.each([
    ['a wrong password', { username: 'loginok', password: 'wrong password!' }],
    ['an unknown user', { username: 'nobody_here', password: 'whatever pw' }],
  ])("answers 401 'Invalid credentials' for %s", async (_n, body) => {
    const res = await t.app.request('/api/auth/login', json(body))
    expect(res.status).toBe(401)
    expect(await res.json()).toEqual({ message: 'Invalid credentials', code: 'unauthorized' })
  })

  it('answers 400 for missing fields', async () => {
    expect((await t.app.request('/api/auth/login', json({ username: 'loginok' }))).status).toBe(400)
  })
})

describe('POST /api/auth/refresh-token and logout', () => {
  it('refreshes a live session, and not after logout (the session is revoked)', async () => {
    const { refreshToken } = await loginAs(t, 'editor')
    const ok = await t.app.request('/api/auth/refresh-token', json({ refreshToken }))
    expect(ok.status).toBe(200)
    const { accessToken } = await ok.json()
    expect(decode(accessToken).role).toBe('editor')

    expect((await t.app.request('/api/auth/logout', json({ refreshToken }))).status).toBe(200)
    const after = await t.app.request('/api/auth/refresh-token', json({ refreshToken }))
    expect(after.status).toBe(401)
    expect(typeof (await after.json()).message).toBe('string')
  })

  it('answers 401 for an unknown refresh token or none (and no session cookie), 400 for an empty one', async () => {
    expect((await t.app.request('/api/auth/refresh-token', json({ refreshToken: 'not-a-session' }))).status).toBe(401)
    expect((await t.app.request('/api/auth/refresh-token', json({}))).status).toBe(401)
    expect((await t.app.request('/api/auth/refresh-token', json({ refreshToken: '' }))).status).toBe(400)
  })

  it('revokes sessions when a user is demoted', async () => {
    const name = 'demoted_ed'
    const { refreshToken } = await loginAs(t, 'editor', name)
    await t.ctx.services.users.setRole(name, 'user')
    expect((await t.app.request('/api/auth/refresh-token', json({ refreshToken }))).status).toBe(401)
  })
})

describe('login rate limit (10 failures per 15 minutes per address and name), kept in the store', () => {
  const from = (ip: string) => ({ 'x-forwarded-for': ip })
  const login = (app: Awaited<ReturnType<typeof makeTestApp>>['app'], username: string, password: string, ip = '203.0.113.7') =>
    app.request('/api/auth/login', json({ username, password }, from(ip)))

  it('answers 429 with Retry-After past the limit, and lets the user in after the window', async () => {
    let now = Date.parse('2026-11-01T10:00:00Z')
    const limited = await makeTestApp({ seed: false, env: { TRUST_PROXY: '1' }, now: () => new Date(now) })
    await limited.ctx.services.users.createUser('target', 'correct horse battery', 'user')
    for (let i = 0; i < LOGIN_LIMITS.addressAndName.limit; i++) expect((await login(limited.app, 'target', `bad guess ${i}`)).status).toBe(401)
    const blocked = await login(limited.app, 'target', 'correct horse battery')
    expect(blocked.status).toBe(429)
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(await blocked.json()).toMatchObject({ message: expect.stringMatching(/Too many login attempts/), code: 'rate_limited' })
    now += LOGIN_LIMITS.addressAndName.windowMs
    expect((await login(limited.app, 'target', 'correct horse battery')).status).toBe(200)
  })

  it("an attacker who locks a name from their address does not lock its owner out (issue 14, defect 9)", async () => {
    const t2 = await makeTestApp({ seed: false, env: { TRUST_PROXY: '1' } })
    await t2.ctx.services.users.createUser('victim', 'correct horse battery', 'editor')
    for (let i = 0; i < LOGIN_LIMITS.addressAndName.limit + 2; i++) await login(t2.app, 'victim', `guess ${i}`, '198.51.100.66')
    expect((await login(t2.app, 'victim', 'correct horse battery', '198.51.100.66')).status).toBe(429)
    expect((await login(t2.app, 'victim', 'correct horse battery', '203.0.113.20')).status).toBe(200)
  })

  it('holds across two servers over one store: attempts on either count together', async () => {
    const a = await makeTestApp({ seed: false, env: { TRUST_PROXY: '1' } })
    const { createApp } = await import('../app.ts')
    const b = createApp({ config: a.ctx.config, services: a.ctx.services, store: a.ctx.store, renderCache: a.ctx.renderCache })
    await a.ctx.services.users.createUser('shared', 'correct horse battery', 'user')
    for (let i = 0; i < LOGIN_LIMITS.addressAndName.limit; i++) expect((await login(i % 2 ? a.app : b, 'shared', `bad ${i}`)).status).toBe(401)
    expect((await login(b, 'shared', 'correct horse battery')).status).toBe(429)
    expect((await login(a.app, 'shared', 'correct horse battery')).status).toBe(429)
  })

  it('a successful login does not count as a failure', async () => {
    const t3 = await makeTestApp({ seed: false, env: { TRUST_PROXY: '1' } })
    await t3.ctx.services.users.createUser('regular', 'correct horse battery', 'user')
    for (let i = 0; i < LOGIN_LIMITS.addressAndName.limit + 5; i++) expect((await login(t3.app, 'regular', 'correct horse battery')).status).toBe(200)
  })
})

describe('sign-up limit per address (issue 14, defect 9: 40 sign-ups in 3 s)', () => {
  it('answers 429 past SIGNUP_LIMIT_PER_HOUR from one address and creates nothing more', async () => {
    const s = await makeTestApp({ seed: false, env: { TRUST_PROXY: '1', SIGNUP_LIMIT_PER_HOUR: '3' } })
    const signup = (name: string, ip: string) => s.app.request('/api/auth/signup', json({ username: name, password: 'long enough pw' }, { 'x-forwarded-for': ip }))
    for (const n of ['one', 'two', 'three']) expect((await signup(`spam_${n}`, '203.0.113.9')).status).toBe(201)
    const fourth = await signup('spam_four', '203.0.113.9')
    expect(fourth.status).toBe(429)
    expect(fourth.headers.get('retry-after')).toBeTruthy()
    expect((await s.ctx.services.users.list()).map((u) => u.username)).not.toContain('spam_four')
    expect((await signup('someone_else', '198.51.100.4')).status).toBe(201)
  })
})

describe('ADMIN_USERNAME / ADMIN_PASSWORD bootstrap', () => {
  it('creates the admin, and on the next start resets its password and role, and enables it again', async () => {
    await t.ctx.services.users.ensureAdmin('boss', 'first password')
    expect((await t.ctx.services.users.login('boss', 'first password')).accessToken).toBeTruthy()
    await t.ctx.services.users.createUser('deputy', 'deputy password', 'admin') // the last admin cannot be demoted (issue 13)
    await t.ctx.services.users.setRole('boss', 'user')
    const boss = (await t.ctx.services.users.accounts()).find((u) => u.username === 'boss')!
    await t.ctx.services.users.updateAccount(null, boss.id, { disabled: true })
    await t.ctx.services.users.ensureAdmin('boss', 'second password')
    await expect(t.ctx.services.users.login('boss', 'first password')).rejects.toMatchObject({ code: 'unauthorized' })
    const { accessToken } = await t.ctx.services.users.login('boss', 'second password')
    expect(decode(accessToken).role).toBe('admin')
  })
})
