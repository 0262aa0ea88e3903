import { rmSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SqliteStore } from '../../db/sqlite/index.ts'
import { tempDataDir } from '../../test/cli.ts'
import { jsonSender, loginAs, makeTestApp } from '../../test/make-app.ts'
import { createApp } from '../app.ts'
import { loadConfig } from '../config.ts'
import { createAppContext } from '../context.ts'

/**
 * Issue 13: drafts, scheduled publishing and revisions through the HTTP API. The clock is the test's:
 * scheduled items go live when the scheduler runs after their time.
 */
const clock = { t: Date.parse('2026-11-22T10:00:00Z') }
const now = () => new Date(clock.t)
const HOUR = 3_600_000
const DAY = 24 * HOUR

let t: Awaited<ReturnType<typeof makeTestApp>>
let token: string
beforeAll(async () => {
  t = await makeTestApp({ now })
  token = (await loginAs(t, 'editor')).accessToken
})

const send = jsonSender(() => t, () => token)
const get = (path: string) => t.app.request(path)
const text = async (path: string) => (await get(path)).text()

type Fields = Record<string, string>
const brandFields = (over: Fields = {}): Fields => ({
  brandName: 'Draft Casino',
  campaignType: 'App - Install',
  tagline: 'Not yet.',
  dealBox: JSON.stringify({ ctaLabel: 'Play', ctaUrl: 'https://draft.example/go' }),
  ...over,
})
const sendBrand = (method: string, path: string, fields: Fields) => {
  const f = new FormData()
  for (const [k, v] of Object.entries(fields)) f.append(k, v)
  return t.app.request(path, { method, headers: { authorization: `Bearer ${token}` }, body: f })
}

/** Every public surface a post can reach, and whether `id` (titled `title`) shows on each. */
async function postSurfaces(id: string, title: string, tag: string) {
  const blog = await (await get('/api/posts/blog-content?limit=100')).json()
  const bottoms = await (await get('/api/posts/article-bottom')).json()
  const search = await (await get(`/api/search?q=${encodeURIComponent(title)}`)).json()
  return {
    blogContent: [blog.hero, blog.featured, ...blog.articles].some((p: { _id: string } | null) => p?._id === id),
    bottoms: bottoms.some((p: { _id: string }) => p._id === id),
    related: (await get(`/api/posts/related/${id}`)).status === 200,
    search: JSON.stringify(search).includes(id),
    sitemap: (await text('/sitemap-articles-1.xml')).includes(`/article/${id}`),
    feed: (await text('/rss.xml')).includes(`/article/${id}`),
    tagFeed: (await text(`/tag/${tag}/rss.xml`)).includes(`/article/${id}`),
  }
}
const nowhere = { blogContent: false, bottoms: false, related: false, search: false, sitemap: false, feed: false, tagFeed: false }

