import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { SqliteStore } from '../db/sqlite/index.ts'
import { PNG } from '../test/fuzz/values.ts'
import { createApp, type PageRenderer } from './app.ts'
import { loadConfig } from './config.ts'
import { createAppContext } from './context.ts'
import { sha256Source, withPageCsp } from './csp.ts'
import { declaredRoutes } from './router.ts'
import { baseHeaders, HSTS } from './security-headers.ts'
import { loadStaticFiles } from './static-files.ts'

const INLINE_SCRIPT = 'window.__ready = true'
const PAGE = `<!doctype html><html><head><script id="vike_pageContext" type="application/json">{"x":1}</script></head><body>${'<p>text</p>'.repeat(100)}<script>${INLINE_SCRIPT}</script><script src="/assets/entry.js" type="module" async></script></body></html>`
const BROWSER_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36'

// a built client as loadStaticFiles reads it: an asset and a logo large enough to be precompressed
const staticRoot = mkdtempSync(join(tmpdir(), 'gamewise-headers-'))
mkdirSync(join(staticRoot, 'assets'))
writeFileSync(join(staticRoot, 'assets', 'entry.B7x9.js'), 'console.log(1)')
writeFileSync(join(staticRoot, 'logo.svg'), `<svg xmlns="http://www.w3.org/2000/svg">${' '.repeat(600)}</svg>`)
afterAll(() => rmSync(staticRoot, { recursive: true, force: true }))

/** An app with a stand-in for Vike's renderer (it counts its renders) behind the real CSP wrapper. */
async function appWith(opts: { siteUrl?: string; page?: string; status?: number; seed?: boolean; throws?: boolean } = {}) {
  const config = loadConfig({ DATA_DIR: ':memory:', SITE_URL: opts.siteUrl ?? 'http://localhost:3000', NODE_ENV: 'test', AUTH_SECRET: 'test-secret-that-is-long-enough-0123456789' })
  const ctx = await createAppContext(config, { store: new SqliteStore(':memory:') })
  if (opts.seed) await ctx.services.seed.seedDemo({ rasterImages: false })
  let renders = 0
  const fakeVike: PageRenderer = async () => {
    renders++
    if (opts.throws) throw new Error('the renderer failed')
    return new Response(opts.page ?? PAGE, { status: opts.status ?? 200, headers: { 'content-type': 'text/html;charset=utf-8' } })
  }
  const app = createApp({
    config,
    services: ctx.services,
    store: ctx.store,
    renderCache: ctx.renderCache,
    renderPage: withPageCsp(fakeVike),
    staticFiles: loadStaticFiles(staticRoot, baseHeaders(config)),
  })
  return { app, ctx, config, renders: () => renders }
}

const csp = (res: Response) => res.headers.get('content-security-policy') ?? ''
const scriptSrc = (res: Response) => /(?:^|; )script-src ([^;]*)/.exec(csp(res))?.[1].split(' ')

describe('Content-Security-Policy', () => {
  it("a page's header allows its inline script by sha256, not its JSON data block, and is kept on a render-cache hit", async () => {
    const t = await appWith()
    const first = await t.app.request('/article/x')
    expect(first.status).toBe(200)
    expect(scriptSrc(first)).toEqual(["'self'", `'${sha256Source(INLINE_SCRIPT)}'`])
    expect(csp(first)).toContain("frame-ancestors 'self'")

    const hit = await t.app.request('/article/x?utm_source=mail', { headers: { 'accept-encoding': 'gzip' } })
    expect(t.renders()).toBe(1) // served from the render cache…
    expect(hit.headers.get('content-encoding')).toBe('gzip')
    expect(csp(hit)).toBe(csp(first)) // …with the header that matches its body
    const notModified = await t.app.request('/article/x', { headers: { 'if-none-match': first.headers.get('etag')! } })
    expect(notModified.status).toBe(304)
    expect(csp(notModified)).toBe(csp(first))
  })

  it('an error page (not cached) gets the hashes of its own inline scripts', async () => {
    const t = await appWith({ status: 500, page: '<h1>Something went wrong</h1><script>alert(1)</script>' })
    const res = await t.app.request('/broken')
    expect(res.status).toBe(500)
    expect(scriptSrc(res)).toEqual(["'self'", `'${sha256Source('alert(1)')}'`])
  })

  it('the /go not-found page allows its one <style> element and no script', async () => {
    const t = await appWith()
    const res = await t.app.request('/go/no-such-brand')
    expect(res.status).toBe(404)
    const html = await res.text()
    const css = /<style>([^<]*)<\/style>/.exec(html)![1]!
    expect(csp(res)).toContain(`style-src 'self' '${sha256Source(css)}'`)
    expect(scriptSrc(res)).toEqual(["'self'"])
    expect(html).not.toMatch(/ style=/) // a style attribute would be blocked
  })

  it.each(['/api/health', '/api/posts/blog-content', '/api/no-such-route', '/logo.svg', '/assets/entry.B7x9.js'])('%s (not a page) may load and run nothing', async (path) => {
    const t = await appWith()
    const res = await t.app.request(path)
    expect(csp(res)).toBe("default-src 'none'; frame-ancestors 'none'")
  })
})

