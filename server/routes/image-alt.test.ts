import { beforeAll, describe, expect, it } from 'vitest'
import { appSignedIn, type makeTestApp } from '../../test/make-app.ts'

/** Issue 12: posts and brand banners carry a text alternative, used wherever the image appears. */

let t: Awaited<ReturnType<typeof makeTestApp>>
let editor: string
beforeAll(async () => {
  ;({ t, tokens: [editor] } = await appSignedIn({}, ['editor']))
})

const json = (method: string, path: string, body: unknown) =>
  t.app.request(path, { method, headers: { authorization: `Bearer ${editor}`, 'content-type': 'application/json' }, body: JSON.stringify(body) })
const multipart = (method: string, path: string, fields: Record<string, string>) => {
  const f = new FormData()
  for (const [k, v] of Object.entries(fields)) f.append(k, v)
  return t.app.request(path, { method, headers: { authorization: `Bearer ${editor}` }, body: f })
}

describe('post images', () => {
  it('stores imageAlt (trimmed) and answers it in the post and in search results', async () => {
    const res = await json('POST', '/api/posts/article', { title: 'Quetzal odds explained', image: '/demo/bankroll.svg', imageAlt: '  A stack of chips beside a notebook  ', tag: 'Guides' })
    expect(res.status).toBe(201)
    const post = await res.json()
    expect(post.imageAlt).toBe('A stack of chips beside a notebook')
    expect(((await t.ctx.store.collection('posts').findOne({ _id: post._id })) as { imageAlt?: string }).imageAlt).toBe('A stack of chips beside a notebook')
    const search = await (await t.app.request('/api/search?q=quetzal')).json()
    expect(search.results[0]).toMatchObject({ _id: post._id, imageAlt: 'A stack of chips beside a notebook' })
  })

  it("a search result of a post without one (every post saved before the field) is described by its title", async () => {
    const res = await json('POST', '/api/posts/article', { title: 'Zebra wagering basics', image: '/demo/bankroll.svg' })
    const post = await res.json()
    expect(post.imageAlt).toBeUndefined()
    const search = await (await t.app.request('/api/search?q=zebra')).json()
    expect(search.results[0]).toMatchObject({ _id: post._id, imageAlt: 'Zebra wagering basics' })
  })

  it('refuses a description that is too long or not one line, naming the field, and stores nothing', async () => {
    const before = await t.ctx.store.collection('posts').count()
    for (const imageAlt of ['x'.repeat(251), 'two\nlines']) {
      const res = await json('POST', '/api/posts/article', { title: 'Refused alt', image: '/demo/bankroll.svg', imageAlt })
      expect(res.status).toBe(400)
      const body = await res.json()
      expect(body).toMatchObject({ code: 'bad_request', issues: [expect.objectContaining({ path: 'imageAlt' })] })
      expect(body.message).toMatch(/^Invalid imageAlt: /)
    }
    expect(await t.ctx.store.collection('posts').count()).toBe(before)
  })
})

describe('brand banners', () => {
  const fields = { brandName: 'Alt Casino', campaignType: 'Web - Sale', dealBox: JSON.stringify({ ctaLabel: 'Play', ctaUrl: 'https://alt.example/go' }) }
  it('stores bannerAlt, shows it on the brand page, and keeps it when an older client updates without the field', async () => {
    const res = await multipart('POST', '/api/brands', { ...fields, bannerAlt: 'Roulette wheel in neon light' })
    expect(res.status).toBe(201)
    const { _id } = await res.json()
    expect((await (await t.app.request(`/api/brands/${_id}`)).json()).bannerAlt).toBe('Roulette wheel in neon light')
    expect((await multipart('PUT', `/api/brands/${_id}`, { ...fields, tagline: 'Updated' })).status).toBe(200)
    expect((await (await t.app.request(`/api/brands/${_id}`)).json()).bannerAlt).toBe('Roulette wheel in neon light')
  })
  it('refuses a banner description that is not one line of text, naming the field', async () => {
    const res = await multipart('POST', '/api/brands', { ...fields, brandName: 'Bad Alt Casino', bannerAlt: 'a\u0007b' })
    expect(res.status).toBe(400)
    expect(await res.json()).toMatchObject({ code: 'bad_request', issues: [expect.objectContaining({ path: 'bannerAlt' })] })
    expect((await t.app.request('/api/brands/bad-alt-casino')).status).toBe(404)
  })
})
