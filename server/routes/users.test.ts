import { beforeAll, describe, expect, it } from 'vitest'
import { json, loginAs, makeTestApp } from '../../test/make-app.ts'

/** Issue 13: the Users screen's API. Accounts only through better-auth (the users service). */
let t: Awaited<ReturnType<typeof makeTestApp>>
let admin: { accessToken: string; refreshToken: string }
const auth = (token: string) => ({ authorization: `Bearer ${token}` })
const call = (method: string, path: string, token: string, body?: unknown) =>
  t.app.request(path, { method, headers: { ...auth(token), ...(body === undefined ? {} : { 'content-type': 'application/json' }) }, body: body === undefined ? undefined : JSON.stringify(body) })
const accounts = async () => (await (await call('GET', '/api/users', admin.accessToken)).json()).users as { id: string; username: string; role: string; disabled: boolean }[]
const idOf = async (username: string) => (await accounts()).find((u) => u.username === username)!.id
const login = (username: string, password: string) => t.app.request('/api/auth/login', json({ username, password }))
const refresh = (refreshToken: string) => t.app.request('/api/auth/refresh-token', json({ refreshToken }))

beforeAll(async () => {
  t = await makeTestApp({ seed: false })
  admin = await loginAs(t, 'admin', 'boss')
})

describe('GET /api/users', () => {
  it('lists every account with its role and state, and nothing secret', async () => {
    await loginAs(t, 'editor', 'listed_editor')
    const users = await accounts()
    expect(users).toEqual(expect.arrayContaining([expect.objectContaining({ username: 'boss', role: 'admin', disabled: false }), expect.objectContaining({ username: 'listed_editor', role: 'editor' })]))
    for (const u of users) expect(Object.keys(u).sort()).toEqual(['createdAt', 'disabled', 'id', 'role', 'username'])
  })

  it('is not for editors: 403, and the answer holds no account', async () => {
    const editor = await loginAs(t, 'editor')
    const res = await call('GET', '/api/users', editor.accessToken)
    expect(res.status).toBe(403)
    expect(await res.json()).toEqual({ message: 'This needs an admin account', code: 'forbidden' })
  })
})

describe('POST /api/users', () => {
  it('creates an account with a role that can log in at once', async () => {
    const res = await call('POST', '/api/users', admin.accessToken, { username: 'Newbie', password: 'a good long password', role: 'editor' })
    expect(res.status).toBe(201)
    expect(await res.json()).toMatchObject({ username: 'newbie', role: 'editor', disabled: false })
    expect((await login('newbie', 'a good long password')).status).toBe(200)
  })

  it.each([
    ['a taken username', { username: 'boss', password: 'a good long password', role: 'user' }, 409, /already taken/],
    ['a weak password', { username: 'weakling', password: 'short', role: 'user' }, 400, /password/i],
    ['a bad username', { username: 'no spaces allowed', password: 'a good long password', role: 'user' }, 400, /Username/],
    ['an unknown role', { username: 'wizard', password: 'a good long password', role: 'superadmin' }, 400, /role/],
    ['no role', { username: 'norole', password: 'a good long password' }, 400, /role/],
  ])('refuses %s with 4xx { message } and creates nothing', async (_n, body, status, message) => {
    const before = await accounts()
    const res = await call('POST', '/api/users', admin.accessToken, body)
    expect(res.status).toBe(status)
    expect((await res.json()).message).toMatch(message)
    expect(await accounts()).toEqual(before)
  })
})

