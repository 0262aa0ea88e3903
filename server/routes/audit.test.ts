import { beforeAll, describe, expect, it } from 'vitest'
import type { AuditEntryJson } from '../../lib/audit.ts'
import { brandFormFields, formData } from '../../test/factories.ts'
import { json, loginAs, makeTestApp } from '../../test/make-app.ts'
import { createAuditRepository } from '../../db/repositories/audit.ts'
import { createRegistry } from '../../db/registry.ts'
import { SqliteStore } from '../../db/sqlite/index.ts'
import { createLogger } from '../logger.ts'
import { createAuditService, runAs } from '../operations/audit.ts'

/** Issue 13: every HTTP write appends an entry naming who, what, when and from where. */
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=='
const IP = '203.0.113.7'

let t: Awaited<ReturnType<typeof makeTestApp>>
let editor: { accessToken: string }
let admin: { accessToken: string }
let editorName: string
let adminName: string
beforeAll(async () => {
  t = await makeTestApp({ env: { TRUST_PROXY: '1' } })
  editorName = `audit_editor_${Math.random().toString(36).slice(2, 6)}`
  adminName = `audit_admin_${Math.random().toString(36).slice(2, 6)}`
  editor = await loginAs(t, 'editor', editorName)
  admin = await loginAs(t, 'admin', adminName)
})

const call = (method: string, path: string, token: string, body?: unknown) =>
  t.app.request(path, {
    method,
    headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': IP, ...(body instanceof FormData || body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
  })

async function log(query = ''): Promise<{ entries: AuditEntryJson[]; nextCursor: string | null }> {
  const res = await call('GET', `/api/audit${query}`, admin.accessToken)
  expect(res.status).toBe(200)
  return res.json()
}
/** The newest entry for a target. */
const latest = async (target: string) => (await log(`?target=${encodeURIComponent(target)}&limit=1`)).entries[0]

const brandForm = (over: Record<string, string> = {}) => formData(brandFormFields({ brandName: 'Audit Casino', dealBox: JSON.stringify({ countdownText: 'Ends soon', mainText: '100%', ctaLabel: 'Play', ctaUrl: 'https://old.example/go' }), ...over }))

