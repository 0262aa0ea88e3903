import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { json, loginAs, makeTestApp } from '../test/make-app.ts'
import { createApp } from './app.ts'
import { loadConfig } from './config.ts'
import { createLogger } from './logger.ts'
import { baseHeaders } from './security-headers.ts'
import { loadStaticFiles } from './static-files.ts'

const METRICS_TOKEN = 'metrics-token-0123456789abcdef'
const POSTBACK_SECRET = 'postback-secret-0123456789'
// pino's level numbers
const [INFO, WARN, ERROR] = [30, 40, 50]
const BROWSER_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36'

type Line = { level: number; time: number; reqId: string; method?: string; route?: string; status?: number; ms?: number; user?: string; msg: string; err?: { message: string; stack: string } }

/** A log destination that keeps every line, as the server would write it to stdout. */
function capture() {
  const raw: string[] = []
  return {
    raw,
    destination: { write: (line: string) => void raw.push(line) },
    lines: () => raw.map((l) => JSON.parse(l) as Line),
    requestLine: (reqId: string) => raw.map((l) => JSON.parse(l) as Line).filter((l) => l.msg === 'request' && l.reqId === reqId),
  }
}

let log: ReturnType<typeof capture>
let t: Awaited<ReturnType<typeof makeTestApp>>
beforeAll(async () => {
  log = capture()
  t = await makeTestApp({ logTo: log.destination, env: { LOG_LEVEL: 'info', METRICS_TOKEN, POSTBACK_SECRET } })
})