describe('PATCH /api/users/:id', () => {
  it('a demotion takes effect on the next request and the old session cannot be refreshed', async () => {
    const ed = await loginAs(t, 'editor', 'demoted_ed')
    expect((await call('GET', '/api/brands/static-offers-admin', ed.accessToken)).status).toBe(200)
    const res = await call('PATCH', `/api/users/${await idOf('demoted_ed')}`, admin.accessToken, { role: 'user' })
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ username: 'demoted_ed', role: 'user' })
    expect((await call('GET', '/api/brands/static-offers-admin', ed.accessToken)).status).toBe(401)
    expect((await refresh(ed.refreshToken)).status).toBe(401)
  })

  it('a promotion keeps the sessions: the next token carries the new role', async () => {
    const u = await loginAs(t, 'user', 'promoted_u')
    expect((await call('PATCH', `/api/users/${await idOf('promoted_u')}`, admin.accessToken, { role: 'editor' })).status).toBe(200)
    const { accessToken } = await (await refresh(u.refreshToken)).json()
    expect((await call('GET', '/api/brands/static-offers-admin', accessToken)).status).toBe(200)
  })

  it('an admin gives the manager role and takes it back: listed, in the next token, and taking it logs the account out', async () => {
    const ed = await loginAs(t, 'editor', 'rising_ed')
    const id = await idOf('rising_ed')
    const given = await call('PATCH', `/api/users/${id}`, admin.accessToken, { role: 'manager' })
    expect(given.status).toBe(200)
    expect(await given.json()).toMatchObject({ username: 'rising_ed', role: 'manager' })
    expect((await accounts()).find((u) => u.id === id)?.role).toBe('manager')
    const { accessToken } = await (await refresh(ed.refreshToken)).json()
    expect(JSON.parse(Buffer.from(accessToken.split('.')[1], 'base64url').toString()).role).toBe('manager')
    // manager → editor is a demotion: the manager's sessions end at once
    expect((await call('PATCH', `/api/users/${id}`, admin.accessToken, { role: 'editor' })).status).toBe(200)
    expect((await call('GET', '/api/brands/static-offers-admin', accessToken)).status).toBe(401)
    // and a manager account can be made from scratch
    const made = await call('POST', '/api/users', admin.accessToken, { username: 'money_mia', password: 'a good long password', role: 'manager' })
    expect(made.status).toBe(201)
    expect(await made.json()).toMatchObject({ username: 'money_mia', role: 'manager' })
  })

  it('a manager cannot manage accounts: 403 on the users API', async () => {
    const manager = await loginAs(t, 'manager', 'no_users_for_me')
    for (const [method, path, body] of [['GET', '/api/users'], ['POST', '/api/users', { username: 'x_made', password: 'a good long password', role: 'admin' }], ['PATCH', `/api/users/${await idOf('no_users_for_me')}`, { role: 'admin' }]] as const) {
      const res = await call(method, path, manager.accessToken, body)
      expect(res.status, `${method} ${path}`).toBe(403)
    }
    expect((await accounts()).find((u) => u.username === 'no_users_for_me')?.role).toBe('manager')
  })

  it('disabling logs the account out everywhere and refuses its logins; enabling lets it back in', async () => {
    const ed = await loginAs(t, 'editor', 'switched_off')
    const id = await idOf('switched_off')
    expect(await (await call('PATCH', `/api/users/${id}`, admin.accessToken, { disabled: true })).json()).toMatchObject({ disabled: true, role: 'editor' })
    expect((await call('GET', '/api/brands/static-offers-admin', ed.accessToken)).status).toBe(401)
    expect((await refresh(ed.refreshToken)).status).toBe(401)
    const refused = await login('switched_off', 'correct horse battery')
    expect(refused.status).toBe(403)
    expect((await refused.json()).message).toMatch(/disabled/)
    // a wrong password still says only "Invalid credentials": the account's state is not told to strangers
    expect((await login('switched_off', 'wrong password here')).status).toBe(401)
    expect((await call('PATCH', `/api/users/${id}`, admin.accessToken, { disabled: false })).status).toBe(200)
    expect((await login('switched_off', 'correct horse battery')).status).toBe(200)
  })

  it('an admin cannot change their own role or disable themselves (400), and nothing changes', async () => {
    const id = await idOf('boss')
    for (const body of [{ role: 'editor' }, { disabled: true }]) {
      const res = await call('PATCH', `/api/users/${id}`, admin.accessToken, body)
      expect(res.status).toBe(400)
      expect((await res.json()).message).toMatch(/your own/)
    }
    expect((await accounts()).find((u) => u.id === id)).toMatchObject({ role: 'admin', disabled: false })
    expect((await call('GET', '/api/users', admin.accessToken)).status).toBe(200) // still logged in
  })

  it('another admin can be demoted and disabled while one admin remains', async () => {
    await loginAs(t, 'admin', 'second_admin')
    const id = await idOf('second_admin')
    expect((await call('PATCH', `/api/users/${id}`, admin.accessToken, { disabled: true })).status).toBe(200)
    expect((await call('PATCH', `/api/users/${id}`, admin.accessToken, { role: 'editor' })).status).toBe(200)
  })

  it.each([
    ['an empty change', {}, 400],
    ['an unknown role', { role: 'root' }, 400],
    ['a non-boolean disabled', { disabled: 'yes' }, 400],
    ['an unknown field', { role: 'user', password: 'x' }, 400],
  ])('refuses %s with 400 { message }', async (_n, body, status) => {
    const res = await call('PATCH', `/api/users/${await idOf('listed_editor')}`, admin.accessToken, body)
    expect(res.status).toBe(status)
    expect((await res.json()).message).toEqual(expect.any(String))
  })

  it('answers 404 for an unknown account and 400 for a malformed id', async () => {
    expect((await call('PATCH', '/api/users/nobody-here', admin.accessToken, { role: 'user' })).status).toBe(404)
    expect((await call('PATCH', `/api/users/${'x'.repeat(65)}`, admin.accessToken, { role: 'user' })).status).toBe(400)
  })
})

