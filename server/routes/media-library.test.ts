import { rmSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SqliteStore } from '../../db/sqlite/index.ts'
import { brandInputSchema } from '../../lib/schemas.ts'
import { CLI_SECRET, runCli, tempDataDir } from '../../test/cli.ts'
import { post } from '../../test/factories.ts'
import { loginAs, makeTestApp } from '../../test/make-app.ts'
import { loadConfig } from '../config.ts'
import { type AppContext, createAppContext } from '../context.ts'
import type { MediaItem } from '../media/service.ts'
import { testBackend } from '../../test/store.ts'

/** Issue 13: the media library. Distinct tiny GIFs (the sniffer reads the header; ids hash the bytes). */
const GIF_1X1 = [0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 1, 0, 1, 0, 0x80, 0, 0, 0xff, 0xff, 0xff, 0, 0, 0, 0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0, 2, 2, 0x44, 1, 0]
/** A real 1×1 GIF (it must decode: uploads are measured) whose comment block holds `tag`, so each is distinct bytes. */
const gif = (tag: string) => {
  const text = [...new TextEncoder().encode(tag)].slice(0, 255)
  return new Uint8Array([...GIF_1X1, 0x21, 0xfe, text.length, ...text, 0, 0x3b])
}
const HOUR = 3600_000

/**
 * Every place an image can be used, plus unused ones. The clock starts two hours back, so uploads are
 * past the prune's grace period; `fresh` is uploaded "now".
 */
async function fill(ctx: AppContext, clock: { t: number }) {
  const save = async (tag: string) => (await ctx.services.media.saveImage(gif(tag), { alt: `alt ${tag}` })).id
  const ids = {
    lead: await save('lead'),
    inline: await save('inline'),
    logo: await save('logo'),
    banner: await save('banner'),
    infoPage: await save('info'),
    viaVariant: await save('original-of-a-used-variant'),
    replaced: await save('replaced-lead'),
    deleted: await save('deleted-post-lead'),
    unused: await save('unused'),
    unusedWithVariant: await save('unused-with-variant'),
    fresh: '',
  }
  // variants: files of an item's set (another format/width) recorded beside it
  const variant = async (tag: string, of: string) => {
    const v = await ctx.services.media.saveImage(gif(tag))
    await ctx.store.collection('media').updateOne({ _id: v.id }, { $set: { variantOf: of } })
    return v.id
  }
  const usedVariant = await variant('used-variant', ids.viaVariant)
  const unusedVariant = await variant('unused-variant', ids.unusedWithVariant)
  const orphanVariant = await variant('orphan-variant', 'f'.repeat(32) + '.gif')
  const posts = ctx.services.posts
  await posts.create('article', { title: 'Lead image post', image: `/media/${ids.replaced}` })
  // re-imaged: the old image is kept by the post's first revision (a restore would bring it back)
  await posts.update('lead-image-post', { title: 'Lead image post', image: `/media/${ids.lead}` })
  // deleted for good (out of the Trash): its revisions go with it, and its image is unused now
  await posts.create('article', { title: 'Deleted post', image: `/media/${ids.deleted}` })
  await ctx.services.postTrash.trash('deleted-post')
  await ctx.services.postTrash.deleteForever('deleted-post')
  await posts.create('article', {
    title: 'Inline image post',
    content: { summary: [], body: [{ headline: 'Chart', content: `See ![the chart](http://localhost:3000/media/${ids.inline}) here.`, keywords: [], hyperlinks: [], subsections: [] }] },
  })
  await posts.create('articleBottom', { title: 'Variant user', content: { summary: [{ title: 'x', text: `![v](/media/${usedVariant})` }], body: [] } })
  const brand = brandInputSchema.parse({ brandName: 'Logo Casino' })
  const at = new Date(clock.t).toISOString()
  await ctx.repos.brands.insert({ ...brand, _id: 'logo-casino', logo: { mediaId: ids.logo, contentType: 'image/gif' }, bannerImage: { mediaId: ids.banner, contentType: 'image/gif' }, createdAt: at, updatedAt: at } as never)
  await ctx.services.infoPages.create({ slug: 'about-us', title: 'About us', body: `Our office:\n\n![office](/media/${ids.infoPage})` })
  clock.t += 2 * HOUR
  ids.fresh = await save('fresh')
  return { ids, usedVariant, unusedVariant, orphanVariant }
}

