import { beforeAll, describe, expect, it } from 'vitest'
import { SqliteStore } from '../../db/sqlite/index.ts'
import { loginAs, makeTestApp } from '../../test/make-app.ts'
import { demoAuthors } from '../demo/authors.ts'

const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=='

type App = Awaited<ReturnType<typeof makeTestApp>>
let t: App
let admin: string
let editor: string
let user: string
beforeAll(async () => {
  t = await makeTestApp() // the demo: two profiles, each author of some posts and reviewer of the other's
  admin = (await loginAs(t, 'admin')).accessToken
  editor = (await loginAs(t, 'editor')).accessToken
  user = (await loginAs(t, 'user')).accessToken
})

const send = (method: string, path: string, body?: unknown, token: string | null = admin) =>
  t.app.request(path, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  })
const profile = (over: Record<string, unknown> = {}) => ({ name: 'Lena Fischer', bio: 'Poker writer.', expertise: ['Poker'], links: [{ label: 'Site', url: 'https://lena.example/' }], ...over })
let made = 0
/** A fresh profile through the API (a slug of its own per call). */
async function create(over: Record<string, unknown> = {}) {
  const res = await send('POST', '/api/authors', profile({ name: `Writer ${++made}`, ...over }))
  expect(res.status, await res.clone().text()).toBe(201)
  return res.json()
}

describe('who may call /api/authors (issue 22: only admins manage profiles; editors pick them)', () => {
  it('editors read the list (for the pickers); anonymous is 401 and a user 403', async () => {
    const res = await send('GET', '/api/authors', undefined, editor)
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('no-store')
    const { authors } = await res.json()
    expect(authors.map((a: { name: string }) => a.name)).toEqual(['Daniel Okafor', 'Maya Chen']) // by name
    expect(authors[0].usage).toEqual({ authored: 5, reviewed: 5 })
    expect((await send('GET', '/api/authors', undefined, null)).status).toBe(401)
    expect((await send('GET', '/api/authors', undefined, user)).status).toBe(403)
  })

  it('an editor cannot create, change or delete a profile (403), and nothing is written', async () => {
    const before = await t.ctx.store.collection('authors').count()
    for (const [method, path, body] of [
      ['POST', '/api/authors', profile({ name: 'Sneaky' })],
      ['PUT', '/api/authors/maya-chen', profile({ name: 'Renamed' })],
      ['DELETE', '/api/authors/daniel-okafor', undefined],
    ] as const) {
      const res = await send(method, path, body, editor)
      expect(res.status, `${method} ${path}`).toBe(403)
      expect(await res.json()).toMatchObject({ code: 'forbidden' })
    }
    expect(await t.ctx.store.collection('authors').count()).toBe(before)
    expect((await t.ctx.services.authors.get('maya-chen')).name).toBe('Maya Chen')
  })
})