describe('the last admin (service and CLI path)', () => {
  it('cannot be demoted or disabled: 409 { message }, nothing changes', async () => {
    const solo = await makeTestApp({ seed: false })
    await solo.ctx.services.users.createUser('only_admin', 'correct horse battery', 'admin')
    const users = solo.ctx.services.users
    const [only] = await users.accounts()
    await expect(users.updateAccount(null, only.id, { role: 'editor' })).rejects.toMatchObject({ code: 'conflict', message: expect.stringMatching(/last admin/) })
    await expect(users.updateAccount(null, only.id, { disabled: true })).rejects.toMatchObject({ code: 'conflict' })
    await expect(users.setRole('only_admin', 'user')).rejects.toMatchObject({ code: 'conflict' })
    expect((await users.accounts())[0]).toMatchObject({ role: 'admin', disabled: false })
    // a disabled admin does not count: the one who can still log in is the last
    await users.createUser('other_admin', 'correct horse battery', 'admin')
    const other = (await users.accounts()).find((u) => u.username === 'other_admin')!
    await users.updateAccount(null, other.id, { disabled: true })
    await expect(users.updateAccount(null, only.id, { role: 'editor' })).rejects.toMatchObject({ code: 'conflict' })
    expect((await solo.app.request('/api/auth/login', json({ username: 'only_admin', password: 'correct horse battery' }))).status).toBe(200)
  })
})

describe('POST /api/users/:id/password', () => {
  it('generates a password shown once, revokes the sessions, and only the new password works', async () => {
    const u = await loginAs(t, 'editor', 'forgetful')
    const res = await call('POST', `/api/users/${await idOf('forgetful')}/password`, admin.accessToken, {})
    expect(res.status).toBe(200)
    const { password, username } = await res.json()
    expect(username).toBe('forgetful')
    expect(password).toMatch(/^[A-Za-z0-9_-]{20}$/)
    expect((await refresh(u.refreshToken)).status).toBe(401)
    expect((await login('forgetful', 'correct horse battery')).status).toBe(401)
    expect((await login('forgetful', password)).status).toBe(200)
    expect(JSON.stringify(await accounts())).not.toContain(password)
  })

  it('sets the password the admin chose (not echoed back); a weak one is 400 and the old one keeps working', async () => {
    await loginAs(t, 'editor', 'chosen_pw')
    const id = await idOf('chosen_pw')
    const weak = await call('POST', `/api/users/${id}/password`, admin.accessToken, { password: 'short' })
    expect(weak.status).toBe(400)
    expect((await weak.json()).message).toMatch(/8 to 128/)
    expect((await login('chosen_pw', 'correct horse battery')).status).toBe(200)
    const res = await call('POST', `/api/users/${id}/password`, admin.accessToken, { password: 'the admin chose this' })
    expect(await res.json()).toEqual({ id, username: 'chosen_pw' })
    expect((await login('chosen_pw', 'the admin chose this')).status).toBe(200)
  })

  it('answers 404 for an unknown account', async () => {
    expect((await call('POST', '/api/users/nobody-here/password', admin.accessToken, {})).status).toBe(404)
  })
})
