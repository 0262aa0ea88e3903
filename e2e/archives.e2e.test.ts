import { Database } from 'bun:sqlite'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { BASE_URL, DATA_DIR } from './browser.ts'

/** Raw HTML, as a crawler without JavaScript sees it. */
const html = async (path: string, headers: Record<string, string> = {}) => {
  const res = await fetch(BASE_URL + path, { redirect: 'manual', headers })
  return { status: res.status, location: res.headers.get('location'), text: await res.text() }
}
const hrefs = (text: string) => [...text.matchAll(/<a\b[^>]*\bhref="([^"]+)"/g)].map((m) => m[1].replaceAll('&amp;', '&'))

/** What the store holds that a crawler must reach: every readable post and every brand. */
function published() {
  const db = new Database(join(DATA_DIR, 'gamewise.db'), { readonly: true })
  try {
    const posts = db.query<{ id: string; market: string | null }, []>("SELECT id, json_extract(doc, '$.market') AS market FROM posts WHERE json_extract(doc, '$.type') IN ('article', 'featured', 'articleBottom')").all()
    const brands = db.query<{ id: string; geo: string | null }, []>("SELECT id, json_extract(doc, '$.geo') AS geo FROM brands").all()
    return {
      // an article written for one market lives under its prefix (issue 23: the demo's German ones at /de/article/…)
      articles: posts.map((p) => `${p.market ? `/${p.market}` : ''}/article/${p.id}`),
      brands: brands.map((b) => `/brands/${b.id}`),
      // compliance: a brand shown only in some countries (lib/geo.ts) and a country where it is shown
      geoLimited: new Map(brands.filter((b) => b.geo).map((b) => [`/brands/${b.id}`, (JSON.parse(b.geo!) as { allow?: string[] }).allow?.[0] ?? 'DE'])),
    }
  } finally {
    db.close()
  }
}

describe('archives (server-rendered, real links)', () => {
  it('/articles pages every readable article 15 at a time, with links to the other pages', async () => {
    const first = await html('/articles')
    expect(first.status).toBe(200)
    expect(first.text).toContain('<h1 id="archive-heading">All articles</h1>')
    const section = first.text.slice(first.text.indexOf('<section class="archive"'), first.text.indexOf('</section>', first.text.indexOf('<section class="archive"')))
    expect(new Set(hrefs(section).filter((h) => h.startsWith('/article/'))).size).toBe(15)
    expect(hrefs(section)).toContain('/articles/page/2')
    const total = published().articles.filter((a) => a.startsWith('/article/')).length // the default market's (issue 23)
    const last = await html(`/articles/page/${Math.ceil(total / 15)}`)
    expect(last.status).toBe(200)
    expect(hrefs(last.text)).not.toContain(`/articles/page/${Math.ceil(total / 15) + 1}`)
  })

  it('page 1 has one URL, a page past the end or a malformed page is a 404 page', async () => {
    expect(await html('/articles/page/1')).toMatchObject({ status: 301 })
    expect((await html('/articles/page/1')).location).toMatch(/\/articles$/)
    for (const path of ['/articles/page/999', '/articles/page/0', '/articles/page/x', '/tag/no-such-tag', '/tag/guides/page/999', '/brands/page/999', '/tag/%E0%A4%A'])
      expect((await html(path)).status, path).toBe(404)
  })

  it('a tag archive lists only that tag, and chips on cards link to it', async () => {
    const guides = await html('/tag/guides')
    expect(guides.status).toBe(200)
    expect(guides.text).toMatch(/<h1 id="archive-heading">Guides<\/h1>/)
    const home = await html('/')
    expect(hrefs(home.text)).toContain('/tag/guides')
  })

  it('the brands directory links every brand page (one shown only in some countries, for a visitor from there)', async () => {
    const linkedFor = async (country?: string) => {
      const page = await html('/brands', country ? { 'cf-ipcountry': country } : {})
      expect(page.status).toBe(200)
      return new Set(hrefs(page.text).filter((h) => h.startsWith('/brands/')))
    }
    const { brands, geoLimited } = published()
    const anyone = await linkedFor()
    for (const b of brands) {
      if (geoLimited.has(b)) expect(await linkedFor(geoLimited.get(b)), b).toContain(b)
      else expect(anyone, b).toContain(b)
    }
  })

  it('an article links its related articles (same tag) in the raw HTML', async () => {
    const page = await html('/article/rtp-explained')
    expect(page.text).toContain('Related articles')
    const related = page.text.slice(page.text.indexOf('Related articles'))
    expect(hrefs(related).filter((h) => h.startsWith('/article/') && h !== '/article/rtp-explained').length).toBeGreaterThan(0)
  })
})

describe('a crawler following <a href> only, from /', () => {
  it('reaches every readable article and every brand', async () => {
    const seen = new Set<string>(['/'])
    const queue = ['/']
    const skip = /^\/(go|api|admin|adminmarket|login|signup|media)(\/|$)/
    while (queue.length && seen.size < 2_000) {
      const path = queue.shift()!
      const res = await fetch(BASE_URL + path)
      if (!res.ok || !(res.headers.get('content-type') ?? '').includes('text/html')) continue
      for (const href of hrefs(await res.text())) {
        const url = new URL(href, BASE_URL + path)
        if (url.origin !== BASE_URL || skip.test(url.pathname) || url.search) continue
        if (!seen.has(url.pathname)) {
          seen.add(url.pathname)
          queue.push(url.pathname)
        }
      }
    }
    const { articles, brands, geoLimited } = published()
    // a visitor of unknown country is offered only brands available everywhere; the others are linked
    // for visitors from where they are available (the directory test above)
    const missing = [...articles, ...brands.filter((b) => !geoLimited.has(b))].filter((p) => !seen.has(p))
    expect(missing).toEqual([])
  })
})
