import { beforeAll, describe, expect, it } from 'vitest'
import { brandFormFields, formData } from '../../test/factories.ts'
import { loginAs, makeTestApp } from '../../test/make-app.ts'
import { MAX_IMAGE_BYTES } from '../media/service.ts'

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64')
const PNG2 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==', 'base64')

let t: Awaited<ReturnType<typeof makeTestApp>>
let token: string
beforeAll(async () => {
  t = await makeTestApp()
  token = (await loginAs(t, 'editor')).accessToken
})

type Fields = Record<string, string | Blob>
const valid = brandFormFields
const form = formData
const send = (method: string, path: string, fields?: Fields) =>
  t.app.request(path, { method, headers: { authorization: `Bearer ${token}` }, body: fields ? form(fields) : undefined })
const png = (bytes = PNG, name = 'logo.png', type = 'image/png') => new File([bytes], name, { type })
const mediaCount = () => t.ctx.store.collection('media').count()

describe('POST /api/brands (multipart)', () => {
  it('creates a brand page with a logo upload, visible on the public API at once', async () => {
    await t.app.request('/api/brands/static-offers') // fill the render cache
    const res = await send('POST', '/api/brands', valid({ logo: png() }))
    expect(res.status).toBe(201)
    const brand = await res.json()
    expect(brand).toMatchObject({
      _id: 'test-casino',
      brandName: 'Test Casino',
      rating: 4.3,
      type: ['typeNew'],
      enableClickId: true,
      enableGaid: false,
      campaignType: 'App - Install',
      customParams: [{ key: 'src', value: 'gw' }],
      dealBox: { ctaUrl: 'https://test.example/go' },
      logo: { data: null, contentType: 'image/png', cdnUrl: expect.stringMatching(/^\/media\/[0-9a-f]{32}-1x1\.png$/) },
      bannerImage: null,
    })
    expect((await t.app.request(brand.logo.cdnUrl)).status).toBe(200)
    const offers = await (await t.app.request('/api/brands/static-offers')).json()
    expect(offers.pages.map((p: { _id: string }) => p._id)).toContain('test-casino')
    const admin = await (await send('GET', '/api/brands/static-offers-admin')).json()
    expect(admin.pages.find((p: { _id: string }) => p._id === 'test-casino').promoTable.rows).toHaveLength(3)
  })

  it('stores customParams sent as an object map as a list, and a CDN link as the logo', async () => {
    const res = await send('POST', '/api/brands', valid({ brandName: 'Map Brand', customParams: JSON.stringify({ a: '1', b: '2' }), logoCdnUrl: 'https://cdn.example/logo.png' }))
    const brand = await res.json()
    expect(brand.customParams).toEqual([{ key: 'a', value: '1' }, { key: 'b', value: '2' }])
    expect(brand.logo.cdnUrl).toBe('https://cdn.example/logo.png')
  })

  it('treats an empty rating as empty', async () => {
    const brand = await (await send('POST', '/api/brands', valid({ brandName: 'Unrated', rating: '' }))).json()
    expect(brand.rating).toBeNull()
  })
})

