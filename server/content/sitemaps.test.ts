import { beforeAll, describe, expect, it } from 'vitest'
import { createRegistry } from '../../db/registry.ts'
import { type BrandDoc, createBrandsRepository } from '../../db/repositories/brands.ts'
import { createPostsRepository } from '../../db/repositories/posts.ts'
import { SqliteStore } from '../../db/sqlite/index.ts'
import { ARCHIVE_PAGE_SIZE, BRANDS_PAGE_SIZE } from '../../lib/archive.ts'
import { brandPage, post } from '../../test/factories.ts'
import { childTexts, parseXml } from '../../test/xml.ts'
import { createBrandsService } from '../brands/service.ts'
import { createContentService } from './articles.ts'
import { robotsTxt } from './robots.ts'
import {
  archiveUrls,
  createSitemapService,
  parseSitemapName,
  SITEMAP_KINDS,
  SITEMAP_MAX_URLS,
  SITEMAP_PAGE_SIZE,
  sitemapIndexXml,
  urlsetXml,
} from './sitemaps.ts'

const SITE = 'https://gamewise.example'
const noInfo = { sitemapEntries: async () => [] }
const noAuthors = { sitemapLists: async () => [] }
const locs = (xml: string, child = 'url') => [...parseXml(xml).documentElement.children].filter((e) => e.localName === child).flatMap((e) => childTexts(e, 'loc'))

describe('sitemap XML', () => {
  it('a urlset in the sitemaps.org namespace, URLs escaped, lastmod as a W3C datetime or left out', () => {
    const xml = urlsetXml([{ loc: `${SITE}/article/a?x=1&y=<2>`, lastmod: '2026-03-01T10:00:00.500+02:00' }, { loc: `${SITE}/`, lastmod: 'not a date' }])
    const root = parseXml(xml).documentElement
    expect(root.localName).toBe('urlset')
    expect(root.getAttribute('xmlns')).toBe('http://www.sitemaps.org/schemas/sitemap/0.9')
    expect(xml).toContain('<loc>https://gamewise.example/article/a?x=1&amp;y=&lt;2&gt;</loc><lastmod>2026-03-01T08:00:00Z</lastmod>')
    expect(xml).toContain(`<url><loc>${SITE}/</loc></url>`)
  })

  it('holds at most 50,000 URLs: one more is refused rather than served to be rejected', () => {
    const urls = Array.from({ length: SITEMAP_MAX_URLS }, (_, i) => ({ loc: `${SITE}/article/${i}` }))
    expect(urlsetXml(urls).match(/<url><loc>/g)).toHaveLength(SITEMAP_MAX_URLS)
    expect(() => urlsetXml([...urls, { loc: `${SITE}/one-more` }])).toThrow(/at most 50000/)
    expect(() => sitemapIndexXml([...urls, { loc: `${SITE}/one-more` }])).toThrow(/at most 50000/)
    expect(SITEMAP_PAGE_SIZE).toBeLessThanOrEqual(SITEMAP_MAX_URLS)
  })

  it('child sitemap names: only the canonical spelling of a kind and a number from 1', () => {
    expect(parseSitemapName('sitemap-articles-1.xml')).toEqual({ kind: 'articles', n: 1 })
    expect(parseSitemapName('sitemap-archives-12.xml')).toEqual({ kind: 'archives', n: 12 })
    for (const bad of ['sitemap-articles-0.xml', 'sitemap-articles-01.xml', 'sitemap-posts-1.xml', 'sitemap-articles-1.xml.gz', 'sitemap-Brands-1.xml', 'sitemap-brands-99999999.xml'])
      expect(parseSitemapName(bad), bad).toBeNull()
  })

  it('archive pages are sliced across lists without building the rest', () => {
    const lists = [
      { base: '/', pages: 1 },
      { base: '/articles', pages: 3 },
      { base: '/tag/x', pages: 2, lastmod: '2026-01-01T00:00:00Z' },
    ]
    const all = ['/', '/articles', '/articles/page/2', '/articles/page/3', '/tag/x', '/tag/x/page/2'].map((p) => SITE + p)
    expect(archiveUrls(lists, 0, 100, SITE).map((u) => u.loc)).toEqual(all)
    for (const size of [1, 2, 4, 5]) {
      const slices = Array.from({ length: Math.ceil(all.length / size) }, (_, i) => archiveUrls(lists, i * size, size, SITE).map((u) => u.loc))
      expect(slices.flat(), `size ${size}`).toEqual(all)
      expect(slices.every((s) => s.length <= size)).toBe(true)
    }
    expect(archiveUrls(lists, 6, 10, SITE)).toEqual([])
    expect(archiveUrls(lists, 5, 1, SITE)).toEqual([{ loc: `${SITE}/tag/x/page/2`, lastmod: '2026-01-01T00:00:00Z' }])
  })
})

describe('robots.txt', () => {
  it('keeps crawlers out of the private paths and names the sitemap', () => {
    const txt = robotsTxt(SITE)
    for (const p of ['/admin', '/adminmarket', '/login', '/signup', '/go/', '/api/']) expect(txt).toContain(`\nDisallow: ${p}\n`)
    expect(txt).toContain(`\nSitemap: ${SITE}/sitemap.xml\n`)
    expect(txt.indexOf('Allow: /')).toBeGreaterThan(txt.lastIndexOf('Disallow'))
  })
})

