import { describe, expect, it, vi } from 'vitest'
import type { PageContextServer } from 'vike/types'
import { makeTestApp, serverAndCli } from '../test/make-app.ts'
import { data as homeData } from '../pages/index/+data.ts'
import { data as articleData } from '../pages/article/@id/+data.ts'
import { data as brandData } from '../pages/brands/@brandId/+data.ts'
import { createPageDataCache } from './page-data.ts'

describe('createPageDataCache', () => {
  it('works a value out once per generation, and again after the generation moves', async () => {
    let generation = 1
    let made = 0
    const cache = createPageDataCache({ generation: () => generation })
    const make = async () => ({ n: ++made })
    expect(await cache.get('a', make)).toEqual({ n: 1 })
    expect(await cache.get('a', make)).toEqual({ n: 1 })
    generation++
    expect(await cache.get('a', make)).toEqual({ n: 2 })
  })

  it('keeps no failure and no value worked out while the generation moved', async () => {
    let generation = 1
    const cache = createPageDataCache({ generation: () => generation })
    await expect(cache.get('x', async () => Promise.reject(new Error('404')))).rejects.toThrow('404')
    expect(await cache.get('x', async () => 'found')).toBe('found')
    const racing = cache.get('y', async () => {
      generation++ // a write lands while the value is worked out
      return 'old'
    })
    expect(await racing).toBe('old')
    expect(await cache.get('y', async () => 'new')).toBe('new')
  })

  it('is bounded by entries and by bytes, least recently used out first', async () => {
    const cache = createPageDataCache({ generation: () => 1, maxEntries: 3, maxBytes: 8_000 })
    for (const key of ['a', 'b', 'c']) await cache.get(key, async () => key)
    await cache.get('a', async () => 'a') // used: b is now the oldest
    await cache.get('d', async () => 'd')
    expect(cache.stats.entries).toBe(3)
    expect(await cache.get('b', async () => 'b again')).toBe('b again')
    // 600 characters are 1,200 bytes: more than an eighth of the budget is not kept at all
    await cache.get('big', async () => 'x'.repeat(600))
    expect(await cache.get('big', async () => 'made again')).toBe('made again')
    expect(cache.stats.bytes).toBeLessThanOrEqual(8_000)
  })

  it('freezes kept values outside production, so a render that changes one fails at once', async () => {
    const cache = createPageDataCache({ generation: () => 1 })
    const value = await cache.get('f', async () => ({ list: [1, 2] }))
    expect(() => value.list.push(3)).toThrow(TypeError)
  })
})

describe("pages' data with the render cache off (issue 37)", () => {
  const pageContext = (t: Awaited<ReturnType<typeof makeTestApp>>, routeParams: Record<string, string> = {}) =>
    ({ services: t.ctx.services, routeParams, visitorCountry: null, siteUrl: 'http://localhost:3000', marketPrefix: '' }) as unknown as PageContextServer

  it('is worked out once per content version: a write shows on the next render of home, article and brand pages', async () => {
    const t = await makeTestApp({ env: { RENDER_CACHE_MB: '0' } })
    const { posts, siteSettings, pageData } = t.ctx.services
    const home = () => homeData(pageContext(t))
    const article = () => articleData(pageContext(t, { id: 'rtp-explained' }))
    const brand = () => brandData(pageContext(t, { brandId: 'nova-spins' }))
    const before = { home: await home(), article: await article(), brand: await brand() }
    const misses = pageData.stats.misses
    // a second render of each reads nothing again
    expect(await home()).toBe(before.home)
    expect(await article()).toBe(before.article)
    expect(await brand()).toBe(before.brand)
    expect(pageData.stats.misses).toBe(misses)

    const post = await posts.get('rtp-explained')
    await posts.update('rtp-explained', { ...post, title: 'RTP, explained again' } as Parameters<typeof posts.update>[1])
    await siteSettings.setDisclosure('We are paid by some of the brands here (changed).')
    const after = { home: await home(), article: await article(), brand: await brand() }
    expect(after.article.article.title).toBe('RTP, explained again')
    expect([...after.home.articles, ...after.home.bottoms, after.home.featured].some((c) => c?.title === 'RTP, explained again')).toBe(true)
    for (const page of [after.home.disclosure, after.article.offers.disclosure, after.brand.disclosure]) expect(page).toBe('We are paid by some of the brands here (changed).')
  })

  it('sees a write made by another process on the same store (the CLI beside a server) once the version check runs', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      const { server, cli } = await serverAndCli({ RENDER_CACHE_MB: '0' })
      await server.services.seed.seedDemo({ rasterImages: false })
      server.renderCache.revalidate() // learns the current version (every public request asks: server/router.ts)
      await Bun.sleep(5)
      const at = (t: typeof server) => ({ services: t.services, routeParams: {}, visitorCountry: null, siteUrl: 'http://localhost:3000', marketPrefix: '' }) as unknown as PageContextServer
      expect((await homeData(at(server))).disclosure).not.toBe('Changed by the CLI.')
      await cli.services.siteSettings.setDisclosure('Changed by the CLI.')
      await Bun.sleep(5)
      vi.setSystemTime(Date.now() + 1_500)
      server.renderCache.revalidate()
      await Bun.sleep(5)
      expect((await homeData(at(server))).disclosure).toBe('Changed by the CLI.')
    } finally {
      vi.useRealTimers()
    }
  })

  it("never keeps an editor's preview", async () => {
    const t = await makeTestApp({ env: { RENDER_CACHE_MB: '0' } })
    const preview = { ...pageContext(t, { id: 'rtp-explained' }), preview: true } as PageContextServer
    const first = await articleData(preview)
    expect(await articleData(preview)).not.toBe(first)
    expect(t.ctx.services.pageData.stats.entries).toBe(0)
  })
})