describe('PUT and DELETE /api/brands/:id', () => {
  it('keeps the logo when no file is sent, replaces it when one is, clears it with an empty link; old bytes go once no revision keeps them', async () => {
    const created = await (await send('POST', '/api/brands', valid({ brandName: 'Editable Brand', logo: png() }))).json()
    const kept = await (await send('PUT', `/api/brands/${created._id}`, valid({ brandName: 'Edited Brand' }))).json()
    expect(kept).toMatchObject({ _id: created._id, brandName: 'Edited Brand', logo: { cdnUrl: created.logo.cdnUrl } })

    // PNG is also used by 'test-casino', so it must survive; PNG2 becomes this brand's logo
    const replaced = await (await send('PUT', `/api/brands/${created._id}`, valid({ brandName: 'Edited Brand', logo: png(PNG2) }))).json()
    expect(replaced.logo.cdnUrl).not.toBe(created.logo.cdnUrl)
    expect((await t.app.request(created.logo.cdnUrl)).status).toBe(200)

    const cleared = await (await send('PUT', `/api/brands/${created._id}`, valid({ brandName: 'Edited Brand', logoCdnUrl: '' }))).json()
    expect(cleared.logo).toBeNull()
    // the brand's revisions still use PNG2 (restoring one brings the logo back): it stays until they go
    expect((await t.app.request(replaced.logo.cdnUrl)).status).toBe(200)
    expect((await send('DELETE', `/api/brands/${created._id}`)).status).toBe(200)
    // with the brand gone, nothing uses PNG2 any more: `media prune` (or the Media screen) removes it
    const png2 = replaced.logo.cdnUrl.replace('/media/', '')
    expect((await t.ctx.services.mediaLibrary.usedBy([png2])).get(png2)).toEqual([])
  })

  it('deletes a brand page and the images only it used', async () => {
    const created = await (await send('POST', '/api/brands', valid({ brandName: 'Short Lived', bannerImage: png(PNG2, 'banner.png') }))).json()
    expect((await send('DELETE', `/api/brands/${created._id}`)).status).toBe(200)
    expect((await t.app.request(`/api/brands/${created._id}`)).status).toBe(404)
    expect((await t.app.request(created.bannerImage.cdnUrl)).status).toBe(404)
  })

  it('answers 404 for unknown ids', async () => {
    expect((await send('PUT', '/api/brands/no-such-brand', valid())).status).toBe(404)
    expect((await send('DELETE', '/api/brands/no-such-brand')).status).toBe(404)
  })
})

// Bun's FormData gives a part's File.type from its file name and drops the part's Content-Type header,
// so these bodies are written by hand, byte for byte as a browser or a script would send them.
const BOUNDARY = 'gw-test-boundary-7d2f'
type RawPart = { name: string; value: string | Uint8Array; filename?: string; type?: string }
const rawBody = (parts: RawPart[]) =>
  Buffer.concat([
    ...parts.flatMap((p) => [
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${p.name}"${p.filename === undefined ? '' : `; filename="${p.filename}"`}\r\n` +
          (p.type === undefined ? '' : `Content-Type: ${p.type}\r\n`) +
          '\r\n',
      ),
      Buffer.from(p.value),
      Buffer.from('\r\n'),
    ]),
    Buffer.from(`--${BOUNDARY}--\r\n`),
  ])
const sendRaw = (brandName: string, file: Omit<RawPart, 'name'>) => {
  const fields = Object.entries(valid({ brandName })).map(([name, value]) => ({ name, value: value as string }))
  return t.app.request('/api/brands', {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    body: rawBody([...fields, { name: 'logo', ...file }]),
  })
}
const SVG = '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>'

describe('brand image uploads are judged by their bytes, not their file name (raw multipart bodies)', () => {
  const unique = (tag: string) => Buffer.concat([PNG, Buffer.from(tag)]) // a fresh media id per case
  it.each([
    ['a PNG named .jpg that declares image/png', { filename: 'logo.jpg', type: 'image/png' }],
    ['a PNG named .svg that declares nothing', { filename: 'logo.svg' }],
    ['a PNG without an extension sent as application/octet-stream', { filename: 'logo', type: 'application/octet-stream' }],
    ['a PNG named .png.html that declares IMAGE/PNG with a parameter', { filename: 'logo.png.html', type: 'IMAGE/PNG; name=logo' }],
  ])('stores %s as image/png', async (name, part) => {
    const res = await sendRaw(`Raw ${name.slice(2, 30)}`, { ...part, value: unique(name) })
    expect(res.status).toBe(201)
    const brand = await res.json()
    expect(brand.logo).toMatchObject({ contentType: 'image/png', cdnUrl: expect.stringMatching(/\.png$/) })
    expect((await t.app.request(brand.logo.cdnUrl)).headers.get('content-type')).toBe('image/png')
  })

  it.each([
    ['a PNG named .png that declares image/gif', { filename: 'logo.png', type: 'image/gif', value: unique('declared-gif') }],
    ['a PNG named .png that declares text/html', { filename: 'logo.png', type: 'text/html', value: unique('declared-html') }],
    ['SVG named .png that declares image/png', { filename: 'logo.png', type: 'image/png', value: SVG }],
    ['SVG named .png that declares nothing', { filename: 'logo.png', value: SVG }],
    ['HTML named .jpg sent as application/octet-stream', { filename: 'logo.jpg', type: 'application/octet-stream', value: '<html><script>alert(1)</script></html>' }],
  ])('refuses %s with 415 and writes nothing', async (_n, part) => {
    const brands = await t.ctx.repos.brands.count()
    const media = await mediaCount()
    const res = await sendRaw('Refused Upload', part)
    expect(res.status).toBe(415)
    expect(typeof (await res.json()).message).toBe('string')
    expect(await t.ctx.repos.brands.count()).toBe(brands)
    expect(await mediaCount()).toBe(media)
  })
})

