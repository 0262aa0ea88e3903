import { describe, expect, it } from 'vitest'
import { JS_BUDGET, pageScripts } from '../scripts/js-budget.ts'
import { BASE_URL } from './browser.ts'

const get = (path: string, headers: Record<string, string> = {}) => fetch(BASE_URL + path, { headers })

describe('server-rendered HTML (raw, before any JavaScript)', () => {
  it('/ holds the hero, featured article, offers, articles and footer text', async () => {
    const res = await get('/')
    expect(res.status).toBe(200)
    const html = await res.text()
    for (const text of ['The Smarter Way to Win in iGaming', 'Read Guide', 'Nova Spins', 'Read More', 'Show more', 'Recommended', 'Subscribe', "What&#x27;s Hot in Gaming?"])
      expect(html).toContain(text)
    expect(html).toContain('rel="sponsored noopener"')
    expect(html).toMatch(/<meta property="og:title" content="[^"]+"/)
    expect(html).toContain('<meta name="twitter:card"')
  })

  it('/article/:id holds the article, with title, description and canonical in the head', async () => {
    const html = await (await get('/article/rtp-explained')).text()
    expect(html).toContain('<title>RTP Explained: What Return to Player Really Means | GameWise</title>')
    expect(html).toMatch(/<meta name="description" content="RTP is a long-run average/)
    expect(html).toContain(`<link rel="canonical" href="${BASE_URL}/article/rtp-explained"/>`)
    expect(html).toContain('<meta property="og:type" content="article"/>')
    for (const text of ['Summary', 'Where the number comes from', 'RTP and house edge', 'test labs']) expect(html).toContain(text)
    // no generic "Article" heading above the body (issue 26): each section's headline is an h2
    expect(html).not.toMatch(/<h2[^>]*>Article<\/h2>/)
    expect(html).toContain('<h2>Where the number comes from</h2>')
  })

  it('/brands/:brandId holds the brand page', async () => {
    const html = await (await get('/brands/nova-spins')).text()
    for (const text of ['Nova Spins', 'Show more', 'Offer ends in 2 days', 'Claim Bonus', 'Top Nova Spins Offers', 'See Offer Details', 'Important Timelines', 'Important Terms &amp; Conditions', 'Frequently Asked Questions', 'Weekly reloads'])
      expect(html).toContain(text)
  })

  it.each([
    ['/article/no-such-article', 'Article not found.'],
    ['/brands/no-such-brand', 'Brand not found'],
    ['/brands/%3Cscript%3E', 'Brand not found'],
    ['/no/such/page', 'Page not found.'],
  ])('%s answers 404 with the spec message', async (path, message) => {
    const res = await get(path)
    expect(res.status).toBe(404)
    expect(await res.text()).toContain(message)
  })

  it('compresses HTML and serves hashed JS with gzip or brotli and a year of caching', async () => {
    const res = await get('/', { 'accept-encoding': 'gzip' })
    expect(res.headers.get('content-encoding')).toBe('gzip')
    const html = await (await get('/')).text()
    const scripts = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1])
    expect(scripts.length).toBeGreaterThan(0)
    let compressed = 0
    for (const src of scripts) {
      const plain = await get(src)
      const size = (await plain.arrayBuffer()).byteLength
      const js = await get(src, { 'accept-encoding': 'br, gzip' })
      expect(js.status).toBe(200)
      expect(js.headers.get('cache-control')).toContain('immutable')
      if (size > 512) {
        expect(js.headers.get('content-encoding')).toBe('br')
        compressed++
      }
    }
    expect(compressed).toBeGreaterThan(0)
  })

  it.each(Object.keys(JS_BUDGET))('%s loads no more gzipped JavaScript than its budget (scripts/js-budget.ts; the goal is 40 KB)', async (path) => {
    const page = await pageScripts(BASE_URL, path)
    expect(page.total).toBeGreaterThan(10_000) // the renderer and the router are in there
    expect(page.total).toBeLessThanOrEqual(page.budget)
  })

  it('serves the demo images itself', async () => {
    const res = await get('/demo/brands/nova-spins.svg')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('image/svg+xml')
  })
})

/** The head of a page as served, before any JavaScript. */
async function headOf(path: string) {
  const res = await get(path)
  const html = await res.text()
  const head = html.slice(0, html.indexOf('</head>'))
  const count = (re: RegExp) => head.match(new RegExp(re.source, 'g'))?.length ?? 0
  const attr = (re: RegExp) => re.exec(head)?.[1]
  const jsonLd = [...head.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]) as Record<string, any>)
  return { status: res.status, html, head, count, attr, jsonLd }
}

// every tag a page must carry exactly once (issue "publishing at scale and in search")
const ONCE: [string, RegExp][] = [
  ['title', /<title>/],
  ['description', /<meta name="description"/],
  ['canonical', /<link rel="canonical"/],
  ['og:title', /<meta property="og:title"/],
  ['og:description', /<meta property="og:description"/],
  ['og:image', /<meta property="og:image"/],
  ['og:url', /<meta property="og:url"/],
  ['og:type', /<meta property="og:type"/],
  ['twitter:card', /<meta name="twitter:card"/],
  ['viewport', /<meta name="viewport"/],
]

