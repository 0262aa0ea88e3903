import { beforeAll, describe, expect, it } from 'vitest'
import type { PostBody } from '../../lib/schemas.ts'
import type { SearchAnswer, SuggestAnswer } from '../../lib/search.ts'
import { loginAs, makeTestApp } from '../../test/make-app.ts'
import { createApp } from '../app.ts'
import { createRenderCache } from '../render-cache.ts'

/**
 * Issue 26: search knows brands and tags, forgives typos and word starts, suggests as a visitor types,
 * and counts what readers search for. Brands are filtered by the visitor's country like every offer list.
 */
let t: Awaited<ReturnType<typeof makeTestApp>>
let editor: string
const PERSON = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36'
beforeAll(async () => {
  t = await makeTestApp({ env: { GEO_HEADER: 'cf-ipcountry', GEO_DB: '0' } })
  editor = (await loginAs(t, 'editor')).accessToken
  // Nova Spins only where it is licensed: GB
  const nova = (await t.ctx.repos.brands.findById('nova-spins'))!
  await t.ctx.repos.brands.replace('nova-spins', { ...nova, geo: { allow: ['GB'] } } as never)
  t.ctx.renderCache.clear()
})

const from = (country: string, ua = PERSON) => ({ headers: { 'cf-ipcountry': country, 'user-agent': ua } })
async function search(q: string, country = 'GB', ua = PERSON) {
  const res = await t.app.request(`/api/search?${new URLSearchParams({ q })}`, from(country, ua))
  expect(res.status).toBe(200)
  return (await res.json()) as SearchAnswer
}
async function suggest(q: string, country = 'GB') {
  const res = await t.app.request(`/api/search/suggest?${new URLSearchParams({ q })}`, from(country))
  return { res, body: (await res.json()) as SuggestAnswer & { message?: string; code?: string } }
}

describe('brands in search (issue 26)', () => {
  it.each(['nova spins', 'Nova Spins review', 'nova spns', 'novaspins', 'nov', 'NOVA'])('"%s" finds Nova Spins as an offer card, with its terms, for a GB visitor', async (q) => {
    const a = await search(q)
    const nova = a.brands.find((b) => b._id === 'nova-spins')
    expect(nova, `brands for "${q}": ${a.brands.map((b) => b._id)}`).toBeTruthy()
    expect(a.brands[0]!._id).toBe('nova-spins')
    expect(nova!.termsSummary).toMatch(/New customers only/)
    expect(nova!.dealBox.ctaUrl).toBeTruthy()
  })

  it('leaves out a brand in a country it is not available in (and for an unknown country)', async () => {
    for (const country of ['US', 'FR', 'XX']) expect((await search('nova spns', country)).brands.map((b) => b._id)).not.toContain('nova-spins')
  })

  it('matches taglines and type tags too, but not a stranger with a one-letter edit of a short word', async () => {
    expect((await search('crypto')).brands.length).toBeGreaterThan(0)
    expect((await search('nova spins')).brands.map((b) => b._id)).toEqual(['nova-spins'])
    expect((await search('zzqx')).brands).toEqual([])
  })

  it('names tags the query matches, forgiving a typo', async () => {
    const tags = (await search('esprts')).tags
    expect(tags.map((x) => x.name)).toContain('Esports')
    expect(tags.find((x) => x.name === 'Esports')!.href).toBe('/tag/esports')
  })

  it('says "Did you mean" with a close spelling that finds articles, only when no article matches', async () => {
    const typo = await search('wagerng requirements')
    expect(typo.total).toBe(0)
    expect(typo.didYouMean).toEqual({ q: 'wagering requirements', href: '/search?q=wagering+requirements' })
    expect((await search(typo.didYouMean!.q)).total).toBeGreaterThan(0)
    expect((await search('wagering')).didYouMean).toBeNull()
    expect((await search('qqqqzzzz')).didYouMean).toBeNull() // nothing close: no guess
  })
})