describe('drafts (posts)', () => {
  it('a draft is on no public surface: home API, related, search, sitemap, feeds; the admin lists it', async () => {
    const res = await send('POST', '/api/posts/article', { title: 'Quokka draft strategy', tag: 'Drafts', status: 'draft' })
    expect(res.status).toBe(201)
    const draft = await res.json()
    expect(draft.status).toBe('draft')
    expect(await postSurfaces(draft._id, 'Quokka draft strategy', 'drafts')).toEqual(nowhere)
    // the admin still sees it, in its list and in its own blog content
    const list = await (await send('GET', '/api/posts/list?type=article&title=Quokka')).json()
    expect(list.posts.map((p: { _id: string; status: string }) => [p._id, p.status])).toEqual([[draft._id, 'draft']])
    const admin = await (await send('GET', '/api/posts/blog-content?limit=100')).json()
    expect(admin.articles.some((p: { _id: string }) => p._id === draft._id)).toBe(true)
  })

  it('publishing it puts it on every surface at once; unpublishing takes it off again', async () => {
    const draft = await (await send('POST', '/api/posts/article', { title: 'Wombat published guide', tag: 'Drafts', status: 'draft' })).json()
    const published = await (await send('PUT', `/api/posts/${draft._id}`, { title: 'Wombat published guide', tag: 'Drafts', status: 'published' })).json()
    expect(published.status).toBe('published')
    // published now: it takes its place among the newest (createdAt is when it went live)
    expect(published.createdAt).toBe(now().toISOString())
    const everywhere = await postSurfaces(draft._id, 'Wombat published guide', 'drafts')
    expect(everywhere).toMatchObject({ blogContent: true, search: true, sitemap: true, feed: true, tagFeed: true })
    await send('PUT', `/api/posts/${draft._id}`, { title: 'Wombat published guide', tag: 'Drafts', status: 'draft' })
    expect(await postSurfaces(draft._id, 'Wombat published guide', 'drafts')).toEqual(nowhere)
  })

  it('a draft bottom article is not in the Recommended block', async () => {
    const draft = await (await send('POST', '/api/posts/article-bottom', { title: 'Numbat bottom draft', status: 'draft' })).json()
    expect((await postSurfaces(draft._id, 'Numbat bottom draft', 'none')).bottoms).toBe(false)
    await send('PUT', `/api/posts/${draft._id}`, { title: 'Numbat bottom draft', status: 'published' })
    expect((await postSurfaces(draft._id, 'Numbat bottom draft', 'none')).bottoms).toBe(true)
  })

  it('a draft hero or featured post does not replace the published one on the home page', async () => {
    const before = await (await get('/api/posts/blog-content')).json()
    await send('POST', '/api/posts/hero', { title: 'Draft hero', position: 0, status: 'draft' })
    await send('POST', '/api/posts/featured', { title: 'Draft featured', position: 0, status: 'draft' })
    const after = await (await get('/api/posts/blog-content')).json()
    expect([after.hero?._id, after.featured?._id]).toEqual([before.hero?._id, before.featured?._id])
  })

  it('a client that does not send a status creates a published post and keeps a draft a draft on update', async () => {
    const plain = await (await send('POST', '/api/posts/article', { title: 'Spec payload post' })).json()
    expect(plain.status).toBe('published')
    const draft = await (await send('POST', '/api/posts/article', { title: 'Older client draft', status: 'draft' })).json()
    const updated = await (await send('PUT', `/api/posts/${draft._id}`, { title: 'Older client draft, edited' })).json()
    expect(updated.status).toBe('draft')
  })

  it('posts stored before statuses existed are published', async () => {
    const legacy = await t.ctx.store.collection('posts').findOne({ _id: 'bankroll-management-basics' })
    expect(legacy).not.toBeNull()
    expect(legacy!.status).toBeUndefined()
    expect((await get('/api/posts/related/bankroll-management-basics')).status).toBe(200)
  })
})

