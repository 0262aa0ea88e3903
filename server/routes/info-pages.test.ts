import { beforeAll, describe, expect, it } from 'vitest'
import { SqliteStore } from '../../db/sqlite/index.ts'
import { DEFAULT_INFO_SLUGS } from '../../lib/info-pages.ts'
import { loginAs, makeTestApp } from '../../test/make-app.ts'
import { createApp } from '../app.ts'
import { loadConfig } from '../config.ts'
import { bootstrap, createAppContext } from '../context.ts'

let t: Awaited<ReturnType<typeof makeTestApp>>
let editor: string
let user: string
beforeAll(async () => {
  t = await makeTestApp() // the demo seed, default info pages included
  editor = (await loginAs(t, 'editor')).accessToken
  user = (await loginAs(t, 'user')).accessToken
})

const send = (method: string, path: string, body?: unknown, token: string | null = editor) =>
  t.app.request(path, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  })
const stored = () => t.ctx.store.collection('info_pages').find({})
const page = (over: Record<string, unknown> = {}) => ({ slug: 'bonus-policy', title: 'Bonus policy', body: '## How bonuses work\n\nRead the *terms*.', ...over })

describe('info pages API: reads and writes for editors', () => {
  it('GET /api/info-pages lists the seven default pages first, marked required', async () => {
    const res = await send('GET', '/api/info-pages')
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('no-store')
    const { pages } = await res.json()
    expect(pages.slice(0, 7).map((p: { slug: string }) => p.slug)).toEqual([...DEFAULT_INFO_SLUGS])
    expect(pages.every((p: { required: boolean; body: string }) => p.required && p.body.length > 200)).toBe(true)
  })

  it('creates, reads, updates and deletes a page of its own', async () => {
    const created = await send('POST', '/api/info-pages', page())
    expect(created.status).toBe(201)
    expect(await created.json()).toMatchObject({ slug: 'bonus-policy', title: 'Bonus policy', seoTitle: '', seoDescription: '', required: false })

    const read = await (await send('GET', '/api/info-pages/bonus-policy')).json()
    expect(read.body).toBe('## How bonuses work\n\nRead the *terms*.')

    const updated = await send('PUT', '/api/info-pages/bonus-policy', { title: 'Bonus rules', body: 'New **text**', seoTitle: 'Bonus rules explained', seoDescription: 'How we judge bonus terms.' })
    expect(updated.status).toBe(200)
    expect(await updated.json()).toMatchObject({ slug: 'bonus-policy', title: 'Bonus rules', body: 'New **text**', seoTitle: 'Bonus rules explained', createdAt: read.createdAt })

    expect((await send('DELETE', '/api/info-pages/bonus-policy')).status).toBe(200)
    expect((await send('GET', '/api/info-pages/bonus-policy')).status).toBe(404)
    expect((await stored()).some((d) => d._id === 'bonus-policy')).toBe(false)
  })

  it('refuses a taken slug with 409 and leaves the page as it was', async () => {
    const res = await send('POST', '/api/info-pages', page({ slug: 'privacy', title: 'Hijack' }))
    expect(res.status).toBe(409)
    expect(await res.json()).toMatchObject({ code: 'conflict' })
    expect((await t.ctx.services.infoPages.get('privacy')).title).toBe('Privacy policy')
  })

  it('the default pages can be edited but not deleted (409, with the reason)', async () => {
    for (const slug of DEFAULT_INFO_SLUGS) {
      const res = await send('DELETE', `/api/info-pages/${slug}`)
      expect(res.status, slug).toBe(409)
      expect((await res.json()).message).toMatch(/can be edited but not deleted/)
    }
    expect((await stored()).filter((d) => (DEFAULT_INFO_SLUGS as readonly string[]).includes(d._id))).toHaveLength(7)
    const res = await send('PUT', '/api/info-pages/about', { title: 'About us', body: 'We write about games.' })
    expect(res.status).toBe(200)
  })

  it.each([
    ['an upper-case slug', page({ slug: 'Bonus' }), 'slug'],
    ['a slug with a space', page({ slug: 'bonus policy' }), 'slug'],
    ['a slug with a trailing hyphen', page({ slug: 'bonus-' }), 'slug'],
    ['a slug with two hyphens in a row', page({ slug: 'a--b' }), 'slug'],
    ['a slug with a slash', page({ slug: 'a/b' }), 'slug'],
    ['a slug of 61 characters', page({ slug: 'a'.repeat(61) }), 'slug'],
    ['a missing title', page({ title: '   ' }), 'title'],
    ['a body that is not text', page({ body: { html: '<b>' } }), 'body'],
    ['a body over 50,000 characters', page({ body: 'x'.repeat(50_001) }), 'body'],
    ['an SEO title over 70 characters', page({ seoTitle: 'x'.repeat(71) }), 'seoTitle'],
    ['an SEO description over 160 characters', page({ seoDescription: 'x'.repeat(161) }), 'seoDescription'],
  ])('POST with %s is a 400 { message, code, issues } and writes nothing', async (_name, body, field) => {
    const before = await stored()
    const res = await send('POST', '/api/info-pages', body)
    expect(res.status).toBe(400)
    const answer = await res.json()
    expect(answer).toMatchObject({ code: 'bad_request', message: expect.any(String) })
    expect(answer.issues.map((i: { path: string }) => i.path)).toContain(field)
    expect(await stored()).toEqual(before)
  })

  it('PUT with bad input is a 400 and changes nothing; PUT or DELETE of an unknown page is a 404', async () => {
    const before = await stored()
    const bad = await send('PUT', '/api/info-pages/terms', { title: '', body: 'x' })
    expect(bad.status).toBe(400)
    expect((await bad.json()).issues[0].path).toBe('title')
    expect(await stored()).toEqual(before)
    for (const [method, body] of [['PUT', { title: 'x', body: 'y' }], ['DELETE', undefined], ['GET', undefined]] as const) {
      for (const slug of ['no-such-page', 'Not%20A%20Slug', '__proto__']) {
        const res = await send(method, `/api/info-pages/${slug}`, body)
        expect(res.status, `${method} ${slug}`).toBe(404)
        expect(await res.json()).toMatchObject({ code: 'not_found' })
      }
    }
    expect(await stored()).toEqual(before)
  })

  it('a body larger than the route allows is a 413 before it is read', async () => {
    const res = await send('POST', '/api/info-pages', page({ body: 'x'.repeat(600 * 1024) }))
    expect(res.status).toBe(413)
  })

  it('POST /api/info-pages/preview answers the tree the page would render and saves nothing', async () => {
    const before = await stored()
    const res = await send('POST', '/api/info-pages/preview', { body: '# Hi\n\n<script>x</script> [a](javascript:alert(1))' })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ tree: [{ t: 'h2', c: ['Hi'] }, { t: 'p', c: ['<script>x</script> [a](javascript:alert(1))'] }] })
    expect(await stored()).toEqual(before)
  })
})

