import { beforeAll, describe, expect, it } from 'vitest'
import { articleStatesBonusFigures, statesBonusFigures } from '../../lib/inducements.ts'
import type { Market } from '../../lib/markets.ts'
import type { SuggestAnswer } from '../../lib/search.ts'
import { makeTestApp } from '../../test/make-app.ts'

/**
 * Issue 34: Ontario (AGCO) bars inducements in advertising, and the crawl found them in editorial guides
 * ("A 100% match at 40x wagering", "A "200% up to 500" offer", a card's "Why 35x is not always 35x").
 * A guide that states offer figures is not in a market that bars inducements: not listed, searched,
 * suggested, linked or served at its address there. Guides that explain without figures stay.
 */
let t: Awaited<ReturnType<typeof makeTestApp>>
let market: (key: string) => Market
beforeAll(async () => {
  t = await makeTestApp({ env: { GEO_HEADER: 'cf-ipcountry', GEO_DB: '0' } })
  market = (key) => t.ctx.services.markets.byPrefix(`/${key}`)
})
const FIGURES = ['how-to-read-a-casino-bonus', 'wagering-requirements-decoded', 'are-free-spins-worth-it']

describe('what states offer figures', () => {
  it.each(['A 100% match at 40x wagering', 'A "200% up to 500" offer', 'Why 35x is not always 35x', 'bonus x35', '50 free spins', 'up to £200', 'Bet £10 get £30', '150% bis zu 300 €', 'first bet back', '40-fach'])('%s', (text) => {
    expect(statesBonusFigures(text)).toBe(true)
  })
  it.each(['Withdrawals in up to 24 hours', 'A 96% RTP slot returns 96 of every 100', 'Wagering is the turnover a bonus asks for', 'Odds of 1.50 or more', 'CS2 Major preview: 16 teams', '3 x 3 grid slots'])('not: %s', (text) => {
    expect(statesBonusFigures(text)).toBe(false)
  })
})

describe('Ontario has no guide that states offer figures', () => {
  it('the demo: exactly the three bonus guides', async () => {
    const posts = await t.ctx.repos.posts.page({ listed: true }, { limit: 100 })
    expect(posts.filter((p) => !p.market && articleStatesBonusFigures(p)).map((p) => p._id).sort()).toEqual([...FIGURES].sort())
  })

  it('not found at its Ontario address, found in the UK and the default market', async () => {
    const content = t.ctx.services.content
    for (const id of FIGURES) {
      expect(await content.findArticle(id, { market: market('ca-on') }), id).toBeNull()
      expect(await content.findArticle(id, { market: market('uk') }), id).not.toBeNull()
      expect(await content.findArticle(id, {}), id).not.toBeNull()
    }
    expect(await content.findArticle('rtp-explained', { market: market('ca-on') })).not.toBeNull()
  })

  it('not in Ontario’s archive, home page, search or suggestions', async () => {
    const content = t.ctx.services.content
    const archive = await content.archive({ page: 1, market: market('ca-on') })
    const home = await content.getBlogContent({ market: market('ca-on') })
    const ids = [...archive!.posts, ...home.articles].map((p) => p._id)
    for (const id of FIGURES) expect(ids).not.toContain(id)
    // its own featured guide is not in Ontario: its first article leads instead (not "Content not found."), once
    expect(home.featured?._id).toBe(archive!.posts.find((p) => p.type === 'article')!._id)
    expect(home.articles.map((p) => p._id)).not.toContain(home.featured!._id)
    expect((await content.archive({ page: 1, market: market('uk') }))!.total).toBe(archive!.total + FIGURES.length)
    const found = await t.ctx.services.search.search({ q: 'wagering' }, { country: 'CA', market: market('ca-on') })
    expect(found.results.map((r) => r._id).filter((id) => FIGURES.includes(id))).toEqual([])
    const suggest = (await (await t.app.request('/api/search/suggest?q=wagering&market=ca-on', { headers: { 'cf-ipcountry': 'CA' } })).json()) as SuggestAnswer
    expect(suggest.suggestions.map((s) => s.href)).not.toContain('/article/wagering-requirements-decoded')
  })

  it('not among the 404 page’s popular articles in Ontario', async () => {
    const popular = (await t.ctx.services.notFound.help('/x', 'CA', market('ca-on'))).articles.map((p) => p._id)
    expect(popular.length).toBeGreaterThan(0)
    for (const id of FIGURES) expect(popular).not.toContain(id)
  })

  it('the home grid’s next pages (GET /api/posts/blog-content?market=) are the market’s: no bonus guide in Ontario, German guides only in /de', async () => {
    const all = async (key?: string) => {
      const ids: string[] = []
      let cursor: string | null = ''
      do {
        const q = new URLSearchParams({ limit: '5', ...(cursor ? { cursor } : {}), ...(key ? { market: key } : {}) })
        const body = (await (await t.app.request(`/api/posts/blog-content?${q}`)).json()) as { articles: { _id: string; market?: string | null }[]; nextCursor: string | null }
        ids.push(...body.articles.map((a) => a._id))
        cursor = body.nextCursor
      } while (cursor)
      return ids
    }
    const ontario = await all('ca-on')
    expect(ontario.length).toBeGreaterThan(5)
    for (const id of FIGURES) expect(ontario).not.toContain(id)
    expect(await all()).toContain('wagering-requirements-decoded')
    const german = await all('de')
    expect(german.length).toBeGreaterThan(0)
    expect(german).not.toContain('rtp-explained')
  })

  it('not in Ontario’s sitemap', async () => {
    const res = await t.app.request('/ca-on/sitemap-1.xml')
    expect(res.status).toBe(200)
    const xml = await res.text()
    expect(xml).toContain('/ca-on/article/rtp-explained')
    for (const id of FIGURES) expect(xml).not.toContain(`/ca-on/article/${id}`)
  })
})

describe('suggestions in a market (issue 34: "nov" ↓ Enter in Ontario opened the default brand page)', () => {
  it('an Ontario visitor’s "nov" names Nova Spins by its path (the page puts it in /ca-on), and no article Ontario does not list', async () => {
    const s = (await (await t.app.request('/api/search/suggest?q=nov&market=ca-on', { headers: { 'cf-ipcountry': 'CA' } })).json()) as SuggestAnswer
    expect(s.suggestions[0]).toMatchObject({ kind: 'brand', label: 'Nova Spins', href: '/brands/nova-spins' })
    const de = (await (await t.app.request('/api/search/suggest?q=nov&market=de', { headers: { 'cf-ipcountry': 'DE' } })).json()) as SuggestAnswer
    expect(de.suggestions.map((x) => x.href)).not.toContain('/article/indie-studio-roundup-november')
  })
})
