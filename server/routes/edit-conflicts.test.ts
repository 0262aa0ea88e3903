import { beforeAll, describe, expect, it } from 'vitest'
import { loginAs, makeTestApp } from '../../test/make-app.ts'
import { nextVersion } from '../editorial/edit-versions.ts'

/**
 * No silent overwrite between editors (docs/api.md, "Edit conflicts"): two editors open one item; A
 * saves; B's save, based on the version B loaded (If-Match), is refused with 409 naming A and the time,
 * and changes nothing. Without If-Match the last save wins (older clients, the spec's own calls).
 */
let t: Awaited<ReturnType<typeof makeTestApp>>
let erin: string
let sam: string
let admin: string
beforeAll(async () => {
  t = await makeTestApp()
  erin = (await loginAs(t, 'editor', 'erin_editor')).accessToken
  sam = (await loginAs(t, 'editor', 'sam_editor')).accessToken
  admin = (await loginAs(t, 'admin', 'ada_admin')).accessToken
})

const call = (method: string, path: string, token: string, body?: unknown, version?: string) =>
  t.app.request(path, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body instanceof FormData ? {} : { 'content-type': 'application/json' }),
      ...(version ? { 'if-match': `"${version}"` } : {}),
    },
    body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
  })

type Case = {
  kind: string
  /** GET path of the item as the editor loads it */
  path: string
  token: () => string
  /** what a save sends, changing one field to `text` */
  body: (loaded: Record<string, unknown>, text: string) => unknown
  /** the field `text` lands in, read back from the item */
  read: (item: Record<string, unknown>) => unknown
}

const postBody = (p: Record<string, unknown>, description: string) => ({ ...p, description })
const cases: Case[] = [
  { kind: 'post', path: '/api/posts/rtp-explained', token: () => erin, body: postBody, read: (p) => p.description },
  {
    kind: 'brand page',
    path: '/api/brands/nova-spins',
    token: () => erin,
    body: (b, tagline) => {
      const f = new FormData()
      const json = ['type', 'position', 'customParams', 'promoTable', 'timelines', 'highlights', 'sections', 'dealBox']
      for (const k of ['brandName', 'campaignType', 'offerHighlight', 'bonusOffer', 'bonusCondition', ...json]) f.append(k, json.includes(k) ? JSON.stringify(b[k] ?? null) : String(b[k] ?? ''))
      f.append('tagline', tagline)
      return f
    },
    read: (b) => b.tagline,
  },
  { kind: 'info page', path: '/api/info-pages/about', token: () => erin, body: (p, title) => ({ title, body: p.body, seoTitle: p.seoTitle, seoDescription: p.seoDescription }), read: (p) => p.title },
  { kind: 'market', path: '/api/markets/uk', token: () => admin, body: ({ createdAt: _c, updatedAt: _u, ...m }, name) => ({ ...m, name }), read: (m) => m.name },
]

const load = async (c: Case) => {
  // the brand page's editor reads it from the admin list; the others by id
  if (c.kind === 'brand page') {
    const { pages } = await (await call('GET', '/api/brands/static-offers-admin', c.token())).json()
    return pages.find((p: { _id: string }) => p._id === 'nova-spins') as Record<string, unknown>
  }
  const res = await call('GET', c.path, c.token())
  expect(res.status).toBe(200)
  return (await res.json()) as Record<string, unknown>
}
const putPath = (c: Case) => c.path