describe('scheduled publishing', () => {
  it('refuses a time that does not parse, or more than a year ahead, naming publishAt; nothing is written', async () => {
    const count = await t.ctx.repos.posts.count()
    for (const [publishAt, message] of [
      ['next tuesday', /Invalid publishAt/],
      [new Date(clock.t + 400 * DAY).toISOString(), /at most a year ahead/],
      ['', /Choose when to publish/],
    ] as const) {
      const res = await send('POST', '/api/posts/article', { title: 'Bad schedule', status: 'scheduled', publishAt })
      expect(res.status, publishAt).toBe(400)
      const body = await res.json()
      expect(body).toMatchObject({ code: 'bad_request', issues: [{ path: 'publishAt' }] })
      expect(body.message).toMatch(message)
    }
    expect(await t.ctx.repos.posts.count()).toBe(count)
    expect((await send('POST', '/api/posts/article', { title: 'Bad status', status: 'live' })).status).toBe(400)
  })

  it('a time in the past publishes now', async () => {
    const post = await (await send('POST', '/api/posts/article', { title: 'Past schedule', status: 'scheduled', publishAt: new Date(clock.t - HOUR).toISOString() })).json()
    expect(post.status).toBe('published')
    expect(post.publishAt).toBeUndefined()
  })

  it('a scheduled post and brand go live when their time comes, once, audited as the scheduler', async () => {
    const at = new Date(clock.t + 2 * HOUR).toISOString()
    const post = await (await send('POST', '/api/posts/article', { title: 'Platypus scheduled preview', tag: 'Drafts', status: 'scheduled', publishAt: at })).json()
    expect(post).toMatchObject({ status: 'scheduled', publishAt: at })
    const brand = await (await sendBrand('POST', '/api/brands', brandFields({ brandName: 'Scheduled Casino', status: 'scheduled', publishAt: at }))).json()
    expect(brand).toMatchObject({ status: 'scheduled', publishAt: at })
    expect(await postSurfaces(post._id, 'Platypus scheduled preview', 'drafts')).toEqual(nowhere)
    expect((await get(`/api/brands/${brand._id}`)).status).toBe(404)

    expect(await t.ctx.services.scheduler.publishDue()).toBe(0) // not yet
    clock.t += 2 * HOUR
    expect(await t.ctx.services.scheduler.publishDue()).toBe(2)
    expect(await t.ctx.services.scheduler.publishDue()).toBe(0) // once

    expect(await postSurfaces(post._id, 'Platypus scheduled preview', 'drafts')).toMatchObject({ blogContent: true, search: true, sitemap: true, feed: true })
    expect((await get(`/api/brands/${brand._id}`)).status).toBe(200)
    const stored = await t.ctx.repos.posts.findById(post._id)
    expect(stored).toMatchObject({ status: 'published', createdAt: at })
    expect(stored!.publishAt).toBeUndefined()
    const { entries } = await t.ctx.services.audit.list({ action: 'post.publish' })
    expect(entries.filter((e) => e.target === `post:${post._id}`)).toMatchObject([{ actor: 'scheduler', via: 'system', changes: [{ field: 'status', from: 'scheduled', to: 'published' }] }])
    const revisions = await t.ctx.services.revisions.list('post', post._id)
    expect(revisions.map((r) => [r.action, r.actor])).toEqual([
      ['publish', 'scheduler'],
      ['create', expect.stringMatching(/^editor_/)],
    ])
  })
})

describe('drafts (brand pages)', () => {
  it('a draft brand is in no offer list, directory or sitemap; its page API is 404 and /go does not redirect', async () => {
    const res = await sendBrand('POST', '/api/brands', brandFields({ status: 'draft' }))
    expect(res.status).toBe(201)
    const brand = await res.json()
    expect(brand.status).toBe('draft')
    const offers = await (await get('/api/brands/static-offers')).json()
    expect(offers.pages.some((b: { _id: string }) => b._id === brand._id)).toBe(false)
    expect((await get(`/api/brands/${brand._id}`)).status).toBe(404)
    const go = await get(`/go/${brand._id}`)
    expect(go.status).toBe(404)
    expect(go.headers.get('location')).toBeNull()
    expect((await t.ctx.services.brands.directory(1))!.brands.some((b) => b._id === brand._id)).toBe(false)
    expect(await text('/sitemap-brands-1.xml')).not.toContain(`/brands/${brand._id}`)
    // the admin sees it
    const admin = await (await send('GET', '/api/brands/static-offers-admin')).json()
    expect(admin.pages.find((b: { _id: string }) => b._id === brand._id)).toMatchObject({ status: 'draft' })
    // published: everywhere at once
    const published = await sendBrand('PUT', `/api/brands/${brand._id}`, brandFields({ status: 'published' }))
    expect(published.status).toBe(200)
    expect((await get(`/api/brands/${brand._id}`)).status).toBe(200)
    expect((await get(`/go/${brand._id}`)).status).toBe(302)
    expect(await text('/sitemap-brands-1.xml')).toContain(`/brands/${brand._id}`)
  })

  it('an update that does not send a status keeps the brand\'s own', async () => {
    const brand = await (await sendBrand('POST', '/api/brands', brandFields({ brandName: 'Quiet Draft', status: 'draft' }))).json()
    const updated = await (await sendBrand('PUT', `/api/brands/${brand._id}`, brandFields({ brandName: 'Quiet Draft' }))).json()
    expect(updated.status).toBe('draft')
    expect((await sendBrand('PUT', `/api/brands/${brand._id}`, brandFields({ brandName: 'Quiet Draft', status: 'scheduled', publishAt: 'soon' }))).status).toBe(400)
    expect((await t.ctx.repos.brands.findById(brand._id))!.status).toBe('draft')
  })
})

