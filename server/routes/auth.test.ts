import { beforeAll, describe, expect, it } from 'vitest'
import { json, loginAs, makeTestApp } from '../../test/make-app.ts'
import { createRateLimiter } from '../rate-limit.ts'

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

  it('answers 401 for an unknown refresh token and 400 for a missing one', async () => {
    expect((await t.app.request('/api/auth/refresh-token', json({ refreshToken: 'not-a-session' }))).status).toBe(401)
    expect((await t.app.request('/api/auth/refresh-token', json({}))).status).toBe(400)
  })

  it('revokes sessions when a user is demoted', async () => {
    const name = 'demoted_ed'
    const { refreshToken } = await loginAs(t, 'editor', name)
    await t.ctx.services.users.setRole(name, 'user')
    expect((await t.app.request('/api/auth/refresh-token', json({ refreshToken }))).status).toBe(401)
  })
})

describe('login rate limit (10 per 15 minutes per IP and per username)', () => {
  it('answers 429 with Retry-After past the limit, and lets the user in after the window', async () => {
    let now = 1_000_000
    const limited = await makeTestApp({ seed: false, loginLimiter: createRateLimiter({ limit: 10, windowMs: 15 * 60_000, now: () => now }) })
    await limited.ctx.services.users.createUser('target', 'correct horse battery', 'user')
    for (let i = 0; i < 10; i++) {
      expect((await limited.app.request('/api/auth/login', json({ username: 'target', password: 'bad guess ' + i }))).status).toBe(401)
    }
    const blocked = await limited.app.request('/api/auth/login', json({ username: 'target', password: 'correct horse battery' }))
    expect(blocked.status).toBe(429)
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0)
    expect((await blocked.json()).message).toMatch(/Too many login attempts/)
    now += 15 * 60_000 + 1
    expect((await limited.app.request('/api/auth/login', json({ username: 'target', password: 'correct horse battery' }))).status).toBe(200)
  })
})

describe('ADMIN_USERNAME / ADMIN_PASSWORD bootstrap', () => {
  it('creates the admin, and on the next start resets its password and role', async () => {
    await t.ctx.services.users.ensureAdmin('boss', 'first password')
    expect((await t.ctx.services.users.login('boss', 'first password')).accessToken).toBeTruthy()
    await t.ctx.services.users.setRole('boss', 'user')
    await t.ctx.services.users.ensureAdmin('boss', 'second password')
    await expect(t.ctx.services.users.login('boss', 'first password')).rejects.toMatchObject({ code: 'unauthorized' })
    const { accessToken } = await t.ctx.services.users.login('boss', 'second password')
    expect(decode(accessToken).role).toBe('admin')
  })
})