describe.each(cases)('two editors on one $kind', (c) => {
  it('the second save, based on the older version, is refused with 409 naming who saved and when; nothing changes', async () => {
    const inA = await load(c)
    const inB = await load(c)
    const a = await call('PUT', putPath(c), c.token(), c.body(inA, 'Saved by A'), String(inA.updatedAt))
    expect(a.status).toBe(200)
    const savedByA = await a.json()
    expect(savedByA.updatedAt).not.toBe(inA.updatedAt)

    const b = await call('PUT', putPath(c), sam && c.kind === 'market' ? admin : sam, c.body(inB, 'Saved by B'), String(inB.updatedAt))
    expect(b.status).toBe(409)
    const refused = await b.json()
    expect(refused).toMatchObject({ code: 'edit_conflict', current: { updatedAt: savedByA.updatedAt } })
    expect(refused.current.updatedBy).toBe(c.kind === 'market' ? 'ada_admin' : 'erin_editor')
    expect(refused.message).toMatch(/saved by (erin_editor|ada_admin) at .* after you opened it/)
    expect(c.read(await load(c))).toBe('Saved by A')

    // overwriting knowingly: B saves again on the version it was just told of
    const again = await call('PUT', putPath(c), c.kind === 'market' ? admin : sam, c.body(inB, 'Saved by B'), refused.current.updatedAt)
    expect(again.status).toBe(200)
    expect(c.read(await load(c))).toBe('Saved by B')
  })

  it('without If-Match the last save wins, as before (older clients and the spec’s own calls)', async () => {
    const inA = await load(c)
    expect((await call('PUT', putPath(c), c.token(), c.body(inA, 'First'))).status).toBe(200)
    expect((await call('PUT', putPath(c), c.token(), c.body(inA, 'Second'))).status).toBe(200)
    expect(c.read(await load(c))).toBe('Second')
  })
})

describe('author profiles and the affiliate disclosure', () => {
  it('an author profile saved on an old version is refused', async () => {
    const { authors } = await (await call('GET', '/api/authors', admin)).json()
    const maya = authors.find((a: { slug: string }) => a.slug === 'maya-chen')
    const { _id, createdAt: _c, updatedAt, ...fields } = maya
    expect((await call('PUT', `/api/authors/${_id}`, admin, { ...fields, bio: 'One' }, updatedAt)).status).toBe(200)
    const stale = await call('PUT', `/api/authors/${_id}`, admin, { ...fields, bio: 'Two' }, updatedAt)
    expect(stale.status).toBe(409)
    expect((await stale.json()).code).toBe('edit_conflict')
  })

  it('the disclosure answers its version and refuses a save on an older one', async () => {
    const first = await (await call('GET', '/api/site-settings/disclosure', erin)).json()
    const saved = await call('PUT', '/api/site-settings/disclosure', erin, { text: 'We may earn a commission from partners.' }, first.updatedAt ?? undefined)
    expect(saved.status).toBe(200)
    const { updatedAt } = await saved.json()
    expect((await call('PUT', '/api/site-settings/disclosure', sam, { text: 'Another text from partners.' }, updatedAt)).status).toBe(200)
    const stale = await call('PUT', '/api/site-settings/disclosure', erin, { text: 'A stale text from partners.' }, updatedAt)
    expect(stale.status).toBe(409)
    expect((await stale.json()).current.updatedBy).toBe('sam_editor')
  })
})

describe('versions are strictly increasing', () => {
  it('two saves in one millisecond still get two versions', () => {
    const now = new Date('2026-11-28T10:00:00.000Z')
    expect(nextVersion('2026-11-28T10:00:00.000Z', now)).toBe('2026-11-28T10:00:00.001Z')
    expect(nextVersion('2026-11-28T09:00:00.000Z', now)).toBe('2026-11-28T10:00:00.000Z')
    expect(nextVersion(undefined, now)).toBe('2026-11-28T10:00:00.000Z')
  })

  it('a post saved twice in the same instant of a frozen clock is not mistaken for its older version', async () => {
    const frozen = new Date('2026-11-28T10:00:00.000Z')
    const f = await makeTestApp({ now: () => frozen })
    const token = (await loginAs(f, 'editor')).accessToken
    const get = async () => (await (await f.app.request('/api/posts/rtp-explained', { headers: { authorization: `Bearer ${token}` } })).json()) as Record<string, unknown>
    const put = (p: Record<string, unknown>, description: string, version: string) =>
      f.app.request('/api/posts/rtp-explained', { method: 'PUT', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'if-match': version }, body: JSON.stringify({ ...p, description }) })
    const loaded = await get()
    const one = await put(loaded, 'one', String(loaded.updatedAt))
    expect(one.status).toBe(200)
    const versionOne = String((await one.json()).updatedAt)
    expect(versionOne).toBe(frozen.toISOString())
    const two = await put(loaded, 'two', versionOne)
    expect(two.status).toBe(200)
    // saved at the same frozen instant as "one": only a strictly newer version tells them apart
    expect((await put(loaded, 'three', versionOne)).status).toBe(409)
  })
})
