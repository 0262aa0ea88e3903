import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { json, makeTestApp } from '../test/make-app.ts'
import { ConfigError, loadConfig } from './config.ts'

const METRICS_TOKEN = 'metrics-token-0123456789abcdef'
const BROWSER_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36'

let t: Awaited<ReturnType<typeof makeTestApp>>
beforeAll(async () => {
  t = await makeTestApp({ env: { METRICS_TOKEN } })
})

describe('GET /metrics', () => {
  it('is 404 while METRICS_TOKEN is not set, whatever the caller sends', async () => {
    const off = await makeTestApp({ seed: false })
    expect((await off.app.request('/metrics')).status).toBe(404)
    expect((await off.app.request('/metrics', { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).status).toBe(404)
  })

  it('is 401 without a bearer token and 403 with a wrong one', async () => {
    const none = await t.app.request('/metrics')
    expect(none.status).toBe(401)
    expect(none.headers.get('www-authenticate')).toBe('Bearer')
    expect((await t.app.request('/metrics', { headers: { authorization: `Basic ${btoa(`x:${METRICS_TOKEN}`)}` } })).status).toBe(401)
    for (const wrong of [`${METRICS_TOKEN}x`, METRICS_TOKEN.slice(0, -1), 'short']) {
      const res = await t.app.request('/metrics', { headers: { authorization: `Bearer ${wrong}` } })
      expect(res.status, wrong).toBe(403)
      expect(res.headers.get('cache-control')).toBe('no-store')
    }
  })

  it('answers the text exposition format with request, render cache, click queue, store and process metrics', async () => {
    await t.app.request('/api/posts/blog-content')
    await t.app.request('/api/posts/blog-content') // a render-cache hit
    await t.app.request('/go/nova-spins', { headers: { 'user-agent': BROWSER_UA } })
    await t.ctx.services.tracker.flush()
    await t.app.request('/api/nothing-here', { method: 'PATCH' })

    const res = await t.app.request('/metrics', { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/)
    expect(res.headers.get('cache-control')).toBe('no-store')
    const text = await res.text()
    for (const name of [
      'gamewise_http_request_duration_seconds',
      'gamewise_render_cache_hits_total',
      'gamewise_render_cache_misses_total',
      'gamewise_render_cache_entries',
      'gamewise_render_cache_bytes',
      'gamewise_click_queue_depth',
      'gamewise_click_commit_duration_seconds',
      'gamewise_click_commit_clicks',
      'gamewise_clicks_lost_total',
      'gamewise_views_over_limit_total',
      'gamewise_store_operation_duration_seconds',
      'gamewise_store_operation_errors_total',
      'process_cpu_seconds_total',
      'process_resident_memory_bytes',
      'nodejs_eventloop_lag_seconds',
    ]) {
      expect(text, name).toContain(`# TYPE ${name} `)
    }
    expect(text).toMatch(/gamewise_http_request_duration_seconds_count\{method="GET",route="\/api\/posts\/blog-content",status="2xx"\} 2\n/)
    expect(text).toMatch(/gamewise_http_request_duration_seconds_count\{method="GET",route="\/go\/:brandId",status="3xx"\} [1-9]/)
    expect(text).toMatch(/gamewise_http_request_duration_seconds_count\{method="PATCH",route="\/api\/\*",status="4xx"\} 1\n/)
    expect(text).toMatch(/gamewise_render_cache_hits_total [1-9]/)
    expect(text).toMatch(/gamewise_click_commit_duration_seconds_count [1-9]/)
    expect(text).toMatch(/gamewise_store_operation_duration_seconds_count\{operation="batch",collection="\*"\} [1-9]/)
    expect(text).toMatch(/gamewise_store_operation_duration_seconds_count\{operation="findOne",collection="settings"\} [1-9]/)
    // default metrics that Bun does not report truthfully are left out
    for (const dropped of ['nodejs_heap_space_size_total_bytes', 'nodejs_gc_duration_seconds', 'nodejs_active_handles', 'process_heap_bytes', 'nodejs_version_info']) {
      expect(text).not.toContain(`# TYPE ${dropped} `)
    }
  })

  it('counts failed store operations', async () => {
    const before = await t.app.request('/api/clicks', json({ clickid: 'dup-click-1', brandId: 'nova-spins', userId: null, user_agent: BROWSER_UA, timestamp: new Date().toISOString(), customParams: [] }))
    expect(before.status).toBe(201)
    const dup = await t.app.request('/api/clicks', json({ clickid: 'dup-click-1', brandId: 'nova-spins', userId: null, user_agent: BROWSER_UA, timestamp: new Date().toISOString(), customParams: [] }))
    expect(dup.status).toBe(409)
    const text = await (await t.app.request('/metrics', { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text()
    expect(text).toMatch(/gamewise_store_operation_errors_total\{operation="batch",collection="\*"\} [1-9]/)
  })
})

describe('METRICS_TOKEN', () => {
  it('must be at least 16 characters', () => {
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(ConfigError)
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN: must be at least 16 characters/)
    expect(loadConfig({ METRICS_TOKEN }).raw.METRICS_TOKEN).toBe(METRICS_TOKEN)
  })
})

afterAll(async () => {
  await t.ctx.close()
})
