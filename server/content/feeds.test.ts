import { beforeAll, describe, expect, it } from 'vitest'
import { createRegistry } from '../../db/registry.ts'
import { createPostsRepository } from '../../db/repositories/posts.ts'
import { SqliteStore } from '../../db/sqlite/index.ts'
import { post } from '../../test/factories.ts'
import { childText, childTexts, parseXml } from '../../test/xml.ts'
import { createFeedsService, rssXml } from './feeds.ts'

const SITE = 'https://gamewise.example'
const RFC822 = /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} GMT$/
const channelOf = (xml: string) => [...parseXml(xml).documentElement.children].find((e) => e.localName === 'channel')!
const itemsOf = (xml: string) => [...channelOf(xml).children].filter((e) => e.localName === 'item')

describe('rssXml', () => {
  const channel = { title: 'GameWise & co', link: `${SITE}/`, description: 'Guides', selfUrl: `${SITE}/rss.xml`, language: 'en', lastBuildDate: '2026-03-01T10:00:00Z' }

  it('an RSS 2.0 channel with its required elements, its own URL (atom:link rel=self) and RFC 822 dates', () => {
    const xml = rssXml(channel, [{ title: 'One', link: `${SITE}/article/one`, description: 'First', pubDate: '2026-03-01T09:00:00Z', category: 'News' }])
    const root = parseXml(xml).documentElement
    expect(root.localName).toBe('rss')
    expect(root.getAttribute('version')).toBe('2.0')
    expect(root.getAttribute('xmlns:atom')).toBe('http://www.w3.org/2005/Atom')
    const ch = channelOf(xml)
    expect([childText(ch, 'title'), childText(ch, 'link'), childText(ch, 'description')]).toEqual(['GameWise & co', `${SITE}/`, 'Guides'])
    expect(childText(ch, 'lastBuildDate')).toBe('Sun, 01 Mar 2026 10:00:00 GMT')
    const self = [...ch.children].find((e) => e.getAttribute('rel') === 'self')!
    expect([self.tagName, self.getAttribute('href'), self.getAttribute('type')]).toEqual(['atom:link', `${SITE}/rss.xml`, 'application/rss+xml'])
    const [item] = itemsOf(xml)
    expect(childText(item, 'guid')).toBe(`${SITE}/article/one`)
    expect([...item.children].find((e) => e.localName === 'guid')!.getAttribute('isPermaLink')).toBe('true')
    expect(childText(item, 'pubDate')).toMatch(RFC822)
    expect(childText(item, 'category')).toBe('News')
  })

  it('a description is plain text: HTML, ]]>, control characters and emoji come out as text, never markup', () => {
    const description = '<p>Win <b>big</b> & fast]]> <script>alert(1)</script>\u0001 🎰'
    const xml = rssXml(channel, [{ title: 'A <i>title</i> & more', link: `${SITE}/article/x`, description }])
    expect(xml).not.toContain('<p>')
    expect(xml).not.toContain('<script>')
    const [item] = itemsOf(xml)
    expect(childText(item, 'description')).toBe('<p>Win <b>big</b> & fast]]> <script>alert(1)</script> 🎰')
    expect(childText(item, 'title')).toBe('A <i>title</i> & more')
    expect(item.children.length).toBe(4) // title, link, guid, description: no empty pubDate or category
  })
})

describe('the feeds service', () => {
  const store = new SqliteStore(':memory:')
  const posts = createPostsRepository(store, createRegistry(store))
  const feeds = createFeedsService({ posts, siteUrl: SITE, items: 5 })
  const at = (h: number) => new Date(Date.UTC(2026, 0, 1) + h * 3_600_000).toISOString()

  beforeAll(async () => {
    await posts.init()
    for (let i = 0; i < 8; i++) {
      // a position puts a post first in editorial order; feeds go by date regardless
      await posts.insert({ ...post(`p${i}`), tag: i % 2 ? 'Odd Tag' : 'Even', description: `About ${i}`, createdAt: at(i), updatedAt: at(i), ...(i === 0 ? { position: 0 } : {}) })
    }
    await posts.insert({ ...post('hero', 'Hero', 'hero'), createdAt: at(99), updatedAt: at(99) })
    await posts.update('p1', { updatedAt: at(50) }) // an old article edited late
  })

  it('the site feed: the newest listed articles, newest first, with absolute links', async () => {
    const items = itemsOf(await feeds.siteFeed())
    expect(items.map((i) => childText(i, 'link'))).toEqual(['p7', 'p6', 'p5', 'p4', 'p3'].map((id) => `${SITE}/article/${id}`))
    expect(items.map((i) => Date.parse(childText(i, 'pubDate')))).toEqual([7, 6, 5, 4, 3].map((h) => Date.parse(at(h))))
  })

  it('lastBuildDate is the latest change among the items', async () => {
    await posts.update('p5', { updatedAt: at(60) })
    expect(childText(channelOf(await feeds.siteFeed()), 'lastBuildDate')).toBe(new Date(at(60)).toUTCString())
  })

  it('a tag feed: only that tag, its name in the title, its archive as the link', async () => {
    const xml = (await feeds.tagFeed('odd-tag'))!
    expect(childTexts(channelOf(xml), 'title')).toEqual(['GameWise – Odd Tag'])
    expect(childText(channelOf(xml), 'link')).toBe(`${SITE}/tag/odd-tag`)
    expect(itemsOf(xml).map((i) => childText(i, 'link'))).toEqual(['p7', 'p5', 'p3', 'p1'].map((id) => `${SITE}/article/${id}`))
  })

  it('no feed for an unknown tag or a slug that is not canonical', async () => {
    for (const slug of ['nope', 'Odd-Tag', 'odd tag', '', '../x']) expect(await feeds.tagFeed(slug), slug).toBeNull()
  })
})