describe('audit entries for every HTTP write path', () => {
  it('posts: create, update (before → after) and delete, by the editor, from their address', async () => {
    const created = await (await call('POST', '/api/posts/article', editor.accessToken, { title: 'Audit me', description: 'First', image: `data:image/png;base64,${PNG}` })).json()
    const entry = await latest(`post:${created._id}`)
    expect(entry).toMatchObject({ actor: editorName, role: 'editor', via: 'http', ip: IP, action: 'post.create', kind: 'post' })
    expect(entry.changes).toContainEqual({ field: 'title', to: 'Audit me' })
    expect(Date.now() - Date.parse(entry.at)).toBeLessThan(60_000)
    // the data-URL image was stored in the media library: a media write of its own
    const media = await log(`?action=media.create&actor=${editorName}`)
    expect(media.entries[0]).toMatchObject({ target: `media:${created.image.slice('/media/'.length)}`, ip: IP })

    expect((await call('PUT', `/api/posts/${created._id}`, editor.accessToken, { title: 'Audit me', description: 'Second', image: created.image })).status).toBe(200)
    expect(await latest(`post:${created._id}`)).toMatchObject({ action: 'post.update', changes: [{ field: 'description', from: 'First', to: 'Second' }] })

    expect((await call('DELETE', `/api/posts/${created._id}`, editor.accessToken)).status).toBe(200)
    expect(await latest(`post:${created._id}`)).toMatchObject({ action: 'post.delete', actor: editorName, note: 'Audit me' })
  })

  it('brand pages: create, a CTA URL change shown before → after, delete', async () => {
    const res = await call('POST', '/api/brands', editor.accessToken, brandForm())
    expect(res.status).toBe(201)
    const { _id } = await res.json()
    expect(await latest(`brand:${_id}`)).toMatchObject({ action: 'brand.create', actor: editorName, ip: IP })
    const dealBox = JSON.stringify({ countdownText: 'Ends soon', mainText: '100%', ctaLabel: 'Play', ctaUrl: 'https://new.example/go' })
    expect((await call('PUT', `/api/brands/${_id}`, editor.accessToken, brandForm({ dealBox }))).status).toBe(200)
    const update = await latest(`brand:${_id}`)
    expect(update.action).toBe('brand.update')
    expect(update.changes).toContainEqual({ field: 'dealBox.ctaUrl', from: 'https://old.example/go', to: 'https://new.example/go' })
    expect(update.changes.map((c) => c.field)).not.toContain('rating') // unchanged fields are not listed
    expect((await call('DELETE', `/api/brands/${_id}`, editor.accessToken)).status).toBe(200)
    expect(await latest(`brand:${_id}`)).toMatchObject({ action: 'brand.delete', note: 'Audit Casino' })
  })

  it('site settings and info pages', async () => {
    expect((await call('PUT', '/api/site-settings/disclosure', editor.accessToken, { text: 'We may earn a commission.' })).status).toBe(200)
    const setting = await latest('setting:affiliate-disclosure')
    expect(setting).toMatchObject({ action: 'setting.update', actor: editorName, ip: IP })
    expect(setting.changes).toEqual([{ field: 'text', from: null, to: 'We may earn a commission.' }])

    expect((await call('POST', '/api/info-pages', editor.accessToken, { slug: 'audit-policy', title: 'Audit policy', body: 'Hello' })).status).toBe(201)
    expect(await latest('info-page:audit-policy')).toMatchObject({ action: 'info-page.create', actor: editorName })
    expect((await call('PUT', '/api/info-pages/audit-policy', editor.accessToken, { title: 'Audit rules', body: 'Hello' })).status).toBe(200)
    expect(await latest('info-page:audit-policy')).toMatchObject({ action: 'info-page.update', changes: [{ field: 'title', from: 'Audit policy', to: 'Audit rules' }] })
    expect((await call('DELETE', '/api/info-pages/audit-policy', editor.accessToken)).status).toBe(200)
    expect(await latest('info-page:audit-policy')).toMatchObject({ action: 'info-page.delete' })
  })

  it('users: create, role change, disable and password reset by an admin; never the password itself', async () => {
    const password = 'a-very-secret-passphrase'
    const res = await call('POST', '/api/users', admin.accessToken, { username: 'audited_user', password, role: 'editor' })
    expect(res.status).toBe(201)
    const { id } = await res.json()
    expect(await latest('user:audited_user')).toMatchObject({ action: 'user.create', actor: adminName, role: 'admin', ip: IP, changes: [{ field: 'role', to: 'editor' }] })
    expect((await call('PATCH', `/api/users/${id}`, admin.accessToken, { role: 'user', disabled: true })).status).toBe(200)
    expect((await latest('user:audited_user')).changes).toEqual([
      { field: 'disabled', from: false, to: true },
      { field: 'role', from: 'editor', to: 'user' },
    ])
    const reset = await (await call('POST', `/api/users/${id}/password`, admin.accessToken, {})).json()
    expect(await latest('user:audited_user')).toMatchObject({ action: 'user.reset-password', actor: adminName })
    const everything = JSON.stringify((await log('?limit=200')).entries)
    expect(everything).not.toContain(password)
    expect(everything).not.toContain(reset.password)
  })

  it('an open sign-up is recorded as anonymous, with the address it came from', async () => {
    const res = await t.app.request('/api/auth/signup', json({ username: 'signup_audit', password: 'correct horse battery' }, { 'x-forwarded-for': IP }))
    expect(res.status).toBeLessThan(300)
    expect(await latest('user:signup_audit')).toMatchObject({ action: 'user.create', actor: 'anonymous', actorId: null, ip: IP })
  })

  it('media library delete', async () => {
    const saved = await runAs({ actor: 'setup', actorId: null, role: null, via: 'system', ip: null }, () => t.ctx.services.media.saveImage(Buffer.from('R0lGODlhAQABAIAAAP///wAAACwAAAAAAQABAAACAkQBADs=', 'base64'), { alt: 'x' }))
    expect((await call('DELETE', `/api/media/${saved.id}`, admin.accessToken)).status).toBe(200)
    expect(await latest(`media:${saved.id}`)).toMatchObject({ action: 'media.delete', actor: adminName, ip: IP })
  })

  it('a refused write records nothing', async () => {
    const before = (await log('?limit=1')).entries[0]._id
    expect((await call('POST', '/api/posts/article', editor.accessToken, { title: '' })).status).toBe(400)
    expect((await call('PUT', '/api/posts/no-such-post', editor.accessToken, { title: 'x' })).status).toBe(404)
    expect((await log('?limit=1')).entries[0]._id).toBe(before)
  })
})

