import { beforeAll, describe, expect, it } from 'vitest'
import { ARCHIVE_PAGE_SIZE, BRANDS_PAGE_SIZE } from '../../lib/archive.ts'
import { FEED_ITEMS } from '../../lib/feeds.ts'
import { type Post, readablePostTypes } from '../../lib/schemas.ts'
import { slugify } from '../../lib/slug.ts'
import { loginAs, makeTestApp } from '../../test/make-app.ts'
import { childText, childTexts, parseXml } from '../../test/xml.ts'

const SITE = 'http://localhost:3000' // makeTestApp's SITE_URL
const W3C_DATETIME = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2}))?$/
const RFC822 = /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} GMT$/
const PRIVATE = /\/(admin|adminmarket|login|signup|go|api|metrics)(\/|$)/

let t: Awaited<ReturnType<typeof makeTestApp>>
beforeAll(async () => {
  t = await makeTestApp()
  // one market's site, as before markets (issue 23): their sitemaps are server/routes/markets.test.ts's
  for (const m of t.ctx.services.markets.list()) await t.ctx.services.markets.remove(m.key)
  for (const id of ['kluger-gewinnen', 'casino-bonus-richtig-lesen', 'rtp-erklaert', 'umsatzbedingungen-erklaert']) await t.ctx.services.postTrash.trash(id)
  // the demo's 19 articles and a few more: past one feed's 20, and a tag of its own
  for (let i = 0; i < 6; i++) await t.ctx.services.posts.create('article', { title: `Extra article ${i}`, description: `Extra ${i}`, tag: 'Extra Time' })
})

const get = (path: string, headers: Record<string, string> = {}) => t.app.request(path, { headers })
const children = (el: Element, name: string) => [...el.children].filter((e) => e.localName === name)

/** What the store holds, read straight from it: the articles readable at /article/:id, and the brands. */
async function fromStore() {
  const listed = (await t.ctx.store.collection('posts').find({ type: { $in: [...readablePostTypes] } })) as unknown as Post[]
  const brands = await t.ctx.store.collection('brands').find({})
  return { listed, brands }
}

/** Every child sitemap the index lists, fetched and parsed: kind → its <url> elements. */
async function readSitemaps() {
  const res = await get('/sitemap.xml')
  expect(res.status).toBe(200)
  expect(res.headers.get('content-type')).toBe('application/xml; charset=utf-8')
  const index = parseXml(await res.text()).documentElement
  expect(index.localName).toBe('sitemapindex')
  expect(index.getAttribute('xmlns')).toBe('http://www.sitemaps.org/schemas/sitemap/0.9')
  const byKind: Record<string, Element[]> = {}
  for (const loc of children(index, 'sitemap').map((s) => childText(s, 'loc'))) {
    // at the root: a sitemap may only list URLs under its own folder
    const m = loc.match(/^http:\/\/localhost:3000\/sitemap-([a-z]+)-(\d+)\.xml$/)
    expect(m, loc).not.toBeNull()
    const child = await get(new URL(loc).pathname)
    expect(child.status, loc).toBe(200)
    expect(child.headers.get('content-type')).toBe('application/xml; charset=utf-8')
    const urlset = parseXml(await child.text()).documentElement
    expect(urlset.localName).toBe('urlset')
    expect(urlset.getAttribute('xmlns')).toBe('http://www.sitemaps.org/schemas/sitemap/0.9')
    const urls = children(urlset, 'url')
    expect(urls.length).toBeGreaterThan(0)
    expect(urls.length).toBeLessThanOrEqual(50_000)
    ;(byKind[m![1]] ??= []).push(...urls)
  }
  return byKind
}

describe('GET /robots.txt', () => {
  it('allows the public site, keeps crawlers out of the private paths and names the sitemap', async () => {
    const res = await get('/robots.txt')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8')
    const lines = (await res.text()).split('\n')
    expect(lines[0]).toBe('User-agent: *')
    for (const p of ['/admin', '/adminmarket', '/login', '/signup', '/go/', '/api/', '/metrics']) expect(lines).toContain(`Disallow: ${p}`)
    expect(lines).toContain('Allow: /')
    expect(lines.filter((l) => l.startsWith('Disallow:')).some((l) => /^Disallow: \/?$/.test(l))).toBe(false) // nothing public is closed
    expect(lines).toContain(`Sitemap: ${SITE}/sitemap.xml`)
  })
})

