import { describe, expect, it } from 'vitest'
import { makeTestApp } from '../test/make-app.ts'
import { answerFrom, createRenderCache, makeEntry } from './render-cache.ts'

const entry = (text: string) => makeEntry(200, { 'content-type': 'text/html' }, new TextEncoder().encode(text))

describe('render cache', () => {
  it('drops a render that raced a content write', () => {
    const cache = createRenderCache()
    const gen = cache.generation
    cache.clear() // a write lands while the page renders
    cache.set('/', entry('stale'), gen)
    expect(cache.get('/')).toBeUndefined()
  })

  it('stays within its entry bound', () => {
    const cache = createRenderCache(2)
    for (const k of ['/a', '/b', '/c']) cache.set(k, entry(k), cache.generation)
    expect(cache.size).toBe(2)
    expect(cache.get('/a')).toBeUndefined()
  })

  it('answers HEAD without a body', async () => {
    const res = answerFrom(entry('x'.repeat(1000)), new Request('http://x/', { method: 'HEAD' }))
    expect(res.status).toBe(200)
    expect(await res.text()).toBe('')
  })

  it('shows a content change on the next request once cleared (what every write does)', async () => {
    const { app, ctx } = await makeTestApp()
    const before = await (await app.request('/api/posts/article-bottom')).json()
    await ctx.repos.posts.insert({ ...before[0], _id: 'fresh-bottom', title: 'Fresh', createdAt: new Date(Date.now() + 60_000).toISOString() })
    expect((await (await app.request('/api/posts/article-bottom')).json()).length).toBe(before.length) // still cached
    ctx.renderCache.clear()
    const after = await (await app.request('/api/posts/article-bottom')).json()
    expect(after.map((p: { _id: string }) => p._id)).toContain('fresh-bottom')
  })
})
