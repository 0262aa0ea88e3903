import { beforeAll, describe, expect, it } from 'vitest'
import { loginAs, makeTestApp } from '../../test/make-app.ts'

/**
 * Drafts follow the editor (docs/drafts-and-revisions.md, "Autosave"): PUT /api/posts/:id/autosave saves
 * a draft's typed fields, keeps a live post's typed version as an autosave revision without touching the
 * page, never changes a status, and like a save names its version: a stale autosave is refused.
 */
let t: Awaited<ReturnType<typeof makeTestApp>>
let erin: string
let sam: string
beforeAll(async () => {
  t = await makeTestApp()
  erin = (await loginAs(t, 'editor', 'erin_autosave')).accessToken
  sam = (await loginAs(t, 'editor', 'sam_autosave')).accessToken
})

const call = (method: string, path: string, token: string, body?: unknown, version?: string) =>
  t.app.request(path, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...(version ? { 'if-match': `"${version}"` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  })

type PostJson = Record<string, unknown> & { _id: string; updatedAt: string; status?: string; description: string; title: string }
const article = (title: string, extra: Record<string, unknown> = {}) => ({ title, image: '', tag: 'Guides', description: 'First words.', content: { summary: [], body: [] }, meta: { author: '', date: '', reviewer: '', readTime: '' }, ...extra })
async function create(title: string, status: 'draft' | 'published' | 'scheduled', extra: Record<string, unknown> = {}): Promise<PostJson> {
  const res = await call('POST', '/api/posts/article', erin, article(title, { status, ...extra }))
  expect(res.status).toBe(201)
  return (await res.json()) as PostJson
}
const load = async (id: string) => (await (await call('GET', `/api/posts/${id}`, erin)).json()) as PostJson
const revisions = async (id: string) => ((await (await call('GET', `/api/posts/${id}/revisions`, erin)).json()) as { revisions: { _id: string; action: string; event: string; summary: string; at: string }[] }).revisions

describe('autosave of a draft', () => {
  it('saves the typed fields as a new version, keeps it a draft, and shows as one "Autosaved" revision however often it runs', async () => {
    const post = await create('Autosave draft one', 'draft')
    const { _id, createdAt: _c, updatedAt: _u, ...fields } = post
    const first = await call('PUT', `/api/posts/${_id}/autosave`, erin, { ...fields, description: 'Typed in tab A', status: 'published' }, post.updatedAt)
    expect(first.status).toBe(200)
    const a = (await first.json()) as { post: PostJson; applied: boolean }
    expect(a.applied).toBe(true)
    expect(a.post.status).toBe('draft') // the status sent is ignored: an autosave never publishes
    const second = await call('PUT', `/api/posts/${_id}/autosave`, erin, { ...fields, description: 'Typed in tab A, more', status: 'published' }, a.post.updatedAt)
    expect(second.status).toBe(200)
    const stored = await load(_id)
    expect(stored.description).toBe('Typed in tab A, more')
    expect(stored.status).toBe('draft')
    // a draft never reaches the public API
    expect((await t.app.request(`/api/posts/related/${_id}`)).status).toBe(404)
    const list = await revisions(_id)
    expect(list.map((r) => r.event)).toEqual(['autosaved', 'saved'])
    expect(list[0]!.summary).toBe('Description')
  })

  it('an uploaded image is stored and its address answered, so the next autosave sends the address, not the bytes again', async () => {
    const post = await create('Autosave draft image', 'draft')
    const { _id, createdAt: _c, updatedAt: _u, ...fields } = post
    const png = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='
    const res = (await (await call('PUT', `/api/posts/${_id}/autosave`, erin, { ...fields, image: png }, post.updatedAt)).json()) as { image: string; post: PostJson }
    expect(res.image).toMatch(/^\/media\//)
    expect(res.post.image).toBe(res.image)
  })

  it('a stale autosave (typed on a version another editor has saved over) is refused with 409 and changes nothing', async () => {
    const post = await create('Autosave draft two', 'draft')
    const { _id, createdAt: _c, updatedAt: _u, ...fields } = post
    const samSave = await call('PUT', `/api/posts/${_id}`, sam, { ...fields, description: 'Sam saved this' }, post.updatedAt)
    expect(samSave.status).toBe(200)
    const stale = await call('PUT', `/api/posts/${_id}/autosave`, erin, { ...fields, description: 'Erin typed on the old version' }, post.updatedAt)
    expect(stale.status).toBe(409)
    const body = (await stale.json()) as { code: string; current: { updatedBy: string } }
    expect(body.code).toBe('edit_conflict')
    expect(body.current.updatedBy).toBe('sam_autosave')
    expect((await load(_id)).description).toBe('Sam saved this')
  })

  it('names the version it was typed on: without If-Match it is refused, not a blind overwrite', async () => {
    const post = await create('Autosave draft three', 'draft')
    const res = await call('PUT', `/api/posts/${post._id}/autosave`, erin, { ...article(post.title), description: 'no version' })
    expect(res.status).toBe(400)
    expect((await load(post._id)).description).toBe('First words.')
  })
})

describe('autosave of a live post', () => {
  it('keeps the typed version as an autosave revision; the live post and page stay as they were until Update', async () => {
    const post = await create('Autosave live one', 'published')
    const { _id, createdAt: _c, updatedAt: _u, ...fields } = post
    const res = await call('PUT', `/api/posts/${_id}/autosave`, erin, { ...fields, description: 'Not for readers yet', status: 'draft' }, post.updatedAt)
    expect(res.status).toBe(200)
    expect(((await res.json()) as { applied: boolean }).applied).toBe(false)
    const stored = await load(_id)
    expect(stored.description).toBe('First words.')
    expect(stored.updatedAt).toBe(post.updatedAt)
    expect(stored.status).toBe('published')
    const page = await (await t.app.request(`/article/${_id}`)).text()
    expect(page).not.toContain('Not for readers yet')
    // opening the post offers it
    const pending = (await (await call('GET', `/api/posts/${_id}/autosave`, sam)).json()) as { autosave: { record: PostJson; actor: string; event: string } | null }
    expect(pending.autosave?.record.description).toBe('Not for readers yet')
    expect(pending.autosave?.record.status).toBe('published')
    expect(pending.autosave?.actor).toBe('erin_autosave')
    // the editor's Update publishes it; the autosave is no longer waiting
    const update = await call('PUT', `/api/posts/${_id}`, erin, { ...fields, description: 'Not for readers yet' }, post.updatedAt)
    expect(update.status).toBe(200)
    expect(((await (await call('GET', `/api/posts/${_id}/autosave`, erin)).json()) as { autosave: unknown }).autosave).toBeNull()
    expect((await revisions(_id)).map((r) => r.event)).toEqual(['saved', 'autosaved', 'published'])
  })

  it('a scheduled post is not touched either: it would go live by itself with text nobody approved', async () => {
    const at = new Date(Date.now() + 86_400_000).toISOString()
    const post = await create('Autosave scheduled one', 'scheduled', { publishAt: at })
    const { _id, createdAt: _c, updatedAt: _u, ...fields } = post
    const res = await call('PUT', `/api/posts/${_id}/autosave`, erin, { ...fields, description: 'Typed for later' }, post.updatedAt)
    expect(((await res.json()) as { applied: boolean }).applied).toBe(false)
    const stored = await load(_id)
    expect(stored.description).toBe('First words.')
    expect(stored.status).toBe('scheduled')
  })

  it('an autosave typed before another editor saved is no longer offered (it was based on an older version)', async () => {
    const post = await create('Autosave live two', 'published')
    const { _id, createdAt: _c, updatedAt: _u, ...fields } = post
    await call('PUT', `/api/posts/${_id}/autosave`, erin, { ...fields, description: 'Erin typing' }, post.updatedAt)
    await call('PUT', `/api/posts/${_id}`, sam, { ...fields, description: 'Sam published' }, post.updatedAt)
    expect(((await (await call('GET', `/api/posts/${_id}/autosave`, erin)).json()) as { autosave: unknown }).autosave).toBeNull()
    const stale = await call('PUT', `/api/posts/${_id}/autosave`, erin, { ...fields, description: 'Erin typing more' }, post.updatedAt)
    expect(stale.status).toBe(409)
  })
})

describe('revisions can be told apart', () => {
  it('each says what it did and which fields changed; a diff names the author, not the id', async () => {
    const post = await create('Revisions told apart', 'draft')
    const { _id, createdAt: _c, updatedAt: _u, ...fields } = post
    const published = (await (await call('PUT', `/api/posts/${_id}`, erin, { ...fields, status: 'published', authorId: 'maya-chen' }, post.updatedAt)).json()) as PostJson
    await call('PUT', `/api/posts/${_id}`, erin, { ...fields, status: 'published', title: 'Revisions told apart, again', description: 'New words', authorId: 'maya-chen' }, published.updatedAt)
    const list = await revisions(_id)
    expect(list.map((r) => [r.event, r.summary])).toEqual([
      ['saved', 'Title and Description'],
      ['published', 'Author and Status'],
      ['saved', 'First version'],
    ])
    const diff = (await (await call('GET', `/api/posts/${_id}/revisions/diff?from=${list[2]!._id}&to=${list[1]!._id}`, erin)).json()) as { changes: { label: string; to: string }[] }
    expect(diff.changes.find((c) => c.label === 'Author')?.to).toBe('Maya Chen')
    expect(JSON.stringify(diff.changes)).not.toContain('maya-chen')
    expect(JSON.stringify(diff.changes)).not.toContain('Author Id')
  })
})
