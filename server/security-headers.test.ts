import { describe, expect, it } from 'vitest'
import { SqliteStore } from '../db/sqlite.ts'
import { createApp, type PageRenderer } from './app.ts'
import { loadConfig } from './config.ts'
import { createAppContext } from './context.ts'
import { sha256Source, withPageCsp } from './csp.ts'
import { HSTS } from './security-headers.ts'

const INLINE_SCRIPT = 'window.__ready = true'
const PAGE = `<!doctype html><html><head><script id="vike_pageContext" type="application/json">{"x":1}</script></head><body>${'<p>text</p>'.repeat(100)}<script>${INLINE_SCRIPT}</script><script src="/assets/entry.js" type="module" async></script></body></html>`

/** An app with a stand-in for Vike's renderer (it counts its renders) behind the real CSP wrapper. */
async function appWith(opts: { siteUrl?: string; page?: string; status?: number } = {}) {
  const config = loadConfig({ DATA_DIR: ':memory:', SITE_URL: opts.siteUrl ?? 'http://localhost:3000', NODE_ENV: 'test', AUTH_SECRET: 'test-secret-that-is-long-enough-0123456789' })
  const ctx = await createAppContext(config, { store: new SqliteStore(':memory:') })
  let renders = 0
  const fakeVike: PageRenderer = async () => {
    renders++
    return new Response(opts.page ?? PAGE, { status: opts.status ?? 200, headers: { 'content-type': 'text/html;charset=utf-8' } })
  }
  const logo = { body: new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'), headers: { 'Content-Type': 'image/svg+xml' } }
  const app = createApp({
    config,
    services: ctx.services,
    store: ctx.store,
    renderCache: ctx.renderCache,
    renderPage: withPageCsp(fakeVike),
    staticFiles: new Map([['/logo.svg', logo]]),
  })
  return { app, renders: () => renders }
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

  it.each(['/api/health', '/api/posts/blog-content', '/api/no-such-route', '/logo.svg'])('%s (not a page) may load and run nothing', async (path) => {
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