describe('preview links', () => {
  it('an editor gets a signed link for a draft; it is refused when tampered with or expired', async () => {
    const draft = await (await send('POST', '/api/posts/article', { title: 'Preview me', status: 'draft' })).json()
    expect((await send('POST', '/api/preview-links', { kind: 'post', id: draft._id }, null)).status).toBe(401)
    const res = await send('POST', '/api/preview-links', { kind: 'post', id: draft._id })
    expect(res.status).toBe(201)
    const { path, expiresAt } = await res.json()
    expect(path).toMatch(new RegExp(`^/preview/article/${draft._id}\\?exp=\\d+&sig=`))
    expect(Date.parse(expiresAt)).toBe(clock.t + HOUR)
    const url = new URL(path, 'http://x')
    const [exp, sig] = [url.searchParams.get('exp') ?? undefined, url.searchParams.get('sig') ?? undefined]
    const links = t.ctx.services.previewLinks
    expect(links.verify({ kind: 'post', id: draft._id }, exp, sig)).toBe(true)
    expect(links.verify({ kind: 'post', id: 'another-post' }, exp, sig)).toBe(false)
    expect(links.verify({ kind: 'brand', id: draft._id }, exp, sig)).toBe(false)
    expect(links.verify({ kind: 'post', id: draft._id }, String(Number(exp) + 1000), sig)).toBe(false)
    clock.t += HOUR + 1
    expect(links.verify({ kind: 'post', id: draft._id }, exp, sig)).toBe(false)
    expect((await send('POST', '/api/preview-links', { kind: 'post', id: 'no-such-post' })).status).toBe(404)
    expect((await send('POST', '/api/preview-links', { kind: 'page', id: draft._id })).status).toBe(400)
  })
})

