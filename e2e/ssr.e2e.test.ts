import { describe, expect, it } from 'vitest'
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
    for (const text of ['Summary', 'Article', 'Where the number comes from', 'RTP and house edge', 'test labs']) expect(html).toContain(text)
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

  it('serves the demo images itself', async () => {
    const res = await get('/demo/brands/nova-spins.svg')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('image/svg+xml')
  })
})