describe('bad brand input: 4xx { message }, nothing written, no orphaned media', () => {
  const big = new Uint8Array(MAX_IMAGE_BYTES + 1)
  big.set(PNG)
  const cases: [string, Fields][] = [
    ['a missing brand name', valid({ brandName: '' })],
    ['a missing campaign type', valid({ campaignType: '' })],
    ['a kind without a goal', valid({ campaignType: 'App' })],
    ["a goal from the other kind's list", valid({ campaignType: 'App - Sale' })],
    ['a rating above 5', valid({ rating: '5.5' })],
    ['a rating below 0', valid({ rating: '-1' })],
    ['a rating that is not a number', valid({ rating: 'great' })],
    ['malformed JSON in a field', valid({ sections: '[{"type": "faq",' })],
    ['an unknown section type', valid({ sections: JSON.stringify([{ type: 'video', content: 'x' }]) })],
    ['a promo cell for a column that does not exist', valid({ promoTable: JSON.stringify({ heading: 'H', columns: ['A'], rows: [{ col1: 'a', col2: 'b' }] }) })],
    ['a javascript: CTA URL', valid({ dealBox: JSON.stringify({ ctaLabel: 'Go', ctaUrl: 'javascript:alert(1)' }) })],
    ['a data: link URL', valid({ dealBox: JSON.stringify({ linkText: 'T', linkUrl: 'data:text/html,x' }) })],
    ['a javascript: CDN link', valid({ logoCdnUrl: 'javascript:alert(1)' })],
    ['a CTA URL with a tab (a browser reads /\\t/evil.example as //evil.example)', valid({ dealBox: JSON.stringify({ ctaLabel: 'Go', ctaUrl: '/\t/evil.example' }) })],
    ['a CTA URL with a newline', valid({ dealBox: JSON.stringify({ ctaLabel: 'Go', ctaUrl: 'https://test.example/a\nb' }) })],
    ['a CTA URL with a backslash', valid({ dealBox: JSON.stringify({ ctaLabel: 'Go', ctaUrl: '/\\evil.example' }) })],
    ['a CDN link with a tab', valid({ logoCdnUrl: '/\t/evil.example/logo.png' })],
    ['a non-image file', valid({ logo: new File(['<svg onload=alert(1)>'], 'x.svg', { type: 'image/svg+xml' }) })],
    ['a file that lies about its type', valid({ logo: new File([PNG], 'x.jpg', { type: 'image/jpeg' }) })],
    ['an oversized file', valid({ logo: new File([big], 'big.png', { type: 'image/png' }) })],
    ['a valid logo but a bad banner', valid({ logo: png(Buffer.concat([PNG, Buffer.from('unique-bytes')])), bannerImage: new File(['nope'], 'b.png', { type: 'image/png' }) })],
    ['a wrong boolean', valid({ enableGaid: 'maybe' })],
  ]
  it.each(cases)('%s', async (_n, fields) => {
    const brands = await t.ctx.repos.brands.count()
    const media = await mediaCount()
    const res = await send('POST', '/api/brands', fields)
    expect(res.status).toBeGreaterThanOrEqual(400)
    expect(res.status).toBeLessThan(500)
    expect(typeof (await res.json()).message).toBe('string')
    expect(await t.ctx.repos.brands.count()).toBe(brands)
    expect(await mediaCount()).toBe(media)
  })

  it('refuses a JSON body with 415', async () => {
    const res = await t.app.request('/api/brands', { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify({ brandName: 'x' }) })
    expect(res.status).toBe(415)
  })

  it('changes nothing on a bad update', async () => {
    const before = await t.ctx.repos.brands.findById('test-casino')
    const res = await send('PUT', '/api/brands/test-casino', valid({ rating: '9' }))
    expect(res.status).toBe(400)
    expect(await t.ctx.repos.brands.findById('test-casino')).toEqual(before)
  })
})
