import { vi } from 'vitest'

/** One call a component made to the fake API: its URL, method and parsed JSON body. */
export type ApiCall = { url: string; method: string; body: any }
export type ApiRoutes = Record<string, (c: ApiCall) => Response | Promise<Response>>

/**
 * Answers the page's fetch from `routes()` (component tests): keys are "METHOD /path" (no query), a key ending
 * in `*` matches a prefix; every call is pushed to `calls()`. Unknown calls get `fallback` (default 404 JSON).
 * Routes and calls are read through getters so a test file can reset them in its own beforeEach.
 */
export function fakeApi(routes: () => ApiRoutes, calls: () => ApiCall[], fallback: (c: ApiCall) => Response = () => Response.json({ message: 'Not found', code: 'not_found' }, { status: 404 })) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input)
    const call: ApiCall = { url, method: init?.method ?? 'GET', body: init?.body ? JSON.parse(String(init.body)) : undefined }
    calls().push(call)
    const key = `${call.method} ${url.split('?')[0]}`
    const table = routes()
    const route = table[key] ?? Object.entries(table).find(([k]) => k.endsWith('*') && key.startsWith(k.slice(0, -1)))?.[1]
    return route ? route(call) : fallback(call)
  })
}
