import { beforeAll, describe, expect, it } from 'vitest'
import type { PostBody } from '../../lib/schemas.ts'
import type { SearchAnswer, SnippetSegment } from '../../lib/search.ts'
import { json, loginAs, makeTestApp } from '../../test/make-app.ts'
import { parseExport } from '../operations/transfer.ts'
import { testBackend } from '../../test/store.ts'

let t: Awaited<ReturnType<typeof makeTestApp>>
let editor: string
beforeAll(async () => {
  t = await makeTestApp() // the 20 demo posts
  editor = (await loginAs(t, 'editor')).accessToken
})

const search = async (query: string) => {
  const res = await t.app.request(`/api/search?${query}`)
  return { status: res.status, body: (await res.json()) as SearchAnswer & { message?: string } }
}
const q = (text: string, page?: number) => search(new URLSearchParams({ q: text, ...(page ? { page: String(page) } : {}) }).toString())
const ids = (a: SearchAnswer) => a.results.map((r) => r._id)
const marked = (s: SnippetSegment[]) => s.filter((x) => x.highlight).map((x) => x.text.toLowerCase())

const body = (title: string, over: Partial<PostBody> = {}): PostBody =>
  ({ title, description: '', tag: 'Guides', image: '', content: { summary: [], body: [] }, meta: { author: '', date: '', reviewer: '', readTime: '' }, related_studies: [], ...over }) as PostBody
const section = (headline: string, content: string) => ({ headline, content, keywords: [], hyperlinks: [], subsections: [] })

