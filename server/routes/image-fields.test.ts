import { beforeAll, describe, expect, it } from 'vitest'
import { authorPhotoSchema } from '../../lib/author-schemas.ts'
import { isTrackedLink } from '../../lib/links.ts'
import { brandInputSchema, postInputSchema } from '../../lib/schemas.ts'
import { loginAs, makeTestApp } from '../../test/make-app.ts'

/**
 * Issue 35, "Only real clicks count": an image field holding a tracked /go link makes every page that
 * shows the image request /go as an <img> — a click nobody made. Every image, logo and photo field
 * refuses /go URLs (a path on this site, or an absolute URL to it) with a 400 naming the field.
 */
const GO_URLS = [
  '/go/nova-spins',
  '/go/nova-spins?from=home%3A&slot=home-offers',
  'http://localhost:3000/go/nova-spins', // the site's own address (SITE_URL in the tests)
  'https://www.gamewise.example/go/nova-spins', // another name the site may answer on
  '/%67o/nova-spins', // percent-encoded
  '/media/../go/nova-spins', // dot segments, which browsers resolve before asking
  '/go',
]

let t: Awaited<ReturnType<typeof makeTestApp>>
let token: string
beforeAll(async () => {
  t = await makeTestApp()
  token = (await loginAs(t, 'admin')).accessToken
})

const sendJson = (method: string, path: string, body: unknown) =>
  t.app.request(path, { method, headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify(body) })
const brandForm = (over: Record<string, string>) => {
  const f = new FormData()
  const fields: Record<string, string> = {
    brandName: `Image Test ${Math.random().toString(36).slice(2, 8)}`,
    campaignType: 'Web - Sale',
    dealBox: JSON.stringify({ ctaLabel: 'Play', ctaUrl: 'https://test.example/land' }),
    ...over,
  }
  for (const [k, v] of Object.entries(fields)) f.append(k, v)
  return f
}

describe('isTrackedLink', () => {
  it.each(GO_URLS)('knows %s for a tracked link', (url) => expect(isTrackedLink(url)).toBe(true))
  it.each(['/media/abc123', 'https://cdn.example/logo.png', '/demo/go-banner.png', '/gopher.png', '/article/go/x', 'https://cdn.example/img/go.png', ''])('leaves %s alone', (url) => expect(isTrackedLink(url)).toBe(false))
})

describe('image fields refuse /go links', () => {
  it.each(GO_URLS)('the schemas refuse %s as a brand logo, a post image and an author photo', (url) => {
    const brand = brandInputSchema.safeParse({ brandName: 'B', logo: url })
    expect(brand.success).toBe(false)
    expect(brand.error!.issues[0]!.path).toEqual(['logo'])
    expect(brand.error!.issues[0]!.message).toMatch(/tracked \/go link/)
    expect(brandInputSchema.safeParse({ brandName: 'B', bannerImage: url }).success).toBe(false)
    expect(postInputSchema.safeParse({ title: 'P', type: 'article', image: url }).success).toBe(false)
    expect(authorPhotoSchema.safeParse(url).success).toBe(false)
  })

  it.each([
    ['logoCdnUrl', '/go/nova-spins'],
    ['bannerCdnUrl', 'http://localhost:3000/go/nova-spins?slot=brand-cta'],
  ])('POST /api/brands answers 400 naming %s for a /go URL, and stores nothing', async (field, url) => {
    const before = await t.ctx.repos.brands.count()
    const res = await t.app.request('/api/brands', { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: brandForm({ [field]: url }) })
    expect(res.status).toBe(400)
    const body = await res.json()
    expect(body).toMatchObject({ code: 'bad_request', message: expect.stringMatching(new RegExp(`^Invalid ${field}: .*tracked /go link`)) })
    expect(body.issues).toEqual([{ path: field, message: expect.stringContaining('tracked /go link') }])
    expect(await t.ctx.repos.brands.count()).toBe(before)
  })

  it.each(['/go/nova-spins', 'http://localhost:3000/go/royal-reel'])('POST and PUT /api/posts answer 400 naming image for %s', async (url) => {
    const res = await sendJson('POST', '/api/posts/article', { title: 'An article', image: url })
    expect(res.status).toBe(400)
    const body = await res.json()
    expect(body).toMatchObject({ code: 'bad_request', message: expect.stringMatching(/^Invalid image: .*tracked \/go link/) })
    expect(body.issues[0].path).toBe('image')
    const created = await (await sendJson('POST', '/api/posts/article', { title: `Fine ${Math.random()}`, image: '' })).json()
    const put = await sendJson('PUT', `/api/posts/${created._id}`, { title: created.title, image: url })
    expect(put.status).toBe(400)
    expect((await put.json()).issues[0].path).toBe('image')
  })

  it.each(['/go/nova-spins', 'http://localhost:3000/go/nova-spins'])('POST /api/authors answers 400 naming photo for %s', async (url) => {
    const res = await sendJson('POST', '/api/authors', { name: `Photo Test ${Math.random().toString(36).slice(2, 6)}`, photo: url })
    expect(res.status).toBe(400)
    const body = await res.json()
    expect(body).toMatchObject({ code: 'bad_request', message: expect.stringMatching(/^Invalid photo: .*tracked \/go link/) })
    expect(body.issues[0].path).toBe('photo')
  })

  it('still takes ordinary image URLs', async () => {
    const res = await t.app.request('/api/brands', { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: brandForm({ logoCdnUrl: 'https://cdn.example/go.png' }) })
    expect(res.status).toBe(201)
    expect((await sendJson('POST', '/api/posts/article', { title: `Pictured ${Math.random()}`, image: 'https://cdn.example/go/../logo.png' })).status).toBe(201)
  })
})
