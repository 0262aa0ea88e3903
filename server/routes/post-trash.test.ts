import { beforeAll, describe, expect, it } from 'vitest'
import { appSignedIn, jsonSender, type makeTestApp } from '../../test/make-app.ts'

/**
 * Issue 32: Delete moves a post to a Trash. It leaves every public read at once, is listed for editors with
 * Restore (back as it was) and Delete forever, keeps its address from new posts, and is erased after 30
 * days. Runs on the store TEST_STORE names (SQLite by default, MongoDB with TEST_STORE=mongodb).
 */
const DAY = 86_400_000
const clock = { t: Date.parse('2026-11-01T10:00:00Z') }
let t: Awaited<ReturnType<typeof makeTestApp>>
let token: string
let userToken: string
beforeAll(async () => {
  ;({ t, tokens: [token, userToken] } = await appSignedIn({ seed: false, now: () => new Date(clock.t) }, ['editor', 'user']))
})

const send = jsonSender(() => t, () => token)
const create = async (body: Record<string, unknown>) => {
  const res = await send('POST', '/api/posts/article', body)
  expect(res.status, await res.clone().text()).toBe(201)
  return (await res.json()) as { _id: string; title: string; updatedAt: string; status?: string }
}
/** Where a visitor (or a crawler, a feed reader, a searcher) could meet the post. */
async function publicSightings(id: string) {
  const { services } = t.ctx
  return {
    article: Boolean(await services.content.findArticle(id)),
    related: (await send('GET', `/api/posts/related/${id}`, undefined, null)).status === 200,
    feed: (await (await t.app.request('/rss.xml')).text()).includes(`/article/${id}`),
    sitemap: (await services.sitemaps.sitemap('articles', 1))?.includes(`/article/${id}<`) ?? false,
    search: (await services.search.search({ q: 'Trashable' })).results.some((r) => r._id === id),
    tag: ((await services.content.archive({ page: 1, tagSlug: 'trash-tests' }))?.posts ?? []).some((p) => p._id === id),
  }
}
const everywhere = { article: true, related: true, feed: true, sitemap: true, search: true, tag: true }
const nowhere = { article: false, related: false, feed: false, sitemap: false, search: false, tag: false }