describe('the sitemap service splits every list into sitemaps of `pageSize` URLs', () => {
  const PAGE = 4
  const store = new SqliteStore(':memory:')
  const registry = createRegistry(store)
  const posts = createPostsRepository(store, registry)
  const brandsRepo = createBrandsRepository(store, registry)
  const content = createContentService({ posts })
  const directory = createBrandsService({ brands: brandsRepo })
  const service = createSitemapService({ posts, brands: brandsRepo, content, directory, info: noInfo, authors: noAuthors, siteUrl: SITE, pageSize: PAGE })
  const articleIds: string[] = []
  const at = (i: number) => new Date(Date.UTC(2026, 0, 1) + i * 3_600_000).toISOString()

  beforeAll(async () => {
    await posts.init()
    await brandsRepo.init()
    // 2 tags × 17 articles (2 archive pages each at 15), a hero and two untagged: 37 listed, over 10 sitemaps of 4
    for (let i = 0; i < 37; i++) {
      const p = { ...post(`a${String(i).padStart(2, '0')}`), tag: i < 17 ? 'Slots & Spins' : i < 34 ? 'News' : '', createdAt: at(i), updatedAt: at(i + 100) }
      await posts.insert(p)
      articleIds.push(p._id)
    }
    await posts.insert({ ...post('the-hero', 'Hero', 'hero'), createdAt: at(50), updatedAt: at(50) })
    for (let i = 0; i < 6; i++) {
      const b = brandPage({ _id: `brand-${i}`, createdAt: at(i), updatedAt: at(200 + i) })
      await brandsRepo.insert({ ...b, logo: null, bannerImage: null } as BrandDoc)
    }
  })

  async function children() {
    const index = await service.index()
    const out: Record<string, string[]> = {}
    for (const loc of locs(index, 'sitemap')) {
      const name = parseSitemapName(loc.slice(SITE.length + 1))!
      expect(name, loc).not.toBeNull()
      const xml = (await service.sitemap(name.kind, name.n))!
      const urls = locs(xml)
      expect(urls.length).toBeGreaterThan(0)
      expect(urls.length).toBeLessThanOrEqual(PAGE)
      ;(out[name.kind] ??= []).push(...urls)
    }
    return { index, out }
  }

  it('lists each kind in as many sitemaps as it needs, in order, none empty', async () => {
    const { index } = await children()
    const names = locs(index, 'sitemap').map((l) => l.slice(SITE.length))
    const archivePages = 1 + 3 + 1 // home, /articles (37 at 15), /brands
    const tagPages = 2 + 2 // two tags of 17
    expect(names).toEqual([
      ...Array.from({ length: Math.ceil(37 / PAGE) }, (_, i) => `/sitemap-articles-${i + 1}.xml`),
      ...Array.from({ length: Math.ceil(6 / PAGE) }, (_, i) => `/sitemap-brands-${i + 1}.xml`),
      ...Array.from({ length: Math.ceil(archivePages / PAGE) }, (_, i) => `/sitemap-archives-${i + 1}.xml`),
      ...Array.from({ length: Math.ceil(tagPages / PAGE) }, (_, i) => `/sitemap-tags-${i + 1}.xml`),
    ])
    expect(ARCHIVE_PAGE_SIZE).toBe(15) // the arithmetic above
    expect(BRANDS_PAGE_SIZE).toBeGreaterThanOrEqual(6)
  })

  it('the sitemaps together hold every listed article, every brand and every archive page, once', async () => {
    const { out } = await children()
    expect(out.articles).toEqual(articleIds.map((id) => `${SITE}/article/${id}`)) // id order; the hero is not an article page
    expect(out.brands).toEqual(Array.from({ length: 6 }, (_, i) => `${SITE}/brands/brand-${i}`))
    expect(out.archives).toEqual(['/', '/articles', '/articles/page/2', '/articles/page/3', '/brands'].map((p) => SITE + p))
    expect(out.tags).toEqual(['/tag/news', '/tag/news/page/2', '/tag/slots-spins', '/tag/slots-spins/page/2'].map((p) => SITE + p))
  })

  it('lastmod: an article’s and a brand’s last change; a list’s, when it last gained an entry', async () => {
    const w3c = (iso: string) => iso.replace('.000Z', 'Z')
    const lastmods = async (kind: 'articles' | 'brands' | 'archives' | 'tags', n = 1) =>
      [...parseXml((await service.sitemap(kind, n))!).documentElement.children].map((u) => childTexts(u, 'lastmod')[0])
    expect((await lastmods('articles'))[0]).toBe(w3c(at(100)))
    expect((await lastmods('brands'))[0]).toBe(w3c(at(200)))
    // home and the three pages of /articles: the newest listed article (not the hero); /brands: the newest brand
    expect(await lastmods('archives')).toEqual(Array(4).fill(w3c(at(36))))
    expect(await lastmods('archives', 2)).toEqual([w3c(at(5))])
    expect(await lastmods('tags')).toEqual([w3c(at(33)), w3c(at(33)), w3c(at(16)), w3c(at(16))]) // news: 17–33, slots: 0–16
  })

  it('past the last sitemap of a kind there is none', async () => {
    for (const kind of SITEMAP_KINDS) expect(await service.sitemap(kind, 99), kind).toBeNull()
    expect(await service.sitemap('brands', 3)).toBeNull()
    expect(await service.sitemap('brands', 2)).not.toBeNull()
  })

  it('an article sitemap reads one page of entries from the store, not every post', async () => {
    const before = store.rowsRead
    await service.sitemap('articles', 2)
    expect(store.rowsRead - before).toBe(PAGE)
  })

  it('refuses a page size over the cap', () => {
    expect(() => createSitemapService({ posts, brands: brandsRepo, content, directory, info: noInfo, authors: noAuthors, siteUrl: SITE, pageSize: SITEMAP_MAX_URLS + 1 })).toThrow()
  })
})