describe('profiles: create, read, update, delete', () => {
  it('creates a profile with a slug made from the name, and reads it back', async () => {
    const res = await send('POST', '/api/authors', profile({ name: 'Zoë Ångström-Müller' }))
    expect(res.status).toBe(201)
    const a = await res.json()
    expect(a).toMatchObject({ slug: 'zoe-angstrom-muller', name: 'Zoë Ångström-Müller', bio: 'Poker writer.', expertise: ['Poker'], photo: '', links: [{ label: 'Site', url: 'https://lena.example/' }] })
    expect(a._id).toMatch(/^[0-9a-f]{24}$/) // opaque: the slug may change, posts keep the id
    expect(await (await send('GET', `/api/authors/${a._id}`, undefined, editor)).json()).toEqual(a)
  })

  it('refuses a slug another profile holds (409, naming the field), on create and on update', async () => {
    const res = await send('POST', '/api/authors', profile({ name: 'Maya Chen' }))
    expect(res.status).toBe(409)
    expect(await res.json()).toMatchObject({ code: 'conflict', issues: [{ path: 'slug' }] })
    const other = await create()
    const moved = await send('PUT', `/api/authors/${other._id}`, profile({ name: other.name, slug: 'daniel-okafor' }))
    expect(moved.status).toBe(409)
    expect((await moved.json()).message).toMatch(/address of Daniel Okafor/)
  })

  it.each([
    ['a missing name', { name: '  ' }, 'name'],
    ['a name with a line break', { name: 'Two\nlines' }, 'name'],
    ['an upper-case slug', { slug: 'Lena' }, 'slug'],
    ['a slug with two hyphens in a row', { slug: 'a--b' }, 'slug'],
    ['a javascript: photo', { photo: 'javascript:alert(1)' }, 'photo'],
    ['a photo path outside the media library', { photo: '/demo/authors/daniel-okafor.svg' }, 'photo'],
    ['a protocol-relative photo', { photo: '//evil.example/x.png' }, 'photo'],
    ['a data: photo that is not an image', { photo: 'data:text/html;base64,PHNjcmlwdD4=' }, 'photo'],
    ['a javascript: link', { links: [{ label: 'x', url: 'javascript:alert(1)' }] }, 'links.0.url'],
    ['a link that is a path', { links: [{ label: 'x', url: '/article/x' }] }, 'links.0.url'],
    ['a data: link', { links: [{ label: 'x', url: 'data:text/html,hi' }] }, 'links.0.url'],
    ['nine links', { links: Array.from({ length: 9 }, (_, i) => ({ label: '', url: `https://a.example/${i}` })) }, 'links'],
    ['a bio with HTML', { bio: 'Hi <script>alert(1)</script>' }, 'bio'],
    ['a bio of 1,201 characters', { bio: 'a'.repeat(1_201) }, 'bio'],
    ['an empty topic', { expertise: ['Poker', ' '] }, 'expertise.1'],
    ['thirteen topics', { expertise: Array.from({ length: 13 }, (_, i) => `Topic ${i}`) }, 'expertise'],
  ])('refuses %s with 400 naming the field', async (_, over, path) => {
    const before = await t.ctx.store.collection('authors').count()
    const res = await send('POST', '/api/authors', profile({ name: `Valid ${path}`, ...over }))
    expect(res.status).toBe(400)
    const body = await res.json()
    expect(body.code).toBe('bad_request')
    expect(body.message).toMatch(new RegExp(`^Invalid ${path.replace('.', '\\.')}`))
    expect(body.issues[0].path).toBe(path)
    expect(await t.ctx.store.collection('authors').count()).toBe(before)
  })

  it('answers JSON {message, code} for a body that is not JSON, a profile that does not exist, and an id past any length', async () => {
    const malformed = await send('POST', '/api/authors', '{"name": ')
    expect(malformed.status).toBe(400)
    expect(await malformed.json()).toMatchObject({ code: 'bad_request', message: expect.any(String) })
    for (const [method, path] of [['GET', '/api/authors/no-such-author'], ['PUT', '/api/authors/no-such-author'], ['DELETE', '/api/authors/no-such-author'], ['GET', `/api/authors/${'x'.repeat(500)}`]] as const) {
      const res = await send(method, path, method === 'PUT' ? profile() : undefined)
      expect(res.status, `${method} ${path.slice(0, 40)}`).toBe(404)
      expect(await res.json()).toEqual({ code: 'not_found', message: 'Author not found' })
    }
  })

  it('keeps a bio as plain text (line breaks kept), topics without repeats, and a link label optional', async () => {
    const a = await create({ bio: 'First paragraph.\n\nSecond & <3 cards.', expertise: ['Poker', 'poker', 'Esports'], links: [{ url: 'https://x.example/me' }] })
    expect(a.bio).toBe('First paragraph.\n\nSecond & <3 cards.')
    expect(a.expertise).toEqual(['Poker', 'Esports'])
    expect(a.links).toEqual([{ label: '', url: 'https://x.example/me' }])
  })

  it('stores an uploaded photo in the media library and answers its URL; the media library counts it as used', async () => {
    const a = await create({ photo: `data:image/png;base64,${PNG_BASE64}` })
    expect(a.photo).toMatch(/^\/media\/[0-9a-f]{32}-1x1\.png$/)
    const id = a.photo.slice('/media/'.length)
    const uses = (await t.ctx.services.mediaLibrary.usedBy([id])).get(id)
    expect(uses).toEqual([{ kind: 'author', id: a.slug, title: a.name }])
    const res = await send('DELETE', `/api/media/${id}`)
    expect(res.status).toBe(409) // prune and delete keep a profile's photo
    expect((await send('PUT', `/api/authors/${a._id}`, profile({ name: a.name, photo: 'https://cdn.example/p.jpg' }))).status).toBe(200)
    expect((await t.ctx.services.mediaLibrary.usedBy([id])).get(id)).toEqual([])
  })

  it('a new slug moves the page: the old address leads to the new one', async () => {
    const a = await create()
    const res = await send('PUT', `/api/authors/${a._id}`, profile({ name: a.name, slug: 'moved-writer' }))
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ _id: a._id, slug: 'moved-writer', createdAt: a.createdAt })
    expect(await t.ctx.services.authors.redirectFor(a.slug)).toBe('moved-writer')
    expect(await t.ctx.services.authors.page(a.slug, 1)).toBeNull()
    expect((await t.ctx.services.authors.page('moved-writer', 1))?.author._id).toBe(a._id)
    // an update that leaves the slug out keeps it
    expect((await (await send('PUT', `/api/authors/${a._id}`, profile({ name: 'Still moved' }))).json()).slug).toBe('moved-writer')
  })

  it('refuses to delete a profile posts still name (409: how many, and which), and deletes one they do not', async () => {
    const res = await send('DELETE', '/api/authors/maya-chen')
    expect(res.status).toBe(409)
    const body = await res.json()
    expect(body.code).toBe('conflict')
    expect(body.message).toMatch(/^Maya Chen is the author of 5 posts and the reviewer of 5 \(".+", ".+", ".+", …\): choose another author or reviewer on them first$/)
    expect(await t.ctx.services.authors.get('maya-chen')).toBeTruthy()

    const lone = await create()
    expect((await send('DELETE', `/api/authors/${lone._id}`)).status).toBe(200)
    expect((await send('GET', `/api/authors/${lone._id}`)).status).toBe(404)
    expect((await send('DELETE', `/api/authors/${lone._id}`)).status).toBe(404)
  })

  it('a reviewer-only profile is in use too: a draft naming it blocks the delete', async () => {
    const a = await create()
    const draft = await t.ctx.services.posts.create('article', { title: 'Reviewed draft', reviewerId: a._id, status: 'draft' })
    const res = await send('DELETE', `/api/authors/${a._id}`)
    expect(res.status).toBe(409)
    expect((await res.json()).message).toMatch(/is the reviewer of 1 \("Reviewed draft"\)/)
    await t.ctx.services.postTrash.trash(draft._id)
    expect((await send('DELETE', `/api/authors/${a._id}`)).status).toBe(200)
  })

  it('every write clears the render cache, so bylines and author pages follow at once', async () => {
    const before = t.ctx.renderCache.generation
    const a = await create()
    expect(t.ctx.renderCache.generation).toBeGreaterThan(before)
    const mid = t.ctx.renderCache.generation
    await send('PUT', `/api/authors/${a._id}`, profile({ name: 'Changed name' }))
    expect(t.ctx.renderCache.generation).toBeGreaterThan(mid)
  })

  it('records each write in the audit log', async () => {
    const a = await create()
    await send('PUT', `/api/authors/${a._id}`, profile({ name: 'Audited again' }))
    await send('DELETE', `/api/authors/${a._id}`)
    const { entries } = await t.ctx.services.audit.list({ target: `author:${a._id}` })
    expect(entries.map((e) => e.action).sort()).toEqual(['author.create', 'author.delete', 'author.update'])
  })
})