describe('GET /api/audit', () => {
  it('filters by actor, kind, target and time, newest first, paged by cursor with no entry twice or missed', async () => {
    const mine = await log(`?actor=${editorName}&limit=200`)
    expect(mine.entries.length).toBeGreaterThan(5)
    expect(mine.entries.every((e) => e.actor === editorName)).toBe(true)
    const ids = mine.entries.map((e) => e._id)
    expect([...ids].sort().reverse()).toEqual(ids)

    const paged: string[] = []
    let cursor: string | null = null
    do {
      const page: { entries: AuditEntryJson[]; nextCursor: string | null } = await log(`?actor=${editorName}&limit=2${cursor ? `&cursor=${cursor}` : ''}`)
      expect(page.entries.length).toBeLessThanOrEqual(2)
      paged.push(...page.entries.map((e) => e._id))
      cursor = page.nextCursor
    } while (cursor)
    expect(paged).toEqual(ids)

    const brands = await log('?action=brand&limit=200')
    expect(new Set(brands.entries.map((e) => e.kind))).toEqual(new Set(['brand']))
    const future = await log('?from=2999-01-01')
    expect(future).toEqual({ entries: [], nextCursor: null })
    const today = new Date().toISOString().slice(0, 10)
    expect((await log(`?from=${today}&to=${today}&actor=${editorName}`)).entries.length).toBe(Math.min(ids.length, 50))
  })

  it('bad filters get a 400 with a message', async () => {
    for (const q of ['?from=yesterday', '?limit=0', '?limit=1000', '?cursor=../../etc', '?from=2026-02-01&to=2026-01-01']) {
      const res = await call('GET', `/api/audit${q}`, admin.accessToken)
      expect(res.status, q).toBe(400)
      expect((await res.json()).message, q).toEqual(expect.any(String))
    }
  })

  it('is for admins: an editor is refused', async () => {
    expect((await call('GET', '/api/audit', editor.accessToken)).status).toBe(403)
  })
})

describe('an entry the store refuses', () => {
  it('does not undo the write, and goes to the error log whole instead of vanishing', async () => {
    const store = new SqliteStore(':memory:')
    const repo = createAuditRepository(store, createRegistry(store))
    await repo.init()
    const lines: string[] = []
    const log = createLogger({ env: 'test', logLevel: 'error' }, { destination: { write: (l: string) => lines.push(l) } })
    // the same id twice: the store's own unique key refuses the second entry
    const audit = createAuditService({ audit: repo, now: () => new Date(), newId: () => 'a'.repeat(24), log })
    await audit.record({ action: 'post.update', target: 'post:one' })
    await expect(audit.record({ action: 'post.delete', target: 'post:two', note: 'lost?' })).resolves.toBeUndefined()
    expect((await audit.list()).entries.map((e) => e.target)).toEqual(['post:one'])
    const logged = lines.map((l) => JSON.parse(l)).find((l) => l.msg?.startsWith('audit entry not stored'))
    expect(logged.audit).toMatchObject({ action: 'post.delete', target: 'post:two', note: 'lost?', actor: 'system' })
    await store.close()
  })
})