describe('the lexicon follows content writes (issue 26)', () => {
  const article = (title: string, tag: string): PostBody =>
    ({ title, description: '', tag, image: '', content: { summary: [], body: [] }, meta: { author: '', date: '', reviewer: '', readTime: '' }, related_studies: [] }) as PostBody

  it('a new article\'s tag and title are suggested and searchable at once; a deleted brand is gone at once', async () => {
    expect((await suggest('quokka')).body.suggestions).toEqual([]) // and the lexicon is built
    await t.ctx.services.posts.create('article', article('Quokka Tactics for Beginners', 'Quokka Tactics'))
    expect((await suggest('quokka')).body.suggestions).toEqual([
      { kind: 'tag', label: 'Quokka Tactics', href: '/tag/quokka-tactics' },
      { kind: 'article', label: 'Quokka Tactics for Beginners', href: expect.stringMatching(/^\/article\//) },
    ])
    expect((await search('quoka tactics')).tags.map((x) => x.name)).toEqual(['Quokka Tactics'])

    const target = (await search('lucky')).brands[0]!
    expect(target).toBeTruthy()
    const res = await t.app.request(`/api/brands/${target._id}`, { method: 'DELETE', headers: { authorization: `Bearer ${editor}` } })
    expect(res.status).toBeLessThan(300)
    expect((await search(target.brandName)).brands.map((b) => b._id)).not.toContain(target._id)
    expect((await suggest(target.brandName)).body.suggestions.map((x) => x.label)).not.toContain(target.brandName)
  })
})

describe('GET /api/search/suggest (issue 26)', () => {
  it('suggests brands, tags and articles after two characters, at most eight, kept a minute', async () => {
    const { res, body } = await suggest('nov')
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('public, max-age=60')
    expect(body.suggestions[0]).toEqual({ kind: 'brand', label: 'Nova Spins', href: '/brands/nova-spins' })
    expect((await suggest('n')).body.suggestions).toEqual([])
    const broad = (await suggest('the')).body.suggestions
    expect(broad.length).toBeLessThanOrEqual(8)
    const articles = (await suggest('rtp expl')).body.suggestions
    expect(articles).toContainEqual({ kind: 'article', label: expect.stringMatching(/RTP Explained/), href: '/article/rtp-explained' })
    expect((await suggest('esport')).body.suggestions).toContainEqual({ kind: 'tag', label: 'Esports', href: '/tag/esports' })
  })

  it('suggests a brand only where it may be shown', async () => {
    expect((await suggest('nova sp', 'US')).body.suggestions.map((s) => s.label)).not.toContain('Nova Spins')
  })

  it('answers a too-long query with a 400 { message, code }', async () => {
    const { res, body } = await suggest('x'.repeat(101))
    expect(res.status).toBe(400)
    expect(body).toMatchObject({ code: 'bad_request', message: expect.stringMatching(/too long/) })
  })

  it('keeps no more than the render cache bound of distinct suggestion answers', async () => {
    for (let i = 0; i < 260; i++) await suggest(`zq${i}`)
    expect(t.ctx.renderCache.queries.entries).toBeLessThanOrEqual(t.ctx.renderCache.queries.maxEntries)
  })
})

describe('what readers search for (issue 26)', () => {
  it('counts searches without identity, bots left out, and lists top queries and those with no results', async () => {
    await search('Bankroll  Management!')
    await search('bankroll management') // a cache hit: counted all the same
    await search('qwxyz nothing here')
    await search('qwxyz nothing here', 'GB', 'Googlebot/2.1 (+http://www.google.com/bot.html)')
    await t.app.request('/api/search?q=qwxyz+nothing+here&page=2', from('GB')) // a later page is not a new search
    await t.app.request('/api/search?q=QWXYZ+nothing+here', { method: 'HEAD', ...from('GB') }) // nor a HEAD
    const auth = { headers: { authorization: `Bearer ${editor}` } }
    const top = await (await t.app.request('/api/search/queries?days=7', auth)).json()
    expect(top.queries).toContainEqual({ query: 'bankroll management', searches: 2, visitors: 1, noResults: 0 })
    expect(top.queries).toContainEqual({ query: 'qwxyz nothing here', searches: 1, visitors: 1, noResults: 1 })
    const none = await (await t.app.request('/api/search/queries?noResults=1', auth)).json()
    expect(none.queries.map((q: { query: string }) => q.query)).toContain('qwxyz nothing here')
    expect(none.queries.map((q: { query: string }) => q.query)).not.toContain('bankroll management')
    expect(JSON.stringify(await t.ctx.store.readCounters('search_queries'))).not.toMatch(/127\.0\.0\.1|Mozilla/)
  })

  it('counts /search page views too, cache hits included (never answered before routing), and not bots\' or HEAD requests', async () => {
    // a cache of its own, without the store's content-version check: earlier tests' writes cannot clear it mid-test
    const cache = createRenderCache()
    const app = createApp({
      config: t.ctx.config,
      services: t.ctx.services,
      store: t.ctx.store,
      renderCache: cache,
      renderPage: async () => new Response('<!doctype html><p>results</p>', { headers: { 'content-type': 'text/html' } }),
    })
    const page = (q: string, init: RequestInit = {}) => app.request(`/search?${new URLSearchParams({ q })}`, { ...from('GB'), ...init })
    for (let i = 0; i < 3; i++) expect((await page('Zebrafish Strategy')).status).toBe(200)
    expect(cache.stats.hits).toBe(2) // the second and third came from the cache
    await page('zebrafish strategy', { headers: { 'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)', 'cf-ipcountry': 'GB' } })
    await page('zebrafish strategy', { method: 'HEAD' })
    const report = await t.ctx.services.searchQueries.report({ days: 1 })
    expect(report.queries.find((q) => q.query === 'zebrafish strategy')?.searches).toBe(3)
  })

  it('is for editors and admins only, and refuses bad parameters with 400', async () => {
    expect((await t.app.request('/api/search/queries')).status).toBe(401)
    const user = (await loginAs(t, 'user')).accessToken
    expect((await t.app.request('/api/search/queries', { headers: { authorization: `Bearer ${user}` } })).status).toBe(403)
    const bad = await t.app.request('/api/search/queries?days=400', { headers: { authorization: `Bearer ${editor}` } })
    expect(bad.status).toBe(400)
    expect(await bad.json()).toMatchObject({ code: 'bad_request' })
  })
})
