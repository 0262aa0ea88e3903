import { describe, expect, it } from 'vitest'
import { SqliteStore } from '../../db/sqlite/index.ts'
import { sectionTypes } from '../../lib/schemas.ts'
import { loadConfig } from '../config.ts'
import { createAppContext } from '../context.ts'

describe('demo seed (issue 2, "Demo content")', async () => {
  const ctx = await createAppContext(loadConfig({ DATA_DIR: ':memory:' }), { store: new SqliteStore(':memory:') })
  const result = await ctx.services.seed.seedDemo()
  const content = await ctx.services.content.getBlogContent({ admin: true })
  const brands = await ctx.repos.brands.list()

  it('seeds a hero, a featured post, at least 13 full articles and at least 4 bottom articles', () => {
    expect(result.posts).toBeGreaterThanOrEqual(19)
    expect(content.hero?.title).toBe('The Smarter Way to Win in iGaming')
    expect(content.featured).not.toBeNull()
    expect(content.articles.length).toBeGreaterThanOrEqual(13)
    expect(content.articleBottoms!.length).toBeGreaterThanOrEqual(4)
    for (const a of content.articles) {
      expect(a.content.summary.length).toBeGreaterThan(0)
      expect(a.content.body.some((s) => s.keywords.length && s.hyperlinks.length && s.subsections.length)).toBe(true)
      expect(a.meta.author && a.meta.date && a.meta.readTime).toBeTruthy()
      expect(a.image).toMatch(/^\/media\/[a-f0-9]{32}-1200x675\.jpg$/) // served by the product, nothing hot-linked
    }
  })

  it('seeds at least 7 brands over at least 2 types, using every section type and flag', () => {
    expect(brands.length).toBeGreaterThanOrEqual(7)
    expect(new Set(brands.flatMap((b) => b.type)).size).toBeGreaterThanOrEqual(2)
    expect(new Set(brands.flatMap((b) => b.sections.map((s) => s.type)))).toEqual(new Set(sectionTypes))
    expect(brands.some((b) => b.promoTables.length)).toBe(true)
    expect(brands.some((b) => b.timelines.length && b.highlights.length)).toBe(true)
    expect(brands.some((b) => b.dealBox.countdownText && b.dealBox.ctaUrl)).toBe(true)
    expect(brands.some((b) => b.customParams.length)).toBe(true)
    for (const flag of ['enableClickId', 'enableGaid', 'enableUserAgent', 'enableCustomParams'] as const)
      expect(brands.some((b) => b[flag])).toBe(true)
    expect(brands.some((b) => b.tagline.length > 180)).toBe(true)
  })

  it('turns demo covers and banners into raster uploads with renditions (realistic LCP and social previews); logos stay SVG', async () => {
    const posts = [content.hero, content.featured, ...content.articles, ...content.articleBottoms!].filter((p) => p?.image)
    expect(posts.length).toBeGreaterThanOrEqual(19)
    for (const p of posts) {
      const m = await ctx.repos.media.findById(p!.image.slice('/media/'.length))
      // a translation (issue 23) shares its original's cover, and with it the original's alt text
      const alt = p!.translationOf ? (await ctx.services.posts.get(p!.translationOf)).title : p!.title
      expect(m, p!.image).toMatchObject({ contentType: 'image/jpeg', width: 1200, height: 675, alt })
      expect(m!.variants).toHaveLength(6)
    }
    const withBanner = brands.filter((b) => b.bannerImage)
    expect(withBanner.length).toBeGreaterThan(5)
    for (const b of withBanner) expect((await ctx.repos.media.findById(b.bannerImage!.mediaId!))?.width).toBe(1200)
    for (const b of brands) expect(b.logo?.cdnUrl).toMatch(/^\/demo\/brands\/[\w-]+\.svg$/)
  })

  it('without rasterImages keeps the committed SVGs (what most tests seed, in milliseconds)', async () => {
    const fast = await createAppContext(loadConfig({ DATA_DIR: ':memory:' }), { store: new SqliteStore(':memory:') })
    await fast.services.seed.seedDemo({ rasterImages: false })
    expect((await fast.services.content.getBlogContent({})).featured?.image).toMatch(/^\/demo\/[\w-]+\.svg$/)
    expect(await fast.repos.media.list()).toEqual([])
  })

  it('refuses a non-empty store without force', async () => {
    await expect(ctx.services.seed.seedDemo()).rejects.toThrow(/not empty/)
  })
})
