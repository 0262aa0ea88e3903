import { beforeAll, describe, expect, it } from 'vitest'
import { loginAs, makeTestApp } from '../../test/make-app.ts'

// Deeper than JSON.stringify can walk (it overflows the stack near 100,000 levels under Bun), so a
// value like this reaching the store encoder fails the request with a 500 unless validation stops it.
const DEPTH = 150_000
const deepArray = '['.repeat(DEPTH) + ']'.repeat(DEPTH)
const deepObject = '{"a":'.repeat(DEPTH) + '1' + '}'.repeat(DEPTH)
const SECRET = 'postback-secret-0123456789'

let t: Awaited<ReturnType<typeof makeTestApp>>
let token: string
beforeAll(async () => {
  t = await makeTestApp({ env: { POSTBACK_SECRET: SECRET } })
  token = (await loginAs(t, 'editor')).accessToken
})

const send = (method: string, path: string, body: string) =>
  t.app.request(path, { method, headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body })

describe('deeply nested JSON bodies answer 4xx { message }, never 500', () => {
  // every write route the app has, whatever the routers look like
  const writeRoutes = () => [
    ...new Set(t.app.routes.filter((r) => (r.method === 'POST' || r.method === 'PUT') && r.path.startsWith('/api/')).map((r) => `${r.method} ${r.path}`)),
  ]

  it('covers the JSON write routes', () => expect(writeRoutes().length).toBeGreaterThan(10))

  it.each([
    ['a deep array as the body', deepArray],
    ['a deep object as the body', deepObject],
    ['a deep value in every field a route may read', `{"title":"Deep","sections":${deepArray},"username":${deepArray},"clickid":${deepArray},"brandId":${deepArray},"customParams":${deepArray},"related_studies":[${deepArray}],"key":"${SECRET}","click_id":${deepArray},"goal":"Sale"}`],
  ])('%s', async (_n, body) => {
    const posts = await t.ctx.repos.posts.count()
    for (const route of writeRoutes()) {
      const [method, pattern] = route.split(' ')
      const res = await send(method, pattern.replace(':id', 'rtp-explained'), body)
      expect(res.status, route).toBeGreaterThanOrEqual(400)
      expect(res.status, route).toBeLessThan(500)
      expect(typeof (await res.json()).message, route).toBe('string')
    }
    expect(await t.ctx.repos.posts.count()).toBe(posts)
  })

  it('ignores a deep value under a field no route reads', async () => {
    for (const route of writeRoutes()) {
      const [method, pattern] = route.split(' ')
      const res = await send(method, pattern.replace(':id', 'rtp-explained'), `{"title":"Deep extra","extra":${deepArray}}`)
      expect(res.status, route).not.toBe(500)
    }
    expect(await t.ctx.repos.posts.findById('deep-extra')).not.toHaveProperty('extra')
  })
})

describe('free-form post fields are bounded JSON (related_studies)', () => {
  const create = (related_studies: unknown) => send('POST', '/api/posts/article', JSON.stringify({ title: 'Related', related_studies }))
  const nest = (depth: number): unknown => (depth === 0 ? 'leaf' : { next: nest(depth - 1) })

  it('keeps ordinary related studies', async () => {
    const res = await create([{ title: 'RTP study', url: 'https://a.example/s', year: 2025, tags: ['slots'], extra: { n: 1 } }])
    expect(res.status).toBe(201)
    expect((await res.json()).related_studies[0].extra).toEqual({ n: 1 })
  })

  it.each([
    ['nested too deep', [nest(20)]],
    ['a very long string', ['x'.repeat(20_001)]],
    ['too many keys', [Object.fromEntries(Array.from({ length: 101 }, (_, i) => [`k${i}`, i]))]],
    ['a very long key', [{ ['k'.repeat(201)]: 1 }]],
    ['too large in total', [Array.from({ length: 100 }, () => 'y'.repeat(1_000))]],
  ])('refuses a study %s with 400 and writes nothing', async (_n, studies) => {
    const posts = await t.ctx.repos.posts.count()
    const res = await create(studies)
    expect(res.status).toBe(400)
    expect((await res.json()).message).toMatch(/related_studies/)
    expect(await t.ctx.repos.posts.count()).toBe(posts)
  })
})
