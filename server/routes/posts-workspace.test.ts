import { beforeAll, describe, expect, it } from 'vitest'
import { appSignedIn, jsonSender, type makeTestApp } from '../../test/make-app.ts'

/** The editors' workspace on the API (issue 25): tags as a list, an editable slug, the text preview. */
let t: Awaited<ReturnType<typeof makeTestApp>>
let token: string
let userToken: string
beforeAll(async () => {
  ;({ t, tokens: [token, userToken] } = await appSignedIn({ seed: false }, ['editor', 'user']))
})

const send = jsonSender(() => t, () => token)
const create = async (body: Record<string, unknown>) => {
  const res = await send('POST', '/api/posts/article', body)
  expect(res.status, await res.clone().text()).toBe(201)
  return res.json()
}
const archiveIds = async (tagSlug: string) => (await t.ctx.services.content.archive({ page: 1, tagSlug }))?.posts.map((p) => p._id) ?? []

describe('tags as a list', () => {
  it('"Guides, Speedrunning, Hollow Knight" as three tags: the first is `tag`, and the post is on each tag archive', async () => {
    const post = await create({ title: 'Speedrunning Hollow Knight', tags: ['Guides', 'Speedrunning', 'Hollow Knight'] })
    expect(post).toMatchObject({ tag: 'Guides', tags: ['Guides', 'Speedrunning', 'Hollow Knight'] })
    for (const slug of ['guides', 'speedrunning', 'hollow-knight']) expect(await archiveIds(slug)).toContain(post._id)
    expect(await archiveIds('guides-speedrunning-hollow-knight')).toEqual([])
    expect(await t.ctx.services.content.tagName('hollow-knight')).toBe('Hollow Knight')
    expect(await t.ctx.services.content.tagSlugs()).toEqual(expect.arrayContaining(['guides', 'hollow-knight', 'speedrunning']))
    const suggestions = await (await send('GET', '/api/posts/tags')).json()
    expect(suggestions.tags).toEqual(expect.arrayContaining(['Guides', 'Hollow Knight', 'Speedrunning']))
    // every tag has its page in the sitemap; search, export and backups carry the list
    const tagsSitemap = await t.ctx.services.sitemaps.sitemap('tags', 1)
    for (const slug of ['guides', 'speedrunning', 'hollow-knight']) expect(tagsSitemap).toContain(`/tag/${slug}</loc>`)
    const found = await t.ctx.services.search.search({ q: 'speedrunning' })
    expect(found.results.map((r) => r._id)).toContain(post._id)
    const exported = await t.ctx.services.transfer.export('posts')
    expect(exported.posts.find((p) => p._id === post._id)).toMatchObject({ tags: ['Guides', 'Speedrunning', 'Hollow Knight'] })
    const backup = await t.ctx.services.backup.create()
    expect((backup.collections.posts as { _id: string; tags: string[] }[]).find((p) => p._id === post._id)?.tags).toEqual(['Guides', 'Speedrunning', 'Hollow Knight'])
  })

  it("an older client's `tag` alone becomes a one-tag list, and on update replaces only the first tag", async () => {
    const post = await create({ title: 'Old client', tag: 'News' })
    expect(post.tags).toEqual(['News'])
    const tagged = await (await send('PUT', `/api/posts/${post._id}`, { title: 'Old client', tags: ['News', 'Esports'] })).json()
    expect(tagged.tags).toEqual(['News', 'Esports'])
    const renamed = await (await send('PUT', `/api/posts/${post._id}`, { title: 'Old client', tag: 'Reviews' })).json()
    expect(renamed).toMatchObject({ tag: 'Reviews', tags: ['Reviews', 'Esports'] })
    expect(await archiveIds('esports')).toContain(post._id)
    expect(await archiveIds('news')).not.toContain(post._id)
  })

  it('one spelling per archive; too many or too long tags are a 400 naming the field', async () => {
    const post = await create({ title: 'Dupes', tags: ['Guides', 'guides', ' GUIDES '] })
    expect(post.tags).toEqual(['Guides'])
    const many = await send('POST', '/api/posts/article', { title: 'x', tags: Array.from({ length: 21 }, (_, i) => `t${i}`) })
    expect(many.status).toBe(400)
    expect((await many.json()).message).toMatch(/tags.*at most 20 tags/)
    const long = await send('POST', '/api/posts/article', { title: 'x', tags: ['x'.repeat(101)] })
    expect(long.status).toBe(400)
  })

  it('related articles share any tag', async () => {
    const a = await create({ title: 'Related A', tags: ['Alpha', 'Shared'] })
    const b = await create({ title: 'Related B', tags: ['Beta', 'Shared'] })
    expect((await t.ctx.services.content.related(a)).map((p) => p._id)).toContain(b._id)
  })
})