describe('revisions', () => {
  it('every save keeps one; the list is newest first; a diff shows what changed, field by field', async () => {
    const created = await (await send('POST', '/api/posts/article', { title: 'Revised guide', description: 'First words', tag: 'Guides', status: 'draft' })).json()
    await send('PUT', `/api/posts/${created._id}`, { title: 'Revised guide', description: 'Second words', tag: 'Guides' })
    await send('PUT', `/api/posts/${created._id}`, { title: 'Revised guide, final', description: 'Second words', tag: 'Guides', status: 'published' })
    const { revisions } = await (await send('GET', `/api/posts/${created._id}/revisions`)).json()
    expect(revisions.map((r: { action: string; title: string }) => [r.action, r.title])).toEqual([
      ['update', 'Revised guide, final'],
      ['update', 'Revised guide'],
      ['create', 'Revised guide'],
    ])
    const [newest, , oldest] = revisions
    const diff = await (await send('GET', `/api/posts/${created._id}/revisions/diff?from=${oldest._id}&to=${newest._id}`)).json()
    expect(diff.changes).toMatchObject([
      { field: 'title', label: 'Title', from: 'Revised guide', to: 'Revised guide, final', parts: [{ text: 'Revised guide', op: 'same' }, { text: ', final', op: 'ins' }] },
      { field: 'description', label: 'Description', from: 'First words', to: 'Second words' },
      { field: 'status', label: 'Status', from: 'draft', to: 'published' },
    ])
    const one = await (await send('GET', `/api/posts/${created._id}/revisions/${oldest._id}`)).json()
    expect(one.record).toMatchObject({ title: 'Revised guide', description: 'First words', status: 'draft' })
  })

  it('restoring one saves its fields as a new revision and keeps the current status', async () => {
    const created = await (await send('POST', '/api/posts/article', { title: 'Restorable', description: 'Good text' })).json()
    await send('PUT', `/api/posts/${created._id}`, { title: 'Restorable', description: 'Bad edit', status: 'draft' })
    const { revisions } = await (await send('GET', `/api/posts/${created._id}/revisions`)).json()
    const original = revisions[1]
    const res = await send('POST', `/api/posts/${created._id}/revisions/${original._id}/restore`)
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ description: 'Good text', status: 'draft' })
    const after = (await (await send('GET', `/api/posts/${created._id}/revisions`)).json()).revisions
    expect(after[0]).toMatchObject({ action: 'restore', restoredFrom: original._id })
    const { entries } = await t.ctx.services.audit.list({ target: `post:${created._id}` })
    expect(entries[0]).toMatchObject({ action: 'post.restore', note: `revision ${original._id}`, changes: [{ field: 'description', from: 'Bad edit', to: 'Good text' }] })
  })

  it('restoring a revision of another item, or of a deleted item, is 404; a malformed id is 400', async () => {
    const a = await (await send('POST', '/api/posts/article', { title: 'Item A' })).json()
    const b = await (await send('POST', '/api/posts/article', { title: 'Item B' })).json()
    const [revOfA] = (await (await send('GET', `/api/posts/${a._id}/revisions`)).json()).revisions
    const wrong = await send('POST', `/api/posts/${b._id}/revisions/${revOfA._id}/restore`)
    expect(wrong.status).toBe(404)
    expect(await wrong.json()).toMatchObject({ message: 'Revision not found', code: 'not_found' })
    expect((await send('GET', `/api/posts/${b._id}/revisions/diff?from=${revOfA._id}&to=${revOfA._id}`)).status).toBe(404)
    await send('DELETE', `/api/posts/${a._id}`)
    expect((await send('POST', `/api/posts/${a._id}/revisions/${revOfA._id}/restore`)).status).toBe(404)
    expect((await send('GET', `/api/posts/${a._id}/revisions`)).status).toBe(404)
    expect((await send('POST', `/api/posts/${b._id}/revisions/not-hex!/restore`)).status).toBe(400)
    expect((await send('GET', `/api/posts/${b._id}/revisions`, undefined, null)).status).toBe(401)
  })

  it('brand pages keep revisions too, and a restore brings back the fields and the logo', async () => {
    const brand = await (await sendBrand('POST', '/api/brands', brandFields({ brandName: 'Revision Casino', tagline: 'Original tagline' }))).json()
    await sendBrand('PUT', `/api/brands/${brand._id}`, brandFields({ brandName: 'Revision Casino', tagline: 'Worse tagline', dealBox: JSON.stringify({ ctaLabel: 'Play', ctaUrl: 'https://changed.example/go' }) }))
    const { revisions } = await (await send('GET', `/api/brands/${brand._id}/revisions`)).json()
    expect(revisions.map((r: { action: string }) => r.action)).toEqual(['update', 'create'])
    const diff = await (await send('GET', `/api/brands/${brand._id}/revisions/diff?from=${revisions[1]._id}&to=${revisions[0]._id}`)).json()
    expect(diff.changes).toMatchObject([
      { field: 'dealBox.ctaUrl', label: 'Deal box · Button URL', from: 'https://draft.example/go', to: 'https://changed.example/go' },
      { field: 'tagline', label: 'Tagline', from: 'Original tagline', to: 'Worse tagline' },
    ])
    const restored = await (await send('POST', `/api/brands/${brand._id}/revisions/${revisions[1]._id}/restore`)).json()
    expect(restored).toMatchObject({ tagline: 'Original tagline', dealBox: { ctaUrl: 'https://draft.example/go' } })
  })
})