describe('GET /sitemap.xml and its children', () => {
  it('list exactly the listed articles, with their last change as lastmod', async () => {
    const { listed } = await fromStore()
    const urls = (await readSitemaps()).articles
    expect(urls.map((u) => childText(u, 'loc')).sort()).toEqual(listed.map((p) => `${SITE}/article/${p._id}`).sort())
    const byLoc = new Map(urls.map((u) => [childText(u, 'loc'), childText(u, 'lastmod')]))
    for (const p of listed) expect(Date.parse(byLoc.get(`${SITE}/article/${p._id}`)!)).toBe(Math.floor(Date.parse(p.updatedAt) / 1000) * 1000)
    expect(listed.length).toBeGreaterThan(FEED_ITEMS)
  })

  it('list every info page (responsible gambling, disclosure, privacy…)', async () => {
    const pages = await t.ctx.services.infoPages.sitemapEntries()
    const locs = (await readSitemaps()).info.map((u) => childText(u, 'loc'))
    expect(locs.sort()).toEqual(pages.map((p) => SITE + p.path).sort())
    expect(locs).toContain(`${SITE}/info/responsible-gambling`)
  })

  it('list every brand page', async () => {
    const { brands } = await fromStore()
    const locs = (await readSitemaps()).brands.map((u) => childText(u, 'loc'))
    expect(locs.sort()).toEqual(brands.map((b) => `${SITE}/brands/${b._id}`).sort())
  })

  it('list the home page and every archive page there is, and none past the last', async () => {
    const { listed, brands } = await fromStore()
    const tags = [...new Set(listed.map((p) => slugify(p.tag)).filter(Boolean))].sort()
    const pages = (base: string, n: number) => Array.from({ length: n }, (_, i) => (i === 0 ? base : `${base}/page/${i + 1}`))
    const expected = [
      '/',
      ...pages('/articles', Math.ceil(listed.length / ARCHIVE_PAGE_SIZE)),
      ...pages('/brands', Math.max(1, Math.ceil(brands.length / BRANDS_PAGE_SIZE))),
    ]
    const expectedTags = tags.flatMap((slug) => pages(`/tag/${slug}`, Math.ceil(listed.filter((p) => slugify(p.tag) === slug).length / ARCHIVE_PAGE_SIZE)))
    const sitemaps = await readSitemaps()
    expect(sitemaps.archives.map((u) => childText(u, 'loc'))).toEqual(expected.map((p) => SITE + p))
    expect(sitemaps.tags.map((u) => childText(u, 'loc'))).toEqual(expectedTags.map((p) => SITE + p))
    expected.push(...expectedTags)
    // and the archive pages agree: the last page listed exists, the one after does not
    const { content, brands: directory } = t.ctx.services
    for (const tagSlug of [undefined, ...tags]) {
      const base = tagSlug ? `/tag/${tagSlug}` : '/articles'
      const last = expected.filter((p) => p === base || p.startsWith(`${base}/page/`)).length
      expect(await content.archive({ page: last, tagSlug }), `${tagSlug} ${last}`).not.toBeNull()
      expect(await content.archive({ page: last + 1, tagSlug })).toBeNull()
    }
    const brandPages = expected.filter((p) => p.startsWith('/brands')).length
    expect(await directory.directory(brandPages)).not.toBeNull()
    expect(await directory.directory(brandPages + 1)).toBeNull()
  })

  it('list nothing else: absolute public URLs only, each once, every lastmod a W3C datetime', async () => {
    const all = Object.values(await readSitemaps()).flat()
    const locs = all.map((u) => childText(u, 'loc'))
    expect(new Set(locs).size).toBe(locs.length)
    for (const loc of locs) {
      expect(loc.startsWith(`${SITE}/`), loc).toBe(true)
      expect(new URL(loc).pathname, loc).not.toMatch(PRIVATE)
      expect(new URL(loc).pathname, loc).toMatch(/^\/(article\/[^/]+|brands(\/[^/]+|\/page\/\d+)?|articles(\/page\/\d+)?|tag\/[a-z0-9-]+(\/page\/\d+)?|info\/[a-z0-9-]+|author\/[a-z0-9-]+(\/page\/\d+)?)?$/)
    }
    for (const u of all) for (const lastmod of childTexts(u, 'lastmod')) expect(lastmod).toMatch(W3C_DATETIME)
    expect(Object.keys(await readSitemaps()).sort()).toEqual(['archives', 'articles', 'authors', 'brands', 'info', 'tags'])
  })

  it('a sitemap number past the end, or a name that is not one, is a 404', async () => {
    for (const path of ['/sitemap-articles-2.xml', '/sitemap-brands-2.xml', '/sitemap-archives-2.xml', '/sitemap-tags-99.xml', '/sitemap-articles-0.xml', '/sitemap-articles-01.xml', '/sitemap-posts-1.xml'])
      expect((await get(path)).status, path).toBe(404)
  })
})