describe('info pages API: who may call it', () => {
  const writes: [string, string, unknown][] = [
    ['GET', '/api/info-pages', undefined],
    ['GET', '/api/info-pages/privacy', undefined],
    ['POST', '/api/info-pages', page({ slug: 'sneaky' })],
    ['POST', '/api/info-pages/preview', { body: 'x' }],
    ['PUT', '/api/info-pages/privacy', { title: 'Pwned', body: 'x' }],
    ['DELETE', '/api/info-pages/bonus-terms', undefined],
  ]
  it.each(writes)('%s %s: 401 anonymous, 403 for a user, nothing written', async (method, path, body) => {
    await t.ctx.services.infoPages.create({ slug: 'bonus-terms', title: 'Bonus terms', body: 'b' }).catch(() => {})
    const before = await stored()
    const anonymous = await send(method, path, body, null)
    expect(anonymous.status).toBe(401)
    expect(await anonymous.json()).toMatchObject({ code: 'unauthorized' })
    const asUser = await send(method, path, body, user)
    expect(asUser.status).toBe(403)
    expect(await asUser.json()).toMatchObject({ code: 'forbidden' })
    expect(await stored()).toEqual(before)
  })
})

describe('default info pages at start ("ensure", like a migration)', () => {
  it('an existing store without them gets them once; editors’ changes and their own pages survive later starts', async () => {
    const ctx = await createAppContext(loadConfig({ DATA_DIR: ':memory:', SEED_DEMO: '0' }), { store: new SqliteStore(':memory:') })
    const quiet = () => {}
    await bootstrap(ctx, quiet)
    expect((await ctx.services.infoPages.list()).map((p) => p.slug)).toEqual([...DEFAULT_INFO_SLUGS])

    await ctx.services.infoPages.update('privacy', { title: 'Our privacy policy', body: 'Edited by an editor.' })
    await ctx.services.infoPages.create({ slug: 'faq', title: 'FAQ', body: 'Q & A' })
    await ctx.store.collection('info_pages').deleteOne({ _id: 'cookies' }) // a store from before a default page existed

    const lines: string[] = []
    await bootstrap(ctx, (l) => lines.push(l))
    expect(lines).toContain('Created default info pages: cookies.')
    await bootstrap(ctx, (l) => lines.push(l))
    expect(lines.filter((l) => l.startsWith('Created default info pages'))).toHaveLength(1) // the second start: nothing to do

    const pages = await ctx.services.infoPages.list()
    expect(pages.map((p) => p.slug)).toEqual([...DEFAULT_INFO_SLUGS, 'faq'])
    expect(pages.find((p) => p.slug === 'privacy')).toMatchObject({ title: 'Our privacy policy', body: 'Edited by an editor.' })
    await ctx.close()
  })

  it('two processes ensuring at once create each page once', async () => {
    const ctx = await createAppContext(loadConfig({ DATA_DIR: ':memory:' }), { store: new SqliteStore(':memory:') })
    const results = await Promise.all([ctx.services.infoPages.ensureDefaults(), ctx.services.infoPages.ensureDefaults()])
    expect([...results[0], ...results[1]].sort()).toEqual([...DEFAULT_INFO_SLUGS].sort())
    expect(await ctx.store.collection('info_pages').count()).toBe(7)
    await ctx.close()
  })

  it('the default texts describe what the product stores (salted visitor hash, no raw IP, consent)', async () => {
    const privacy = await t.ctx.services.infoPages.get('privacy')
    expect(privacy.body).toMatch(/salted hash/)
    expect(privacy.body).toMatch(/IP address itself is never stored/)
    expect(privacy.body).toMatch(/only after you agree|only with your consent/i)
    expect(privacy.body).toMatch(/`gaid`/)
    const cookies = await t.ctx.services.infoPages.get('cookies')
    expect(cookies.body).toMatch(/`gaid`/)
    expect(cookies.body).toMatch(/Only after you agree/)
  })

  it('info pages are in backups, and the sitemap can list them', async () => {
    expect(t.ctx.registry.get('info_pages')).toMatchObject({ backup: 'data' })
    const entries = await t.ctx.services.infoPages.sitemapEntries()
    expect(entries.map((e) => e.path)).toEqual(expect.arrayContaining(DEFAULT_INFO_SLUGS.map((s) => `/info/${s}`)))
    expect(entries.every((e) => !Number.isNaN(Date.parse(e.lastmod)))).toBe(true)
  })
})