describe('GET /api/media and DELETE /api/media/:id', () => {
  let t: Awaited<ReturnType<typeof makeTestApp>>
  let token: string
  let data: Awaited<ReturnType<typeof fill>>
  const clock = { t: Date.parse('2026-11-01T10:00:00Z') }
  const get = async (query = '') => {
    const res = await t.app.request(`/api/media${query}`, { headers: { authorization: `Bearer ${token}` } })
    return { status: res.status, body: await res.json() }
  }
  const all = async (query = '') => {
    const items: MediaItem[] = []
    let cursor: string | null = null
    do {
      const { body } = await get(`?limit=3${query}${cursor ? `&cursor=${cursor}` : ''}`)
      items.push(...body.items)
      cursor = body.nextCursor
    } while (cursor)
    return items
  }

  beforeAll(async () => {
    t = await makeTestApp({ seed: false, now: () => new Date(clock.t) })
    token = (await loginAs(t, 'admin')).accessToken
    data = await fill(t.ctx, clock)
  })

  it('pages through every item, newest first, with URL, alt, size, type and where each is used', async () => {
    const items = await all()
    const { ids } = data
    expect(items.map((i) => i._id).sort()).toEqual(Object.values(ids).sort()) // variants are files of their item, not items
    expect(items[0]._id).toBe(ids.fresh)
    const byId = new Map(items.map((i) => [i._id, i]))
    expect(byId.get(ids.lead)).toMatchObject({ url: `/media/${ids.lead}`, alt: 'alt lead', contentType: 'image/gif', size: gif('lead').length, files: 1 })
    expect(byId.get(ids.lead)!.usedBy).toEqual([{ kind: 'post', id: 'lead-image-post', title: 'Lead image post' }])
    expect(byId.get(ids.inline)!.usedBy).toEqual([{ kind: 'post', id: 'inline-image-post', title: 'Inline image post' }])
    expect(byId.get(ids.logo)!.usedBy).toEqual([{ kind: 'brand', id: 'logo-casino', title: 'Logo Casino' }])
    expect(byId.get(ids.banner)!.usedBy).toEqual([{ kind: 'brand', id: 'logo-casino', title: 'Logo Casino' }])
    expect(byId.get(ids.infoPage)!.usedBy).toEqual([{ kind: 'info-page', id: 'about-us', title: 'About us' }])
    expect(byId.get(ids.viaVariant)).toMatchObject({ files: 2, usedBy: [{ kind: 'post', id: 'variant-user', title: 'Variant user' }] })
    expect(byId.get(ids.replaced)!.usedBy).toEqual([{ kind: 'revision', id: 'post:lead-image-post', title: 'Lead image post' }])
    for (const unused of [ids.deleted, ids.unused, ids.unusedWithVariant, ids.fresh]) expect(byId.get(unused)!.usedBy, unused).toEqual([])
  })

  it('filters to unused items (unused=1), across pages', async () => {
    const { ids } = data
    expect((await all('&unused=1')).map((i) => i._id).sort()).toEqual([ids.deleted, ids.unused, ids.unusedWithVariant, ids.fresh].sort())
  })

  // counts the rows SQLite reads (MongoDB answers the same from its multikey index, uncounted)
  it.skipIf(testBackend() === 'mongodb')('finds usage from the index: a page reads its matches, not every post', async () => {
    for (let i = 0; i < 400; i++) await t.ctx.repos.posts.insert({ ...post(`filler-${i}`), createdAt: new Date(clock.t).toISOString(), updatedAt: new Date(clock.t).toISOString() })
    const store = t.ctx.store as SqliteStore
    const before = store.rowsRead
    const { body } = await get('?limit=20')
    expect(body.items.length).toBe(11)
    expect(store.rowsRead - before).toBeLessThan(100)
  })

  it('a post stored before usage was tracked gets it at start (backfill), and its image counts as used', async () => {
    const id = (await t.ctx.services.media.saveImage(gif('legacy'))).id
    const legacy = { ...post('legacy-post', 'Legacy post'), image: `/media/${id}`, createdAt: new Date(clock.t).toISOString(), updatedAt: new Date(clock.t).toISOString() }
    await t.ctx.store.collection('posts').insertOne({ ...legacy, rank: 1_000_000_000, listed: true, tagSlug: '' }) // as an older version wrote it
    expect((await t.ctx.services.mediaLibrary.usedBy([id])).get(id)).toEqual([])
    await t.ctx.repos.posts.init()
    expect((await t.ctx.services.mediaLibrary.usedBy([id])).get(id)).toEqual([{ kind: 'post', id: 'legacy-post', title: 'Legacy post' }])
    expect(Object.keys((await t.ctx.repos.posts.findById('legacy-post'))!)).not.toContain('mediaRefs')
  })

  it('refuses a malformed cursor or limit with 400 { message }', async () => {
    for (const q of ['?cursor=not-a-cursor', '?limit=0', '?limit=101', '?unused=maybe']) {
      const { status, body } = await get(q)
      expect(status, q).toBe(400)
      expect(body.message, q).toEqual(expect.any(String))
    }
  })

  it('refuses to delete an item in use: 409 naming where, and it stays', async () => {
    const res = await t.app.request(`/api/media/${data.ids.logo}`, { method: 'DELETE', headers: { authorization: `Bearer ${token}` } })
    expect(res.status).toBe(409)
    expect((await res.json()).message).toMatch(/brand "Logo Casino"/)
    expect((await t.app.request(`/media/${data.ids.logo}`)).status).toBe(200)
  })

  it('deletes an unused item with all its files', async () => {
    const { ids, unusedVariant } = data
    const res = await t.app.request(`/api/media/${ids.unusedWithVariant}`, { method: 'DELETE', headers: { authorization: `Bearer ${token}` } })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ ok: true, id: ids.unusedWithVariant, files: 2 })
    expect((await t.app.request(`/media/${ids.unusedWithVariant}`)).status).toBe(404)
    expect((await t.app.request(`/media/${unusedVariant}`)).status).toBe(404)
  })

  it('answers 404 for an unknown or malformed id, and for a variant (deleted with its item)', async () => {
    for (const id of ['0'.repeat(32) + '.png', 'nonsense', data.usedVariant]) {
      const res = await t.app.request(`/api/media/${id}`, { method: 'DELETE', headers: { authorization: `Bearer ${token}` } })
      expect(res.status, id).toBe(404)
    }
    expect((await t.app.request(`/media/${data.usedVariant}`)).status).toBe(200)
  })
})