describe('the head: one of each tag, raster social images, JSON-LD', () => {
  const pages: { path: string; status: number; types: string[]; robots?: string; title?: string; h1?: string }[] = [
    { path: '/', status: 200, types: ['WebSite', 'Organization'] },
    { path: '/article/rtp-explained', status: 200, types: ['Article', 'BreadcrumbList'] },
    { path: '/brands/nova-spins', status: 200, types: ['Review', 'FAQPage', 'BreadcrumbList'] },
    { path: '/brands/luckyforge', status: 200, types: ['Review', 'BreadcrumbList'] }, // no FAQ section
    { path: '/articles', status: 200, types: ['BreadcrumbList'] },
    { path: '/articles/page/2', status: 200, types: ['BreadcrumbList'], title: 'All articles – page 2 | GameWise' },
    { path: '/tag/guides', status: 200, types: ['BreadcrumbList'] },
    { path: '/brands', status: 200, types: ['BreadcrumbList'] },
    { path: '/info/privacy', status: 200, types: ['BreadcrumbList'], title: 'Privacy policy | GameWise', h1: 'Privacy policy' },
    { path: '/info/responsible-gambling', status: 200, types: ['BreadcrumbList'], title: 'Responsible gambling and where to get help | GameWise' },
    { path: '/login', status: 200, types: [], robots: 'noindex, nofollow' },
    { path: '/signup', status: 200, types: [], robots: 'noindex, nofollow' },
    { path: '/admin', status: 200, types: [], robots: 'noindex, nofollow' },
    { path: '/adminmarket', status: 200, types: [], robots: 'noindex, nofollow' },
    { path: '/article/no-such-article', status: 404, types: [], robots: 'noindex', title: 'Article not found | GameWise', h1: 'Article not found.' },
    { path: '/brands/no-such-brand', status: 404, types: [], robots: 'noindex', title: 'Brand not found | GameWise', h1: 'Brand not found' },
    { path: '/no/such/page', status: 404, types: [], robots: 'noindex', title: 'Page not found | GameWise', h1: 'Page not found.' },
    { path: '/info/no-such-page', status: 404, types: [], robots: 'noindex', title: 'Page not found | GameWise', h1: 'Page not found.' },
  ]

  it.each(pages)('$path: one of each tag, canonical = og:url, JSON-LD types $types', async (page) => {
    const h = await headOf(page.path)
    expect(h.status).toBe(page.status)
    for (const [name, re] of ONCE) expect(h.count(re), name).toBe(1)
    const canonical = h.attr(/<link rel="canonical" href="([^"]+)"/)
    expect(canonical).toBe(BASE_URL + page.path)
    expect(h.attr(/<meta property="og:url" content="([^"]+)"/)).toBe(canonical)
    expect(h.attr(/<meta name="twitter:card" content="([^"]+)"/)).toBe('summary_large_image')
    expect(h.count(/<meta name="robots"/)).toBe(page.robots ? 1 : 0)
    if (page.robots) expect(h.attr(/<meta name="robots" content="([^"]+)"/)).toBe(page.robots)
    expect(h.jsonLd.map((d) => d['@type'])).toEqual(page.types)
    for (const d of h.jsonLd) expect(d['@context']).toBe('https://schema.org')
    if (page.title) expect(h.head).toContain(`<title>${page.title}</title>`)
    if (page.h1) {
      expect(h.html.match(/<h1[\s>]/g)).toHaveLength(1)
      expect(h.html).toMatch(new RegExp(`<h1[^>]*>${page.h1.replace('.', '\\.')}</h1>`))
    }
  })

  it('og:image is a raster image that answers 200 on every page type', async () => {
    const images = new Set<string>()
    for (const page of pages) images.add((await headOf(page.path)).attr(/<meta property="og:image" content="([^"]+)"/)!)
    expect(images.size).toBeGreaterThan(2) // the site card, an article's and a brand's own
    for (const url of images) {
      expect(url).toMatch(/^https?:\/\//)
      expect(url).not.toMatch(/\.svg/i)
      const res = await fetch(url)
      expect(res.status, url).toBe(200)
      expect(res.headers.get('content-type'), url).toMatch(/^image\/(png|jpeg|webp)$/)
    }
  })

  it('article pages: unique titles and descriptions (50–160 characters), article times, Article JSON-LD with its image', async () => {
    const blog = await (await get('/api/posts/blog-content')).json()
    const bottoms = await (await get('/api/posts/article-bottom')).json()
    const ids: string[] = [blog.featured, ...blog.articles, ...bottoms].filter(Boolean).map((p: { _id: string }) => p._id)
    expect(ids.length).toBeGreaterThan(10)
    const titles = new Set<string>()
    const descriptions = new Set<string>()
    for (const id of ids) {
      const h = await headOf(`/article/${id}`)
      expect(h.status).toBe(200)
      for (const [name, re] of ONCE) expect(h.count(re), `${id} ${name}`).toBe(1)
      const title = h.attr(/<title>([^<]+)<\/title>/)!
      const description = h.attr(/<meta name="description" content="([^"]+)"/)!
      expect(title).toMatch(/ \| GameWise$/)
      expect(title.length).toBeLessThanOrEqual(70)
      expect(description.length).toBeGreaterThanOrEqual(50)
      expect(description.length).toBeLessThanOrEqual(160)
      titles.add(title)
      descriptions.add(description)
      const published = h.attr(/<meta property="article:published_time" content="([^"]+)"/)!
      const modified = h.attr(/<meta property="article:modified_time" content="([^"]+)"/)!
      expect(Number.isNaN(Date.parse(published))).toBe(false)
      const [ld] = h.jsonLd
      expect(ld['@type']).toBe('Article')
      expect(ld.datePublished).toBe(published)
      expect(ld.dateModified).toBe(modified)
      expect(ld.image).toEqual([h.attr(/<meta property="og:image" content="([^"]+)"/)])
      expect(ld.headline).toBeTruthy()
      expect(ld.author.name).toBeTruthy()
      expect(ld.publisher.logo.url).toMatch(/\.png$/)
    }
    expect(titles.size).toBe(ids.length)
    expect(descriptions.size).toBe(ids.length)
  })
})