describe("a post's author and reviewer (the posts API)", () => {
  it('answers authorId and reviewerId on every post: the profiles, or null for none', async () => {
    const { articles } = await (await t.app.request('/api/posts/blog-content')).json()
    const rtp = articles.find((p: { _id: string }) => p._id === 'rtp-explained')
    expect(rtp).toMatchObject({ authorId: 'daniel-okafor', reviewerId: 'maya-chen', meta: { author: 'Daniel Okafor' } })
    const textOnly = articles.find((p: { meta: { author: string } }) => p.meta.author === 'Sofia Marín')
    expect(textOnly).toMatchObject({ authorId: null, reviewerId: null })
  })

  it('saves the profiles an editor picks, clears one with null, and keeps them when an older client sends neither', async () => {
    const res = await send('POST', '/api/posts/article', { title: 'With a byline', authorId: 'maya-chen', reviewerId: 'daniel-okafor' }, editor)
    expect(res.status).toBe(201)
    const post = await res.json()
    expect(post).toMatchObject({ authorId: 'maya-chen', reviewerId: 'daniel-okafor' })
    // the spec's admin knows no profiles: its save leaves them as they are
    const older = await send('PUT', `/api/posts/${post._id}`, { title: 'With a byline', tag: 'Guides' }, editor)
    expect(await older.json()).toMatchObject({ authorId: 'maya-chen', reviewerId: 'daniel-okafor' })
    const cleared = await send('PUT', `/api/posts/${post._id}`, { title: 'With a byline', reviewerId: null }, editor)
    expect(await cleared.json()).toMatchObject({ authorId: 'maya-chen', reviewerId: null })
    expect((await t.ctx.services.posts.get(post._id)).reviewerId).toBeNull()
  })

  it.each([
    ['an author that is no profile', { authorId: 'nobody-here' }, 'authorId', /no author profile/],
    ['a reviewer that is no profile', { reviewerId: 'nobody-here' }, 'reviewerId', /no author profile/],
    ['a malformed author id', { authorId: '../etc' }, 'authorId', /malformed id/],
    ['the author as their own reviewer', { authorId: 'daniel-okafor', reviewerId: 'daniel-okafor' }, 'reviewerId', /someone other than the author/],
  ])('refuses %s with 400 naming the field', async (_, over, path, message) => {
    const res = await send('POST', '/api/posts/article', { title: `Refused ${path}`, ...over }, editor)
    expect(res.status).toBe(400)
    const body = await res.json()
    expect(body).toMatchObject({ code: 'bad_request', issues: [{ path }] })
    expect(body.message).toMatch(new RegExp(`^Invalid ${path}: `))
    expect(body.message).toMatch(message)
  })
})