describe('bun run cli -- media prune', () => {
  const dataDir = tempDataDir('prune')
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }))
  let data: Awaited<ReturnType<typeof fill>>

  beforeAll(async () => {
    const config = loadConfig({ DATA_DIR: dataDir, AUTH_SECRET: CLI_SECRET, NODE_ENV: 'test', SEED_DEMO: '0' })
    // uploaded two hours ago, except `fresh` (just now): the CLI runs on the real clock
    const clock = { t: Date.now() - 2 * HOUR }
    const ctx = await createAppContext(config, { now: () => new Date(clock.t) })
    data = await fill(ctx, clock)
    await ctx.close()
  })
  const stored = async () => {
    const config = loadConfig({ DATA_DIR: dataDir, AUTH_SECRET: CLI_SECRET, NODE_ENV: 'test', SEED_DEMO: '0' })
    const ctx = await createAppContext(config)
    const ids = (await ctx.store.collection('media').find({}, { projection: [] })).map((d) => d._id).sort()
    await ctx.close()
    return ids
  }

  it('--dry-run lists what would go and removes nothing', async () => {
    const before = await stored()
    const r = runCli(dataDir, ['media', 'prune', '--dry-run', '--json'])
    expect(r.code, r.err).toBe(0)
    const report = JSON.parse(r.out)
    expect(report.dryRun).toBe(true)
    expect(report.removed.map((x: { id: string }) => x.id).sort()).toEqual([data.ids.deleted, data.ids.unused, data.ids.unusedWithVariant, data.orphanVariant].sort())
    expect(await stored()).toEqual(before)
  })

  it('removes what nothing uses (with its variants) and keeps everything still in use, and recent uploads', async () => {
    const r = runCli(dataDir, ['media', 'prune'])
    expect(r.code, r.err).toBe(0)
    expect(r.out).toMatch(/Removed 4 image\(s\), .*; kept 7 in use and 1 uploaded in the last 10 minutes\./)
    const { ids, usedVariant } = data
    expect(await stored()).toEqual([ids.lead, ids.replaced, ids.inline, ids.logo, ids.banner, ids.infoPage, ids.viaVariant, usedVariant, ids.fresh].sort())
    expect(runCli(dataDir, ['media', 'prune']).out).toMatch(/Removed 0 image/)
  })
})
