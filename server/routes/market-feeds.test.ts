import { beforeAll, describe, expect, it } from 'vitest'
import { makeTestApp } from '../../test/make-app.ts'
import { childText, parseXml } from '../../test/xml.ts'

/**
 * (API-only app: pages are not rendered here, so each item is checked against the store.)
 * Each market has its own feeds: the default market's /rss.xml lists the articles it lists (not the German
 * edition's), and /de/rss.xml, /ca-on/rss.xml and their tag feeds list their market's, linked in it.
 */
let t: Awaited<ReturnType<typeof makeTestApp>>
beforeAll(async () => {
  t = await makeTestApp() // the demo's markets: /uk, /ca-on and /de (German articles of its own)
})
const feed = async (path: string) => {
  const res = await t.app.request(path)
  return { status: res.status, doc: res.status === 200 ? parseXml(await res.text()) : null }
}
const links = (doc: Document) => [...doc.documentElement.getElementsByTagName('item')].map((item) => childText(item, 'link')!)

describe('feeds per market', () => {
  it('/rss.xml lists the default market’s articles only: no German article that would answer 404 there', async () => {
    const { doc } = await feed('/rss.xml')
    const items = links(doc!)
    expect(items.length).toBeGreaterThan(0)
    expect(items.some((l) => l.includes('rtp-erklaert') || l.includes('casino-bonus-richtig-lesen'))).toBe(false)
    // every item is an article the default market lists: one written for every market
    for (const link of items) expect((await t.ctx.services.posts.get(new URL(link).pathname.split('/').pop()!)).market ?? null, link).toBeNull()
  })

  it('/de/rss.xml lists the German articles, linked under /de, in German', async () => {
    const { doc } = await feed('/de/rss.xml')
    const channel = doc!.documentElement.getElementsByTagName('channel')[0]!
    expect(childText(channel, 'language')).toBe('de-DE')
    const items = links(doc!)
    expect(items.length).toBeGreaterThan(0)
    for (const link of items) {
      expect(new URL(link).pathname, link).toMatch(/^\/de\/article\//)
      expect((await t.ctx.services.posts.get(new URL(link).pathname.split('/').pop()!)).market, link).toBe('de')
    }
  })

  it('a market that lists shared articles links them in the market; its tag feeds too; an unknown market is a 404', async () => {
    for (const link of links((await feed('/ca-on/rss.xml')).doc!)) expect(new URL(link).pathname).toMatch(/^\/ca-on\/article\//)
    for (const link of links((await feed('/ca-on/tag/guides/rss.xml')).doc!)) expect(new URL(link).pathname).toMatch(/^\/ca-on\/article\//)
    expect((await feed('/de/tag/guides/rss.xml')).status).toBe(404) // no German article holds that tag
    expect((await feed('/xx/rss.xml')).status).toBe(404)
  })
})