describe('author pages: constant cost, and in the sitemap', () => {
  it('a page of an author reads one page of posts from an index, however many the archive holds', async () => {
    const store = new SqliteStore(':memory:')
    const big = await makeTestApp({ seed: false, store })
    const author = await big.ctx.services.authors.create({ name: 'Prolific Writer' })
    const at = (i: number) => new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString()
    for (let i = 0; i < 200; i++)
      await big.ctx.repos.posts.insert({ _id: `p${i}`, title: `Post ${i}`, image: '', tag: 'Guides', description: '', type: 'article', content: { summary: [], body: [] }, meta: { author: '', date: '', reviewer: '', readTime: '' }, related_studies: [], authorId: i % 4 === 0 ? author._id : null, createdAt: at(i), updatedAt: at(i) })
    const before = store.rowsRead
    const page = await big.ctx.services.authors.page('prolific-writer', 2)
    expect(page).toMatchObject({ page: 2, pages: 4, total: 50 })
    expect(page!.posts.map((p) => p._id)).toEqual(Array.from({ length: 15 }, (_, i) => `p${(49 - 15 - i) * 4}`)) // newest first, page 2
    // one author row, the count from the index, then 15 posts: never the other authors' 150
    expect(store.rowsRead - before).toBeLessThanOrEqual(1 + 15)
    expect(await big.ctx.services.authors.page('prolific-writer', 5)).toBeNull()
  })

  it('lists every author page (each page of a long list) in sitemap-authors-N.xml, with its last change', async () => {
    const index = await (await t.app.request('/sitemap.xml')).text()
    expect(index).toContain('<loc>http://localhost:3000/sitemap-authors-1.xml</loc>')
    const xml = await (await t.app.request('/sitemap-authors-1.xml')).text()
    for (const a of demoAuthors) expect(xml).toContain(`<url><loc>http://localhost:3000/author/${a.slug}</loc><lastmod>`)
    expect(xml).not.toContain('/author/zoe-angstrom-muller/page/2') // one page each here
  })
})