describe('the posts Trash (issue 32)', () => {
  it('DELETE moves a live post to the Trash: gone from every public read at once; Restore brings it back as it was', async () => {
    const post = await create({ title: 'Trashable bankroll guide', tags: ['Trash tests'], description: 'A post to trash.' })
    await send('PUT', `/api/posts/${post._id}`, { title: 'Trashable bankroll guide', tags: ['Trash tests'], description: 'Edited once.' })
    expect(await publicSightings(post._id)).toEqual(everywhere)

    const del = await send('DELETE', `/api/posts/${post._id}`)
    expect(del.status).toBe(200)
    const body = await del.json()
    expect(body).toMatchObject({ ok: true, trashed: { _id: post._id, title: 'Trashable bankroll guide', status: 'published', purgeAt: new Date(clock.t + 30 * DAY).toISOString() } })
    expect(await publicSightings(post._id)).toEqual(nowhere)
    expect((await send('GET', `/api/posts/${post._id}`)).status).toBe(404)
    expect((await (await send('GET', '/api/posts/list?type=article')).json()).posts.map((p: { _id: string }) => p._id)).not.toContain(post._id)

    const trash = await (await send('GET', '/api/posts/trash')).json()
    expect(trash).toMatchObject({ total: 1, days: 30 })
    expect(trash.posts[0]).toMatchObject({ _id: post._id, title: 'Trashable bankroll guide', type: 'article', status: 'published', trashedAt: new Date(clock.t).toISOString() })
    expect(trash.posts[0].trashedBy).toMatch(/^editor_/)

    const restored = await send('POST', `/api/posts/trash/${post._id}/restore`)
    expect(restored.status).toBe(200)
    expect(await restored.json()).toMatchObject({ _id: post._id, description: 'Edited once.', status: 'published' })
    expect(await publicSightings(post._id)).toEqual(everywhere)
    expect((await (await send('GET', '/api/posts/trash')).json()).total).toBe(0)
    // its history came back with it
    const { revisions } = await (await send('GET', `/api/posts/${post._id}/revisions`)).json()
    expect(revisions.length).toBe(2)
    const actions = (await t.ctx.services.audit.list({ target: `post:${post._id}` })).entries.map((e) => e.action)
    expect(actions).toEqual(expect.arrayContaining(['post.trash', 'post.untrash']))
  })

  it('a draft comes back a draft, not published', async () => {
    const post = await create({ title: 'Trashed draft', status: 'draft' })
    await send('DELETE', `/api/posts/${post._id}`)
    expect((await (await send('GET', '/api/posts/trash')).json()).posts[0]).toMatchObject({ _id: post._id, status: 'draft' })
    expect(await (await send('POST', `/api/posts/trash/${post._id}/restore`)).json()).toMatchObject({ status: 'draft' })
    expect(await t.ctx.services.content.findArticle(post._id)).toBeFalsy()
    await send('DELETE', `/api/posts/${post._id}`)
    await send('DELETE', `/api/posts/trash/${post._id}`)
  })

  it("a trashed post keeps its address: a new post gets another, and a chosen slug that is its is refused, naming the Trash", async () => {
    const post = await create({ title: 'Held address' })
    await send('DELETE', `/api/posts/${post._id}`)
    const other = await create({ title: 'Held address' })
    expect(other._id).not.toBe(post._id)
    const chosen = await send('POST', '/api/posts/article', { title: 'Another', slug: post._id })
    expect(chosen.status).toBe(409)
    expect((await chosen.json()).message).toContain('in the Trash')
    expect((await send('POST', `/api/posts/trash/${post._id}/restore`)).status).toBe(200)
    await send('DELETE', `/api/posts/${other._id}`)
    await send('DELETE', `/api/posts/trash/${other._id}`)
  })

  it('Delete forever erases it and its revisions; then it is 404 everywhere, and its address is free again', async () => {
    const post = await create({ title: 'Erased for good' })
    await send('DELETE', `/api/posts/${post._id}`)
    const res = await send('DELETE', `/api/posts/trash/${post._id}`)
    expect(res.status).toBe(200)
    expect(await t.ctx.store.collection('revisions').count({ item: `post:${post._id}` })).toBe(0)
    expect((await send('POST', `/api/posts/trash/${post._id}/restore`)).status).toBe(404)
    expect((await send('DELETE', `/api/posts/trash/${post._id}`)).status).toBe(404)
    expect((await create({ title: 'Erased for good' }))._id).toBe(post._id)
    await send('DELETE', `/api/posts/${post._id}`)
    await send('DELETE', `/api/posts/trash/${post._id}`)
  })

  it('after 30 days a trashed post is purged: when the Trash is read, and by the maintenance job', async () => {
    const first = await create({ title: 'Old trash one' })
    const second = await create({ title: 'Old trash two' })
    await send('DELETE', `/api/posts/${first._id}`)
    await send('DELETE', `/api/posts/${second._id}`)
    clock.t += 30 * DAY - 60_000
    expect((await (await send('GET', '/api/posts/trash')).json()).total).toBe(2) // a minute before: still there
    clock.t += 120_000
    expect((await t.ctx.services.maintenance.run()).trash).toBe(2)
    expect((await (await send('GET', '/api/posts/trash')).json()).total).toBe(0)
    expect(await t.ctx.store.collection('revisions').count({ item: `post:${first._id}` })).toBe(0)
    expect((await send('POST', `/api/posts/trash/${first._id}/restore`)).status).toBe(404)

    // a prune on read, without the job
    const third = await create({ title: 'Old trash three' })
    await send('DELETE', `/api/posts/${third._id}`)
    clock.t += 31 * DAY
    expect((await (await send('GET', '/api/posts/trash')).json()).posts).toEqual([])
    expect((await t.ctx.services.audit.list({ action: 'post.purge' })).entries.length).toBe(3)
  })

  it('only editors may see or change the Trash; unknown ids are 404, never 500', async () => {
    const post = await create({ title: 'Guarded trash' })
    expect((await send('DELETE', `/api/posts/${post._id}`, undefined, userToken)).status).toBe(403)
    expect((await send('DELETE', `/api/posts/${post._id}`, undefined, null)).status).toBe(401)
    await send('DELETE', `/api/posts/${post._id}`)
    for (const [method, path] of [['GET', '/api/posts/trash'], ['POST', `/api/posts/trash/${post._id}/restore`], ['DELETE', `/api/posts/trash/${post._id}`]] as const) {
      expect((await send(method, path, undefined, userToken)).status).toBe(403)
      expect((await send(method, path, undefined, null)).status).toBe(401)
    }
    expect((await send('DELETE', '/api/posts/no-such-post')).status).toBe(404)
    const long = await send('POST', `/api/posts/trash/${'x'.repeat(300)}/restore`)
    expect(long.status).toBe(404)
    expect(await long.json()).toMatchObject({ code: 'not_found' })
  })

  it('a post whose address another post took meanwhile (an import) is not restored over it: 409', async () => {
    const post = await create({ title: 'Imported over' })
    await send('DELETE', `/api/posts/${post._id}`)
    // what an import can do: write a post under that id directly
    await t.ctx.repos.posts.insert({ ...(await t.ctx.repos.postTrash.find(post._id))!.post, title: 'The imported one' })
    const res = await send('POST', `/api/posts/trash/${post._id}/restore`)
    expect(res.status).toBe(409)
    expect((await res.json()).message).toContain('another post now has its address')
    expect((await t.ctx.services.posts.get(post._id)).title).toBe('The imported one')
  })
})