describe('REVISIONS_KEEP', () => {
  it('keeps only the newest N per item', async () => {
    const small = await makeTestApp({ seed: false, env: { REVISIONS_KEEP: '2' } })
    const { accessToken } = await loginAs(small, 'editor')
    const req = (method: string, path: string, body?: unknown) =>
      small.app.request(path, { method, headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` }, body: body === undefined ? undefined : JSON.stringify(body) })
    const post = await (await req('POST', '/api/posts/article', { title: 'Kept twice' })).json()
    for (const d of ['one', 'two', 'three']) await req('PUT', `/api/posts/${post._id}`, { title: 'Kept twice', description: d })
    const { revisions, keep } = await (await req('GET', `/api/posts/${post._id}/revisions`)).json()
    expect(keep).toBe(2)
    expect(revisions.length).toBe(2)
    expect(await small.ctx.store.collection('revisions').count({ item: `post:${post._id}` })).toBe(2)
  })
})

describe('two processes over one store', () => {
  const dir = tempDataDir()
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('a scheduled post is published once, by one of them, and both serve it', async () => {
    const config = loadConfig({ DATA_DIR: dir, SITE_URL: 'http://localhost:3000', NODE_ENV: 'test', AUTH_SECRET: 'test-secret-that-is-long-enough-0123456789' })
    const clock2 = { t: Date.parse('2026-11-22T10:00:00Z') }
    const open = async () => {
      const ctx = await createAppContext(config, { store: new SqliteStore(`${dir}/gamewise.db`), now: () => new Date(clock2.t) })
      return { ctx, app: createApp({ config, services: ctx.services, store: ctx.store, renderCache: ctx.renderCache }) }
    }
    const [one, two] = [await open(), await open()]
    const at = new Date(clock2.t + 60_000).toISOString()
    const post = await one.ctx.services.posts.create('article', { title: 'Two process launch', status: 'scheduled', publishAt: at })
    // both processes have served (and cached) the archive without it
    for (const p of [one, two]) expect(await (await p.app.request('/rss.xml')).text()).not.toContain(post._id)
    clock2.t += 61_000
    const published = await Promise.all([one.ctx.services.scheduler.publishDue(), two.ctx.services.scheduler.publishDue()])
    expect(published.reduce((a, b) => a + b, 0)).toBe(1)
    const { entries } = await one.ctx.services.audit.list({ action: 'post.publish' })
    expect(entries.length).toBe(1)
    // the other process hears of it through the content version: its cache checks at most once a second,
    // in the background of a request, so the feed shows the post within a few seconds, by itself
    for (const p of [one, two]) {
      const deadline = Date.now() + 5_000
      let feed = ''
      while (Date.now() < deadline && !feed.includes(post._id)) {
        feed = await (await p.app.request('/rss.xml')).text()
        if (!feed.includes(post._id)) await new Promise((r) => setTimeout(r, 200))
      }
      expect(feed).toContain(post._id)
    }
    await one.ctx.close()
    await two.ctx.close()
  })
})

describe('scheduled items arriving by import', () => {
  it('a publishAt with an offset is stored in UTC, so the scheduler compares it right', async () => {
    const { storedPostSchema } = await import('../../db/repositories/posts.ts')
    const parsed = storedPostSchema.parse({ _id: 'imported-scheduled', title: 'Imported', type: 'article', status: 'scheduled', publishAt: '2026-12-01T10:00:00+01:00', createdAt: '2026-11-01T00:00:00Z', updatedAt: '2026-11-01T00:00:00Z' })
    expect(parsed.publishAt).toBe('2026-12-01T09:00:00.000Z')
  })
})