describe('an editable slug (the old address answers 301)', () => {
  it('renames a post with its revisions; the old address leads to the new one, also after a second rename', async () => {
    const post = await create({ title: 'Best Casino Bonuses', tags: ['Bonuses'] })
    const res = await send('PUT', `/api/posts/${post._id}`, { title: 'Best Casino Bonuses 2026', tags: ['Bonuses'], slug: 'best-bonuses-2026' })
    expect(res.status).toBe(200)
    const moved = await res.json()
    expect(moved).toMatchObject({ _id: 'best-bonuses-2026', title: 'Best Casino Bonuses 2026', createdAt: post.createdAt })
    expect((await send('GET', `/api/posts/${post._id}`)).status).toBe(404)
    expect(await t.ctx.services.posts.redirectFor(post._id)).toBe('best-bonuses-2026')
    const revisions = await (await send('GET', '/api/posts/best-bonuses-2026/revisions')).json()
    expect(revisions.revisions.map((r: { action: string }) => r.action)).toEqual(['update', 'create'])
    expect(await archiveIds('bonuses')).toContain('best-bonuses-2026')

    await send('PUT', '/api/posts/best-bonuses-2026', { title: 'Best Casino Bonuses 2026', slug: 'casino-bonuses' })
    expect(await t.ctx.services.posts.redirectFor(post._id)).toBe('casino-bonuses') // no chain to follow
    expect(await t.ctx.services.posts.redirectFor('best-bonuses-2026')).toBe('casino-bonuses')
    // back to an old address: it is the post's again, not a redirect
    await send('PUT', '/api/posts/casino-bonuses', { title: 'Best Casino Bonuses 2026', slug: 'best-bonuses-2026' })
    expect(await t.ctx.services.posts.redirectFor('best-bonuses-2026')).toBeNull()
    expect(await t.ctx.services.posts.redirectFor('casino-bonuses')).toBe('best-bonuses-2026')
  })

  it('a taken slug is a 409 and a malformed one a 400, naming the field; nothing changes', async () => {
    const a = await create({ title: 'Slug A' })
    await create({ title: 'Slug B' })
    const taken = await send('PUT', `/api/posts/${a._id}`, { title: 'Changed', slug: 'slug-b' })
    expect(taken.status).toBe(409)
    expect(await taken.json()).toMatchObject({ code: 'conflict', message: expect.stringMatching(/slug-b.*taken/) })
    const bad = await send('PUT', `/api/posts/${a._id}`, { title: 'Changed', slug: 'Not A Slug!' })
    expect(bad.status).toBe(400)
    expect((await bad.json()).message).toMatch(/^Invalid slug: URL slug may hold lower-case letters/)
    expect((await (await send('GET', `/api/posts/${a._id}`)).json()).title).toBe('Slug A')
  })

  it('a new post may choose its address', async () => {
    expect((await create({ title: 'Chosen', slug: 'my-chosen-address' }))._id).toBe('my-chosen-address')
    expect((await send('POST', '/api/posts/article', { title: 'Again', slug: 'my-chosen-address' })).status).toBe(409)
  })
})

describe('the editor’s reads', () => {
  it('GET /api/posts/:id answers a draft to an editor, 404 for none, 401/403 to others', async () => {
    const draft = await create({ title: 'A draft', status: 'draft' })
    expect((await (await send('GET', `/api/posts/${draft._id}`)).json()).status).toBe('draft')
    expect((await send('GET', '/api/posts/no-such-post')).status).toBe(404)
    expect((await send('GET', `/api/posts/${draft._id}`, undefined, null)).status).toBe(401)
    expect((await send('GET', `/api/posts/${draft._id}`, undefined, userToken)).status).toBe(403)
  })

  it('POST /api/posts/preview-text renders section text as the page will and names hyperlinks it lacks', async () => {
    const res = await send('POST', '/api/posts/preview-text', { content: 'One **two**.\n\nThree', hyperlinks: [{ text: 'two', url: '/article/x' }, { text: 'four', url: '/article/y' }] })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({
      tree: [{ t: 'p', c: ['One ', { t: 'strong', c: [{ t: 'a', href: '/article/x', c: ['two'] }] }, '.'] }, { t: 'p', c: ['Three'] }],
      unmatched: [1],
      // issue 22: the text's comparison tables (none here), directives it cannot read, and whose country tables show
      comparisons: [],
      reach: [], // issue 32: per table, where its chosen brands are hidden
      problems: [],
      country: null,
    })
    expect((await send('POST', '/api/posts/preview-text', { content: 'x', hyperlinks: [{ text: 'x', url: 'javascript:alert(1)' }] })).status).toBe(400)
    expect((await send('POST', '/api/posts/preview-text', { content: 'x', hyperlinks: [] }, userToken)).status).toBe(403)
  })

  it('GET /api/posts/writing-tools says whether AI writing is configured', async () => {
    expect(await (await send('GET', '/api/posts/writing-tools')).json()).toEqual({ ai: false })
  })
})
