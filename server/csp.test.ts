import { describe, expect, it } from 'vitest'
import { inlineHashes, pageCsp, sha256Source, thirdPartySources, withPageCsp } from './csp.ts'

// `printf 'alert(1)' | openssl dgst -sha256 -binary | base64`
const ALERT_HASH = 'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI='

const directives = (policy: string) => new Map(policy.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)]))

describe('pageCsp', () => {
  it('is the site policy: self by default, no plugins, no framing by others, https images', () => {
    expect(pageCsp()).toBe(
      "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' https: data: blob:; connect-src 'self'; font-src 'self'; " +
        "object-src 'none'; frame-src 'none'; child-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'self'",
    )
  })

  it('allows inline scripts and styles only by their quoted hashes, never unsafe-inline or unsafe-eval', () => {
    const policy = pageCsp({ scriptHashes: [ALERT_HASH, ALERT_HASH], styleHashes: ['sha256-abc='] })
    const d = directives(policy)
    expect(d.get('script-src')).toEqual(["'self'", `'${ALERT_HASH}'`]) // repeated hash listed once
    expect(d.get('style-src')).toEqual(["'self'", "'sha256-abc='"])
    expect(policy).not.toMatch(/unsafe/)
  })

  it('dev lets Vite inject <style> elements and reach its HMR websocket', () => {
    const d = directives(pageCsp({ dev: true, scriptHashes: [ALERT_HASH], styleHashes: ['sha256-abc='] }))
    expect(d.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]) // a hash beside it would switch unsafe-inline off
    expect(d.get('connect-src')).toEqual(["'self'", 'ws:', 'wss:'])
    expect(d.get('script-src')).toEqual(["'self'", `'${ALERT_HASH}'`])
  })

  it('adds third-party origins to script-src, connect-src and img-src in one place (e.g. Google Analytics)', () => {
    const d = directives(
      pageCsp({ thirdParty: { script: ['https://www.googletagmanager.com'], connect: ['https://*.google-analytics.com'], img: ['http://legacy.example'] } }),
    )
    expect(d.get('script-src')).toEqual(["'self'", 'https://www.googletagmanager.com'])
    expect(d.get('connect-src')).toEqual(["'self'", 'https://*.google-analytics.com'])
    expect(d.get('img-src')).toContain('http://legacy.example')
  })

  it('refuses a source that would smuggle in another directive', () => {
    expect(() => pageCsp({ thirdParty: { script: ["https://a.example; script-src 'unsafe-inline'"] } })).toThrow(/malformed source/)
    expect(() => pageCsp({ thirdParty: { connect: ['https://a.example,https://b.example'] } })).toThrow(/malformed source/)
  })
})

describe('inlineHashes', () => {
  it('hashes the text of an inline script as the browser does', () => {
    expect(sha256Source('alert(1)')).toBe(ALERT_HASH)
    expect(inlineHashes('<p>x</p><script>alert(1)</script>').scripts).toEqual([ALERT_HASH])
  })

  it("skips Vike's production tags: JSON data blocks and the external entry script", () => {
    const html =
      '<script id="vike_pageContext" type="application/json">{"pageId":"\\/pages\\/index"}</script>' +
      '<script id="vike_globalContext" type="application/json">{}</script>' +
      '<script src="/assets/entries/entry-client-routing.js" type="module" async></script>' +
      '<script type="application/ld+json">{"@type":"Article"}</script>'
    expect(inlineHashes(html)).toEqual({ scripts: [], styles: [] })
  })

  it("hashes the dev server's merged inline module script", () => {
    const text = '\nimport("/@vite/client");\nimport("/@fs/x/vike/dist/client/runtime-client-routing/entry.js");\n'
    expect(inlineHashes(`<script type="module" async>${text}</script>`).scripts).toEqual([sha256Source(text)])
  })

  it('treats every JavaScript type (any case, padded) as executable, and unknown types as data', () => {
    for (const type of ['text/javascript', 'TEXT/JavaScript', ' module ', 'application/x-javascript', 'importmap', ''])
      expect(inlineHashes(`<script type="${type}">alert(1)</script>`).scripts, type).toEqual([ALERT_HASH])
    for (const type of ['text/plain', 'application/json', 'text/javascript; charset=utf-8', 'text/x-template'])
      expect(inlineHashes(`<script type="${type}">alert(1)</script>`).scripts, type).toEqual([])
  })

  it('reads attributes as the parser does: quoted ">" , unquoted values, data-src is not src', () => {
    expect(inlineHashes('<SCRIPT data-x="a>b" data-src="/x.js">alert(1)</SCRIPT >').scripts).toEqual([ALERT_HASH])
    expect(inlineHashes("<script type=module data-note='src=x'>alert(1)</script>").scripts).toEqual([ALERT_HASH])
    expect(inlineHashes('<script src=/x.js>alert(1)</script>').scripts).toEqual([])
  })

  it('hashes after newline normalisation (CR LF and CR become LF) and UTF-8', () => {
    expect(inlineHashes('<script>a()\r\nb()\rc()</script>').scripts).toEqual([sha256Source('a()\nb()\nc()')])
    expect(sha256Source('x="é"')).not.toBe(sha256Source('x="e"'))
  })

  it('hashes inline <style> elements separately', () => {
    const { scripts, styles } = inlineHashes('<style>body{margin:0}</style><script>alert(1)</script>')
    expect(styles).toEqual([sha256Source('body{margin:0}')])
    expect(scripts).toEqual([ALERT_HASH])
  })
})

describe('withPageCsp', () => {
  const html = (body: string, type = 'text/html; charset=utf-8', status = 200) => async () => new Response(body, { status, headers: { 'content-type': type } })

  it('sets the policy of an HTML answer from its own body, error pages included', async () => {
    const res = await withPageCsp(html('<h1>Oops</h1><script>alert(1)</script>', 'text/html', 500))(new Request('http://x/'))
    expect(res.status).toBe(500)
    expect(directives(res.headers.get('content-security-policy')!).get('script-src')).toEqual(["'self'", `'${ALERT_HASH}'`])
    expect(await res.text()).toBe('<h1>Oops</h1><script>alert(1)</script>')
  })

  it('leaves other answers alone', async () => {
    const res = await withPageCsp(html('{"a":1}', 'application/json'))(new Request('http://x/index.pageContext.json'))
    expect(res.headers.has('content-security-policy')).toBe(false)
  })
})

describe('thirdPartySources', () => {
  it("lets Google Analytics' origins in only when GA_MEASUREMENT_ID is configured", () => {
    expect(thirdPartySources({})).toEqual({})
    const d = directives(pageCsp({ thirdParty: thirdPartySources({ gaMeasurementId: 'G-ABC123' }) }))
    expect(d.get('script-src')).toEqual(["'self'", 'https://www.googletagmanager.com'])
    expect(d.get('connect-src')).toEqual(["'self'", 'https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://*.googletagmanager.com'])
    expect(d.get('img-src')).toEqual(["'self'", 'https:', 'data:', 'blob:'])
  })
})