describe('Strict-Transport-Security', () => {
  const paths = ['/', '/api/health', '/api/no-such-route', '/go/no-such-brand', '/logo.svg']

  it('is on every answer when SITE_URL is https', async () => {
    const t = await appWith({ siteUrl: 'https://gamewise.example' })
    for (const path of paths) expect((await t.app.request(path)).headers.get('strict-transport-security'), path).toBe(HSTS)
    // an answer made by app.onError
    const bad = await t.app.request('/api/clicks', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{bad' })
    expect(bad.status).toBe(400)
    expect(bad.headers.get('strict-transport-security')).toBe(HSTS)
    expect(csp(bad)).toBe("default-src 'none'; frame-ancestors 'none'")
    expect(HSTS).toBe('max-age=31536000; includeSubDomains')
  })

  it('is never sent when SITE_URL is http (it would pin a site without TLS)', async () => {
    const t = await appWith({ siteUrl: 'http://localhost:3000' })
    for (const path of paths) expect((await t.app.request(path)).headers.has('strict-transport-security'), path).toBe(false)
  })
})

describe('one set of security headers on every answer (issue 24)', () => {
  /** Every header of the base set, with its value, and a CSP that says who may frame the answer. */
  function missing(res: Response, base: Record<string, string>): string[] {
    const wrong = Object.entries(base).filter(([name, value]) => res.headers.get(name) !== value).map(([name]) => `${name}: ${res.headers.get(name)}`)
    if (!/frame-ancestors '(none|self)'/.test(csp(res))) wrong.push(`Content-Security-Policy: ${csp(res) || '(none)'}`)
    return wrong
  }

  it('each kind of answer: page, cache hit, 304, API JSON, 4xx JSON, redirect, media, static file, 404, refusal, error', async () => {
    const t = await appWith({ siteUrl: 'https://gamewise.example', seed: true })
    const base = baseHeaders(t.config)
    expect(Object.keys(base)).toEqual(['X-Content-Type-Options', 'Referrer-Policy', 'X-Frame-Options', 'Strict-Transport-Security'])
    const media = await t.ctx.services.media.saveImage(PNG, { filename: 'headers.png', alt: 'headers' })
    const gzip = { 'accept-encoding': 'gzip' }
    const answers: [string, string, RequestInit?][] = [
      ['200 page', '/article/x'],
      ['page from the render cache', '/article/x'],
      ['page from the render cache, gzip', '/article/x?utm_source=mail', { headers: gzip }],
      ['API JSON', '/api/posts/blog-content'],
      ['API JSON from the render cache', '/api/posts/blog-content', { headers: gzip }],
      ['4xx JSON (bad body)', '/api/clicks', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{bad' }],
      ['4xx JSON (no token)', '/api/posts/hero', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }],
      ['4xx JSON (payload too large)', '/api/track/brand-view', { method: 'POST', headers: { 'content-type': 'application/json' }, body: 'x'.repeat(4096) }],
      ['API 404', '/api/no-such-route'],
      ['3xx redirect from /go', '/go/nova-spins', { headers: { 'user-agent': BROWSER_UA } }],
      ['/go page for an unknown brand', '/go/no-such-brand'],
      ['media', `/media/${media.id}`],
      ['static file', '/logo.svg'],
      ['static file, gzip', '/logo.svg', { headers: gzip }],
      ['static asset', '/assets/entry.B7x9.js'],
      ['404 (nothing answers)', '/nowhere', { method: 'POST' }],
      ['preview refusal', '/preview/article/x?exp=1&sig=forged'],
      ['feed', '/rss.xml'],
    ]
    const statuses: number[] = []
    for (const [kind, path, init] of answers) {
      const res = await t.app.request(path, { redirect: 'manual', ...init })
      statuses.push(res.status)
      expect(missing(res, base), `${kind}: ${path} (${res.status})`).toEqual([])
    }
    expect(t.renders()).toBe(1) // the page's later answers came from the render cache
    expect(statuses).toEqual([200, 200, 200, 200, 200, 400, 401, 413, 404, 302, 404, 200, 200, 200, 200, 404, 403, 200])

    // 304s, from the render cache and from the static files
    for (const path of ['/article/x', '/api/posts/blog-content', '/logo.svg']) {
      const etag = (await t.app.request(path)).headers.get('etag')!
      const res = await t.app.request(path, { headers: { 'if-none-match': etag } })
      expect(res.status, path).toBe(304)
      expect(missing(res, base), `304: ${path}`).toEqual([])
    }
  })

  it('an error page, and a failure answered by app.onError', async () => {
    const t = await appWith({ status: 500, page: '<h1>Something went wrong</h1>' })
    const page = await t.app.request('/broken')
    expect(page.status).toBe(500)
    expect(missing(page, baseHeaders(t.config))).toEqual([])

    const failing = await appWith({ throws: true })
    vi.spyOn(console, 'error').mockImplementation(() => {}) // the failure is logged, as it should be
    const res = await failing.app.request('/broken')
    expect(res.status).toBe(500)
    expect((await res.json()).code).toBe('internal')
    expect(missing(res, baseHeaders(failing.config))).toEqual([])
  })

  it('every route in the route table, as an anonymous caller, whatever it answers', async () => {
    const t = await appWith({ siteUrl: 'https://gamewise.example', seed: true })
    const base = baseHeaders(t.config)
    const routes = declaredRoutes(t.app)
    expect(routes.length).toBeGreaterThan(30)
    const seen = new Set<number>()
    for (const { method, path } of routes) {
      const url = path.replace(':brandId', 'nova-spins').replace(/:[A-Za-z]+/g, 'x').replace(/\*$/, 'anything')
      const body = method === 'GET' || method === 'HEAD' ? undefined : '{}'
      const res = await t.app.request(url, { method, body, redirect: 'manual', headers: { 'content-type': 'application/json', 'user-agent': BROWSER_UA } })
      seen.add(res.status)
      expect(missing(res, base), `${method} ${path} → ${res.status}`).toEqual([])
    }
    // the walk met successes, redirects, refusals and errors alike
    for (const status of [200, 302, 400, 401, 404]) expect(seen, String(status)).toContain(status)
  })
})