describe('GET /rss.xml', () => {
  async function readFeed(path: string) {
    const res = await get(path)
    expect(res.status, path).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/rss+xml; charset=utf-8')
    const rss = parseXml(await res.text()).documentElement
    expect([rss.localName, rss.getAttribute('version')]).toEqual(['rss', '2.0'])
    const [channel] = children(rss, 'channel')
    for (const required of ['title', 'link', 'description']) expect(childText(channel, required), required).toBeTruthy()
    const self = children(channel, 'atom:link')[0] ?? children(channel, 'link').find((e) => e.getAttribute('rel') === 'self')
    expect(self?.getAttribute('href')).toBe(SITE + path)
    return { channel, items: children(channel, 'item') }
  }

  it('carries the latest 20 listed articles, newest first, with absolute links, permalink guids and RFC 822 dates', async () => {
    const { listed } = await fromStore()
    const newest = [...listed].sort((a, b) => b.createdAt.localeCompare(a.createdAt) || a._id.localeCompare(b._id)).slice(0, FEED_ITEMS)
    const { channel, items } = await readFeed('/rss.xml')
    expect(childText(channel, 'link')).toBe(`${SITE}/`)
    expect(items.map((i) => childText(i, 'link'))).toEqual(newest.map((p) => `${SITE}/article/${p._id}`))
    expect(items.map((i) => childText(i, 'title'))).toEqual(newest.map((p) => p.title))
    expect(items.map((i) => childText(i, 'description'))).toEqual(newest.map((p) => p.description))
    for (const [i, item] of items.entries()) {
      expect(childText(item, 'guid')).toBe(childText(item, 'link'))
      expect(children(item, 'guid')[0].getAttribute('isPermaLink')).toBe('true')
      expect(childText(item, 'pubDate')).toMatch(RFC822)
      expect(Date.parse(childText(item, 'pubDate'))).toBe(Math.floor(Date.parse(newest[i].createdAt) / 1000) * 1000)
    }
    expect(childText(channel, 'lastBuildDate')).toMatch(RFC822)
  })

  it('/feed sends readers to it', async () => {
    const res = await get('/feed')
    expect(res.status).toBe(301)
    expect(res.headers.get('location')).toBe('/rss.xml')
  })

  it('one feed per tag, holding only that tag’s articles; an unknown tag is a 404', async () => {
    const { listed } = await fromStore()
    const tags = [...new Set(listed.map((p) => p.tag).filter(Boolean))]
    expect(tags.length).toBeGreaterThan(1)
    for (const tag of tags) {
      const { channel, items } = await readFeed(`/tag/${slugify(tag)}/rss.xml`)
      expect(childText(channel, 'link')).toBe(`${SITE}/tag/${slugify(tag)}`)
      expect(childText(channel, 'title')).toContain(tag)
      const ids = listed.filter((p) => p.tag === tag).map((p) => `${SITE}/article/${p._id}`)
      expect(items.length).toBe(Math.min(ids.length, FEED_ITEMS))
      for (const item of items) expect(ids).toContain(childText(item, 'link'))
    }
    for (const path of ['/tag/no-such-tag/rss.xml', '/tag/Guides/rss.xml']) expect((await get(path)).status, path).toBe(404)
  })
})

describe('served like pages: cached, revalidated, and fresh after a content write', () => {
  const PATHS = ['/robots.txt', '/sitemap.xml', '/sitemap-articles-1.xml', '/sitemap-archives-1.xml', '/sitemap-tags-1.xml', '/rss.xml', '/tag/guides/rss.xml']

  it('public with an ETag; a matching If-None-Match is a 304; gzip when asked', async () => {
    for (const path of PATHS) {
      const res = await get(path)
      expect(res.headers.get('cache-control'), path).toBe('public, max-age=0, must-revalidate')
      const etag = res.headers.get('etag')
      expect(etag, path).toMatch(/^W\/"/)
      expect(res.headers.get('x-content-type-options')).toBe('nosniff')
      expect((await get(path, { 'if-none-match': etag! })).status, path).toBe(304)
    }
    for (const path of ['/sitemap-articles-1.xml', '/rss.xml']) expect((await get(path, { 'accept-encoding': 'gzip' })).headers.get('content-encoding'), path).toBe('gzip')
  })

  it('a 404 is not cached', async () => {
    expect((await get('/sitemap-articles-9.xml')).headers.get('cache-control')).toBe('no-store')
  })

  it('a new article shows in the sitemap and the feed at once, its text escaped: markup, ]]>, control characters and emoji', async () => {
    const before = (await get('/rss.xml')).headers.get('etag')
    const title = 'Spins & <b>Wins</b> ]]> \u0001 week 🎰'
    const description = '<p>Plain text only</p> & "quotes" 🎲'
    const created = await t.ctx.services.posts.create('article', { title, description, tag: 'Guides' })
    const res = await get('/rss.xml')
    expect(res.headers.get('etag')).not.toBe(before)
    const [first] = [...parseXml(await res.text()).getElementsByTagName('item')]
    expect(childText(first, 'title')).toBe('Spins & <b>Wins</b> ]]>  week 🎰')
    expect(childText(first, 'description')).toBe(description)
    expect(childText(first, 'link')).toBe(`${SITE}/article/${created._id}`)
    const articles = (await readSitemaps()).articles.map((u) => childText(u, 'loc'))
    expect(articles).toContain(`${SITE}/article/${created._id}`)
    const tagFeed = await (await get('/tag/guides/rss.xml')).text()
    expect(childText(parseXml(tagFeed).getElementsByTagName('item')[0], 'link')).toBe(`${SITE}/article/${created._id}`)
  })

  it("a request with a token is answered as anyone's, from the cache: a feed has nothing more for an account (issue 24)", async () => {
    const { accessToken } = await loginAs(t, 'editor')
    const anonymous = await get('/sitemap.xml')
    const res = await get('/sitemap.xml', { authorization: `Bearer ${accessToken}` })
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe(anonymous.headers.get('cache-control'))
    expect(res.headers.get('etag')).toBe(anonymous.headers.get('etag'))
  })
})