describe('GET /api/search', () => {
  it('answers the documented shape: q, total, page, pages and results with href and snippet segments', async () => {
    const { status, body: a } = await q('wagering')
    expect(status).toBe(200)
    expect(a).toMatchObject({ q: 'wagering', page: 1 })
    expect(a.total).toBeGreaterThan(0)
    expect(a.pages).toBe(Math.ceil(a.total / 10))
    const r = a.results[0]
    expect(Object.keys(r).sort()).toEqual(['_id', 'description', 'href', 'image', 'imageAlt', 'snippet', 'tag', 'title'])
    expect(r.href).toBe(`/article/${r._id}`)
    expect(r.snippet.every((s) => typeof s.text === 'string' && (s.highlight === undefined || s.highlight === true))).toBe(true)
  })

  it('ranks the article whose title is the query first (title weighs 10×)', async () => {
    // many posts say "bankroll management" in their text; one is titled with it
    expect(ids((await q('Bankroll Management for Casual Players')).body)[0]).toBe('bankroll-management-basics')
    for (let i = 0; i < 3; i++) {
      const text = 'Blackjack basic strategy chart. '.repeat(20)
      await t.ctx.services.posts.create('article', body(`Card counting myths ${i}`, { description: 'Blackjack basic strategy chart notes.', content: { summary: [], body: [section('Blackjack', text)] } }))
    }
    const exact = await t.ctx.services.posts.create('article', body('Blackjack Basic Strategy Chart', { description: 'When to hit and stand.' }))
    expect(ids((await q('blackjack basic strategy chart')).body)[0]).toBe(exact._id)
  })

  it('highlights every matched term in the snippet, the last also as a word start', async () => {
    const a = (await q('volatility bank')).body
    expect(a.results.length).toBeGreaterThan(0)
    for (const r of a.results) {
      const words = marked(r.snippet)
      expect(words.length).toBeGreaterThan(0)
      expect(words.every((w) => w === 'volatility' || w.startsWith('bank'))).toBe(true)
      expect(r.snippet.map((s) => s.text).join('').length).toBeLessThanOrEqual(200)
    }
  })

  it('pages 10 at a time with totals; past the last page answers no results, not an error', async () => {
    for (let i = 0; i < 23; i++) await t.ctx.services.posts.create('article', body(`Zorblax report ${i}`, { description: `Zorblax field notes number ${i}.` }))
    const first = (await q('zorblax')).body
    expect(first).toMatchObject({ total: 23, capped: false, pages: 3, page: 1 })
    const pages = [first, (await q('zorblax', 2)).body, (await q('zorblax', 3)).body]
    expect(pages.map((p) => p.results.length)).toEqual([10, 10, 3])
    expect(new Set(pages.flatMap(ids)).size).toBe(23)
    const past = await q('zorblax', 4)
    expect(past.status).toBe(200)
    expect(past.body).toMatchObject({ total: 23, pages: 3, page: 4, results: [] })
  })

  // SQLite ranks a window of the newest matches; MongoDB counts and ranks every match (db/port.ts, textPage)
  it.skipIf(testBackend() === 'mongodb')('counts and ranks at most maxResults matches, the newest, and says so', async () => {
    const { createSearchService } = await import('../search/service.ts')
    for (let i = 0; i < 15; i++) await t.ctx.services.posts.create('article', body(`Quillfeather note ${i}`))
    const small = createSearchService({ posts: t.ctx.repos.posts, brands: t.ctx.repos.brands, generation: () => 0, maxResults: 12 })
    const a = await small.search({ q: 'quillfeather' })
    expect(a).toMatchObject({ total: 12, capped: true, pages: 2 })
    const pages = [...a.results, ...(await small.search({ q: 'quillfeather', page: 2 })).results]
    expect(pages.map((r) => r.title).sort()).toEqual(Array.from({ length: 12 }, (_, i) => `Quillfeather note ${i + 3}`).sort())
    expect((await small.search({ q: 'quillfeather', page: 3 })).results).toEqual([])
    expect(await small.search({ q: 'wagering' })).toMatchObject({ capped: false })
  })

  it('searches listed articles only: the hero is not an article page', async () => {
    expect(ids((await q('The Smarter Way to Win in iGaming')).body)).not.toContain('smarter-way-to-win')
  })

  it('finds a post the moment the API creates it, sees its update and forgets it once deleted (the cached answer is dropped)', async () => {
    const before = await q('quokkaquest')
    expect(before.body.total).toBe(0)
    const created = await t.app.request('/api/posts/article', json(body('The Quokkaquest Guide', { description: 'Everything about quokkaquest.' }), { authorization: `Bearer ${editor}` }))
    expect(created.status).toBe(201)
    const id = (await created.json())._id
    expect(ids((await q('quokkaquest')).body)).toEqual([id])

    const put = await t.app.request(`/api/posts/${id}`, { ...json(body('The Wombatwalk Guide', { description: 'Renamed.' }), { authorization: `Bearer ${editor}` }), method: 'PUT' })
    expect(put.status).toBe(200)
    expect((await q('quokkaquest')).body.total).toBe(0)
    expect(ids((await q('wombatwalk')).body)).toEqual([id])

    const del = await t.app.request(`/api/posts/${id}`, { method: 'DELETE', headers: { authorization: `Bearer ${editor}` } })
    expect(del.status).toBe(200)
    expect((await q('wombatwalk')).body.total).toBe(0)
  })

  it('finds posts a CLI import wrote (one store batch, indexed by the same triggers)', async () => {
    const csv = 'title,description,tag\nImported Platypus Primer,All about platypus odds,News\n'
    const report = await t.ctx.services.transfer.import('posts', parseExport(csv, 'csv'))
    expect(report.written).toBe(true)
    const a = (await q('platypus')).body
    expect(a.total).toBe(1)
    expect(a.results[0].title).toBe('Imported Platypus Primer')
    expect(marked(a.results[0].snippet)).toEqual(['platypus'])
  })

  it('answers an empty query, or one with no words, with no results (200)', async () => {
    for (const query of ['', 'q=', 'q=%20%20', 'q=%22%22', 'q=***', 'q=%F0%9F%8E%B0']) {
      const { status, body: a } = await search(query)
      expect(status, query).toBe(200)
      expect(a, query).toMatchObject({ total: 0, results: [] })
    }
  })

  it('refuses a query over 200 characters and a malformed page with 400 { message }', async () => {
    const long = await q('a'.repeat(201))
    expect(long.status).toBe(400)
    expect(long.body.message).toMatch(/^Search query is too long/)
    expect((await q('b '.repeat(100))).status).toBe(200) // 200 characters after trimming
    for (const page of ['0', '-1', '1.5', 'abc', '1e3', '100000', '01', '']) {
      const res = await search(`q=poker&page=${page}`)
      expect(res.status, page).toBe(page === '' ? 200 : 400)
      if (page !== '') expect(res.body.message, page).toMatch(/^Invalid page/)
    }
  })

  it('gives the /search page the reason for a refused query instead of throwing', async () => {
    const long = await t.ctx.services.search.searchPage({ q: 'x'.repeat(300) })
    expect(long).toMatchObject({ q: 'x'.repeat(200), total: 0, results: [], error: 'Search query is too long (at most 200 characters)' })
    expect((await t.ctx.services.search.searchPage({ q: 'poker', page: 'abc' })).error).toMatch(/^Invalid page/)
    expect((await t.ctx.services.search.searchPage({ q: 'wagering' })).error).toBeUndefined()
  })

  it('caches by q and page only: other parameters share the entry', async () => {
    const a = await t.app.request('/api/search?q=poker&utm_source=x')
    const b = await t.app.request('/api/search?q=poker&page=1&x=2')
    const c = await t.app.request('/api/search?q=poker')
    expect(a.headers.get('etag')).toBe(c.headers.get('etag'))
    expect(b.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate')
  })
})

describe('GET /api/search with hostile queries: 200 or 400 { message }, never a 500', () => {
  // raw query strings, sent as they are (percent-escapes included)
  const hostile = [
    'q=%22',
    'q=%22%22%22',
    'q=*',
    'q=poker*',
    'q=NEAR(poker%20slots)',
    'q=NEAR(a%20b%2C%205)',
    'q=title%3Apoker',
    'q=%7Btitle%20tag%7D%3A%20poker',
    'q=%5Epoker',
    'q=-poker',
    'q=poker%20OR',
    'q=OR',
    'q=AND%20NOT',
    'q=(poker',
    'q=poker)',
    'q=((((((((',
    'q=%27%3B%20DROP%20TABLE%20posts%3B%20--',
    "q=' OR 1=1 --",
    'q=%22%20OR%20%221%22%3D%221',
    'q=poker%22%20OR%20rank%3D1%20--',
    'q=%5C',
    'q=%24where',
    'q=%7B%22%24gt%22%3A%22%22%7D',
    'q[$gt]=',
    `q=${'a'.repeat(1000)}`,
    `q=${'poker%20'.repeat(150)}`,
    `q=${encodeURIComponent('word '.repeat(200))}`,
    'q=%F0%9F%8E%B0%20jackpot%20%F0%9F%92%B0',
    `q=${encodeURIComponent('مرحبا بالعالم')}`,
    `q=${encodeURIComponent('\u202Eevil\u202C rtl override')}`,
    'q=%00',
    'q=poker%00slots',
    'q=%01%02%03%1F%7F',
    'q=%0D%0A',
    'q=%2500',
    'q=%ED%A0%80',
    'q=%ED%B0%80poker',
    'q=%F0%9F',
    'q=%E0%A4%A',
    'q=%',
    'q=%%%',
    'q=%ZZ',
    'q=a&q=b',
    'q=poker&page=%00',
    'q=poker&page=99999',
    'q=poker&page=9999999999999999999999',
    'q=poker&page=NaN',
    'q=poker&page=Infinity',
    'q=poker&page=%20',
    'q=%C0%AF',
    'q=%EF%BF%BF',
  ]

  it.each(hostile)('%s', async (query) => {
    const res = await t.app.request(`/api/search?${query}`)
    expect([200, 400], `${query} → ${res.status}`).toContain(res.status)
    const answer = await res.json()
    if (res.status === 400) expect(typeof answer.message).toBe('string')
    else expect(Array.isArray(answer.results)).toBe(true)
  })

  it('treats lone surrogates and control characters in q as no word at all', async () => {
    const a = (await search('q=%ED%A0%80%00%01')).body
    expect(a).toMatchObject({ total: 0, results: [] })
    // a URL cannot carry a lone surrogate; a page's +data hook hands the service whatever it got
    const direct = await t.ctx.services.search.search({ q: '\uD800wagering\uDC00 \u0000' })
    expect(direct.q).toBe('\uFFFDwagering\uFFFD')
    expect(direct.total).toBeGreaterThan(0)
  })

  it('finds nothing through FTS5 syntax: a column filter is two plain words', async () => {
    // "title:poker" would search the title column in FTS5; here it needs the word "title" as well
    const plainWords = (await q('title poker')).body.total
    expect((await q('title:poker')).body.total).toBe(plainWords)
  })
})