describe('request log', () => {
  it('writes one JSON line per request: time, level, request id, method, route pattern, status, latency', async () => {
    const res = await t.app.request('/api/brands/nova-spins?utm_source=newsletter')
    expect(res.status).toBe(200)
    const reqId = res.headers.get('x-request-id')!
    const lines = log.requestLine(reqId)
    expect(lines).toHaveLength(1)
    const [line] = lines
    expect(line).toMatchObject({ level: INFO, reqId, method: 'GET', route: '/api/brands/:brandId', status: 200, msg: 'request' })
    expect(Math.abs(line.time - Date.now())).toBeLessThan(60_000) // epoch milliseconds
    expect(line.ms).toBeGreaterThanOrEqual(0)
    expect(line).not.toHaveProperty('user')
    expect(log.raw.join('')).not.toContain('utm_source') // the route, never the raw URL
  })

  it('names the route pattern for redirects, the API catch-all, pages, static files and unmatched requests', async () => {
    const routeOf = async (app: typeof t.app, path: string, init?: RequestInit) => {
      const res = await app.request(path, init)
      return log.requestLine(res.headers.get('x-request-id')!)[0]?.route
    }
    expect(await routeOf(t.app, '/go/nova-spins?sub1=abc', { headers: { 'user-agent': BROWSER_UA } })).toBe('/go/:brandId')
    expect(await routeOf(t.app, '/api/nothing-here')).toBe('/api/*')

    const dir = mkdtempSync(join(tmpdir(), 'gamewise-static-'))
    try {
      mkdirSync(join(dir, 'assets'))
      writeFileSync(join(dir, 'assets', 'app.js'), 'console.log(1)')
      const app = createApp({
        log: createLogger(t.ctx.config, { destination: log.destination }),
        config: t.ctx.config,
        services: t.ctx.services,
        store: t.ctx.store,
        renderCache: t.ctx.renderCache,
        renderPage: async () => new Response('<p>page</p>', { headers: { 'content-type': 'text/html' } }),
        staticFiles: loadStaticFiles(dir, baseHeaders(t.ctx.config)),
      })
      expect(await routeOf(app, '/article/rtp-explained')).toBe('page')
      expect(await routeOf(app, '/assets/app.js')).toBe('static')
      expect(await routeOf(app, '/api/brands/nova-spins')).toBe('/api/brands/:brandId')
      expect(await routeOf(app, '/somewhere', { method: 'POST' })).toBe('unmatched')
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('carries the user id once a route has verified a token', async () => {
    const { accessToken } = await loginAs(t, 'editor')
    const sub = JSON.parse(Buffer.from(accessToken.split('.')[1], 'base64url').toString()).sub
    const res = await t.app.request('/api/brands/static-offers-admin', { headers: { authorization: `Bearer ${accessToken}` } })
    expect(res.status).toBe(200)
    expect(log.requestLine(res.headers.get('x-request-id')!)[0]).toMatchObject({ route: '/api/brands/static-offers-admin', user: sub })
  })

  it('never logs tokens, cookies, passwords or postback keys, even when they are sent', async () => {
    const password = 'correct horse battery'
    await t.ctx.services.users.createUser('secretive', password, 'editor')
    const login = await t.app.request('/api/auth/login', json({ username: 'secretive', password }, { cookie: 'session=cookie-value-xyz' }))
    const { accessToken, refreshToken } = await login.json()
    await t.app.request('/api/reports/brands', { headers: { authorization: `Bearer ${accessToken}`, cookie: 'session=cookie-value-xyz' } })
    await t.app.request('/api/posts/hero', { method: 'POST', headers: { authorization: 'Bearer not-a-real-token-qwerty' }, body: '{}' })
    await t.app.request('/api/auth/refresh-token', json({ refreshToken }))
    await t.app.request(`/api/postback?click_id=nope&goal=Sale&key=${POSTBACK_SECRET}`)
    await t.app.request('/api/postback?click_id=nope&goal=Sale&key=wrong-key-guess-123')
    await t.app.request('/metrics', { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
    const all = log.raw.join('')
    for (const secret of [password, accessToken, refreshToken, 'cookie-value-xyz', 'not-a-real-token-qwerty', POSTBACK_SECRET, 'wrong-key-guess-123', METRICS_TOKEN]) {
      expect(all).not.toContain(secret)
    }
    expect(log.lines().some((l) => l.route === '/api/postback')).toBe(true)
  })

  it('logs an unexpected error once, with its stack, under the request id of its request line', async () => {
    vi.spyOn(t.ctx.services.brands, 'getBrandPageOrThrow').mockRejectedValue(new Error('boom in the store'))
    const res = await t.app.request('/api/brands/some-brand', { headers: { 'x-request-id': 'trace-500' } })
    expect(res.status).toBe(500)
    expect(await res.json()).toEqual({ message: 'Something went wrong on our side. Please try again.', code: 'internal' })
    const lines = log.lines().filter((l) => l.reqId === 'trace-500')
    expect(lines.map((l) => [l.level, l.msg])).toEqual([
      [ERROR, 'request failed'],
      [WARN, 'request'],
    ])
    expect(lines[0].err?.message).toBe('boom in the store')
    expect(lines[0].err?.stack).toContain('Error: boom in the store')
    expect(lines[1]).toMatchObject({ status: 500, route: '/api/brands/:brandId' })
  })

  it('in tests, a logged error reaches console.error (so an unexpected one fails its test); LOG_LEVEL=silent writes nothing', async () => {
    const quiet = await makeTestApp({ seed: false })
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {})
    const consoleLog = vi.spyOn(console, 'log').mockImplementation(() => {})
    vi.spyOn(quiet.ctx.services.brands, 'getBrandPageOrThrow').mockRejectedValue(new Error('boom'))
    await quiet.app.request('/api/brands/x', { headers: { 'x-request-id': 'seen-in-console' } })
    await quiet.app.request('/api/health')
    expect(consoleError).toHaveBeenCalledTimes(1)
    expect(JSON.parse(String(consoleError.mock.calls[0][0]))).toMatchObject({ level: ERROR, reqId: 'seen-in-console', msg: 'request failed' })
    expect(consoleLog).not.toHaveBeenCalled() // request lines stay quiet at the tests' default level

    const silent = capture()
    const off = await makeTestApp({ seed: false, logTo: silent.destination, env: { LOG_LEVEL: 'silent' } })
    await off.app.request('/api/health')
    expect(silent.raw).toEqual([])
  })
})

describe('request id', () => {
  it('echoes a short, safe X-Request-Id and logs under it', async () => {
    const res = await t.app.request('/api/health', { headers: { 'x-request-id': 'lb-7f3a.01_Z-9' } })
    expect(res.headers.get('x-request-id')).toBe('lb-7f3a.01_Z-9')
    expect(log.requestLine('lb-7f3a.01_Z-9')).toHaveLength(1)
  })

  it.each([
    ['too long', 'a'.repeat(65)],
    ['spaces', 'two words'],
    ['a forged log field', 'x","level":"fatal'],
    ['markup', '<script>'],
    ['empty', ''],
  ])('replaces one with %s by a new id', async (_, incoming) => {
    const res = await t.app.request('/api/health', { headers: { 'x-request-id': incoming } })
    const id = res.headers.get('x-request-id')!
    expect(id).not.toBe(incoming)
    expect(id).toMatch(/^[0-9a-f-]{36}$/)
    expect(log.raw.join('')).not.toContain(incoming || '"reqId":""')
  })

  it('gives each request without one its own id, on pages and API answers alike', async () => {
    const a = await t.app.request('/api/health')
    const b = await t.app.request('/api/health')
    expect(a.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)
    expect(a.headers.get('x-request-id')).not.toBe(b.headers.get('x-request-id'))
  })
})

describe('LOG_LEVEL', () => {
  it('is info by default, error in tests, and refuses an unknown level', () => {
    expect(loadConfig({}).logLevel).toBe('info')
    expect(loadConfig({ NODE_ENV: 'test' }).logLevel).toBe('error')
    expect(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'debug' }).logLevel).toBe('debug')
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/)
  })
})

describe('REQUEST_LOG_HIT_SAMPLE', () => {
  it('samples hits one in 100 in production and logs every one elsewhere, unless set; refuses a fraction or a negative', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).hitLogSample).toBe(100)
    expect(loadConfig({}).hitLogSample).toBe(1)
    expect(loadConfig({ NODE_ENV: 'test' }).hitLogSample).toBe(1)
    expect(loadConfig({ NODE_ENV: 'production', REQUEST_LOG_HIT_SAMPLE: '1' }).hitLogSample).toBe(1)
    expect(loadConfig({ NODE_ENV: 'production', REQUEST_LOG_HIT_SAMPLE: '0' }).hitLogSample).toBe(0)
    for (const bad of ['0.5', '-1', 'lots']) expect(() => loadConfig({ REQUEST_LOG_HIT_SAMPLE: bad })).toThrow(/REQUEST_LOG_HIT_SAMPLE/)
  })
})

afterAll(async () => {
  await t.ctx.close()
})