describe('the public page is render-cached and every write clears it', () => {
  it('GET /info/:slug from the cache until a write, then the new text; 404 for unknown slugs', async () => {
    const { ctx } = t
    // a stand-in for Vike's renderPage, reading what pages/info/@slug/+data.ts reads
    const app = createApp({
      config: ctx.config,
      services: ctx.services,
      store: ctx.store,
      renderCache: ctx.renderCache,
      renderPage: async (req) => {
        const found = await ctx.services.infoPages.page(new URL(req.url).pathname.split('/').pop()!)
        return found ? new Response(`<h1>${found.title}</h1>`, { headers: { 'content-type': 'text/html' } }) : new Response('Page not found.', { status: 404 })
      },
    })
    const html = async (path: string) => (await app.request(path)).text()
    expect(await html('/info/terms')).toBe('<h1>Terms of service</h1>')
    await ctx.store.collection('info_pages').updateOne({ _id: 'terms' }, { $set: { title: 'Changed behind the cache' } })
    expect(await html('/info/terms')).toBe('<h1>Terms of service</h1>') // served from the cache

    for (const write of [
      () => send('PUT', '/api/info-pages/terms', { title: 'Terms, updated', body: 'b' }),
      () => send('POST', '/api/info-pages', page({ slug: 'cache-test' })),
      () => send('DELETE', '/api/info-pages/cache-test'),
    ]) {
      await html('/info/terms')
      const generation = ctx.renderCache.generation
      expect((await write()).status).toBeLessThan(300)
      expect(ctx.renderCache.generation).toBeGreaterThan(generation)
    }
    expect(await html('/info/terms')).toBe('<h1>Terms, updated</h1>')
    for (const path of ['/info/no-such-page', '/info/UPPER', '/info/a--b']) expect((await app.request(path)).status, path).toBe(404)
  })
})

describe('GET /api/geo', () => {
  it('answers { country: null } until geo-targeting sets one, never cached', async () => {
    const res = await t.app.request('/api/geo')
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('no-store')
    expect(await res.json()).toEqual({ country: null, region: null, market: null })
  })
})
