import { describe, expect, it } from 'vitest'
import type { Store } from '../../db/port.ts'
import { SqliteStore } from '../../db/sqlite/index.ts'
import { makeTestApp } from '../../test/make-app.ts'
import { testBackend } from '../../test/store.ts'

/** A real store whose every collection call fails while `failing` is set (a dropped connection, a bad disk). */
function flakyStore() {
  const backend = new SqliteStore(':memory:')
  const state = { failing: false }
  const failable = <T extends object>(target: T): T =>
    new Proxy(target, {
      get(t, prop) {
        const value = Reflect.get(t, prop)
        if (typeof value !== 'function') return value
        if (prop === 'collection') return (name: string) => failable((t as Store).collection(name))
        return (...args: unknown[]) => (state.failing ? Promise.reject(new Error('disk I/O error')) : value.apply(t, args))
      },
    }) as T
  return { store: failable<Store>(backend), state }
}

describe('GET /api/health and /api/health/ready', () => {
  it('both answer 200 while the store answers', async () => {
    const t = await makeTestApp({ seed: false })
    for (const path of ['/api/health', '/api/health/ready']) {
      const res = await t.app.request(path)
      expect(res.status, path).toBe(200)
      expect(await res.json()).toEqual({ ok: true, store: testBackend() })
      expect(res.headers.get('cache-control')).toBe('no-store')
    }
  })

  it('readiness answers 503 while a store read throws, and 200 again once it answers; liveness stays 200', async () => {
    const { store, state } = flakyStore()
    const t = await makeTestApp({ seed: false, store })
    state.failing = true
    const ready = await t.app.request('/api/health/ready')
    expect(ready.status).toBe(503)
    expect(await ready.json()).toEqual({ ok: false, store: 'sqlite', message: 'The store is not answering', code: 'unavailable' })
    expect(ready.headers.get('cache-control')).toBe('no-store')
    expect((await t.app.request('/api/health')).status).toBe(200) // liveness never touches the store
    state.failing = false
    expect((await t.app.request('/api/health/ready')).status).toBe(200)
  })

  it('readiness answers 503 once the store is closed', async () => {
    const t = await makeTestApp({ seed: false })
    await t.ctx.store.close()
    expect((await t.app.request('/api/health/ready')).status).toBe(503)
    expect((await t.app.request('/api/health')).status).toBe(200)
  })
})