describe('profiles travel with the content: export, import, backup', () => {
  it('a posts export carries the profiles its posts name, and imports whole into an empty store', async () => {
    const bundle = JSON.parse(JSON.stringify(await t.ctx.services.transfer.export('posts')))
    expect(bundle.authors.map((a: { _id: string }) => a._id).sort()).toEqual(['daniel-okafor', 'maya-chen'])
    const empty = await makeTestApp({ seed: false })
    const report = await empty.ctx.services.transfer.import('posts', bundle)
    expect(report.invalid).toEqual([])
    expect(report.created.filter((c) => c.startsWith('author '))).toEqual(['author daniel-okafor', 'author maya-chen'])
    expect((await empty.ctx.services.posts.get('rtp-explained')).authorId).toBe('daniel-okafor')
    expect((await empty.ctx.services.authors.page('daniel-okafor', 1))?.total).toBeGreaterThan(0)
  })

  it('an authors export holds every profile and nothing else', async () => {
    const bundle = await t.ctx.services.transfer.export('authors')
    expect(bundle.posts).toEqual([])
    expect(bundle.brands).toEqual([])
    expect(bundle.authors.length).toBe((await t.ctx.repos.authors.list()).length)
  })

  it('an import refuses a post naming a profile in neither the file nor the store, and a slug another profile holds; nothing is written', async () => {
    const bundle = JSON.parse(JSON.stringify(await t.ctx.services.transfer.export('posts')))
    const empty = await makeTestApp({ seed: false })
    const rtp = bundle.posts.findIndex((p: { _id: string }) => p._id === 'rtp-explained')
    bundle.authors = bundle.authors.filter((a: { _id: string }) => a._id !== 'daniel-okafor')
    bundle.authors.push({ ...bundle.authors[0], _id: 'another-maya' }) // same slug, another id
    const report = await empty.ctx.services.transfer.import('posts', bundle)
    expect(report.written).toBe(false)
    expect(report.invalid).toEqual(
      expect.arrayContaining([
        { record: `posts[${rtp}]`, field: 'authorId', message: 'no author profile daniel-okafor in this file or the store' },
        { record: 'authors[1]', field: 'slug', message: '"maya-chen" is the address of another author (maya-chen)' },
      ]),
    )
    expect(await empty.ctx.store.collection('posts').count()).toBe(0)
    expect(await empty.ctx.store.collection('authors').count()).toBe(0)
  })

  it('a backup holds every profile; restored into an empty store, bylines and author pages are as they were', async () => {
    const backup = JSON.parse(JSON.stringify(await t.ctx.services.backup.create()))
    expect(backup.collections.authors.length).toBe((await t.ctx.repos.authors.list()).length)
    const fresh = await makeTestApp({ seed: false })
    await fresh.ctx.services.backup.restore(backup)
    expect(await fresh.ctx.repos.authors.list()).toEqual(await t.ctx.repos.authors.list())
    expect(await fresh.ctx.services.authors.bylineOf(await fresh.ctx.services.posts.get('rtp-explained'))).toEqual({
      author: { name: 'Daniel Okafor', slug: 'daniel-okafor' },
      reviewer: { name: 'Maya Chen', slug: 'maya-chen' },
    })
  })
})
