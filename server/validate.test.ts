import { beforeAll, describe, expect, it } from 'vitest'
import { json, loginAs, makeTestApp } from '../test/make-app.ts'

let t: Awaited<ReturnType<typeof makeTestApp>>
let editor: string
beforeAll(async () => {
  t = await makeTestApp({ seed: false })
  editor = (await loginAs(t, 'editor')).accessToken
})

// found by the route fuzz (server/fuzz.test.ts): validate(…) answered { message, issues } without the code app.onError gives every other error
describe('a request validate(…) refuses answers 400 { message, code, issues } like every other error', () => {
  it.each([
    ['a JSON body', () => t.app.request('/api/auth/login', json({ username: 'x' }))],
    ['a query string', () => t.app.request('/api/reports/brands?from=a&from=b', { headers: { authorization: `Bearer ${editor}` } })],
  ])('%s', async (_what, send) => {
    const res = await send()
    expect(res.status).toBe(400)
    const body = await res.json()
    expect(body).toMatchObject({ code: 'bad_request', message: expect.stringMatching(/^Invalid /) })
    expect(body.issues[0]).toEqual({ path: expect.any(String), message: expect.any(String) })
  })
})
