import { beforeAll, describe, expect, it } from 'vitest'
import { makeTestApp } from '../../test/make-app.ts'
import { declaredImageType, MAX_IMAGE_BYTES, sniffImageType } from './media.ts'

// smallest valid images of each kind (headers are what the sniffer reads)
const PNG = Uint8Array.from(Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64'))
const GIF = new TextEncoder().encode('GIF89a\x01\x00\x01\x00')
const JPEG = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10])
const WEBP = new TextEncoder().encode('RIFF\x00\x00\x00\x00WEBPVP8 ')
const AVIF = new TextEncoder().encode('\x00\x00\x00\x1cftypavif\x00\x00')
const SVG = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')

describe('sniffImageType (checked by bytes, not by name or declared type)', () => {
  it.each([
    ['PNG', PNG, 'image/png'],
    ['JPEG', JPEG, 'image/jpeg'],
    ['GIF', GIF, 'image/gif'],
    ['WebP', WEBP, 'image/webp'],
    ['AVIF', AVIF, 'image/avif'],
  ])('recognises %s', (_n, bytes, type) => expect(sniffImageType(bytes)).toBe(type))
  it('refuses SVG, HTML and empty input', () => {
    expect(sniffImageType(SVG)).toBeNull()
    expect(sniffImageType(new TextEncoder().encode('<html>'))).toBeNull()
    expect(sniffImageType(new Uint8Array())).toBeNull()
  })
})

describe('declaredImageType (what a client said, comparable with what the bytes say)', () => {
  it.each([
    ['image/png', 'image/png'],
    ['IMAGE/PNG; name=x', 'image/png'],
    ['image/jpg', 'image/jpeg'],
    ['image/pjpeg', 'image/jpeg'],
    ['text/plain;charset=utf-8', 'text/plain'],
    ['application/octet-stream', undefined],
    ['', undefined],
    [undefined, undefined],
  ])('%s → %s', (declared, expected) => expect(declaredImageType(declared)).toBe(expected))
})

describe('media store and GET /media/:id', () => {
  let t: Awaited<ReturnType<typeof makeTestApp>>
  beforeAll(async () => {
    t = await makeTestApp({ seed: false })
  })

  it('stores an image once and serves it with long-lived caching', async () => {
    const a = await t.ctx.services.media.saveImage(PNG, { filename: 'dot.png', alt: 'a dot' })
    const b = await t.ctx.services.media.saveImage(PNG)
    expect(a.id).toBe(b.id)
    expect(a.url).toBe(`/media/${a.id}`)
    const res = await t.app.request(a.url)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('image/png')
    expect(res.headers.get('cache-control')).toContain('immutable')
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(PNG)
  })

  it('takes the type from the bytes; a declared type only refuses a mismatch', async () => {
    expect((await t.ctx.services.media.saveImage(GIF, { declaredType: 'application/octet-stream', filename: 'photo.jpg' })).contentType).toBe('image/gif')
    expect((await t.ctx.services.media.saveImage(GIF, { declaredType: 'image/gif; x=1' })).contentType).toBe('image/gif')
    await expect(t.ctx.services.media.saveImage(GIF, { declaredType: 'image/png' })).rejects.toMatchObject({ code: 'unsupported_media_type' })
  })

  it('refuses SVG and oversize images with clear errors', async () => {
    await expect(t.ctx.services.media.saveImage(SVG)).rejects.toMatchObject({ code: 'unsupported_media_type' })
    const big = new Uint8Array(MAX_IMAGE_BYTES + 1)
    big.set(PNG)
    await expect(t.ctx.services.media.saveImage(big)).rejects.toMatchObject({ code: 'payload_too_large' })
  })

  it.each(['unknown', '0123456789abcdef0123456789abcdef.png', '..%2F..%2Fetc%2Fpasswd'])('answers 404 JSON for %s', async (id) => {
    const res = await t.app.request(`/media/${id}`)
    expect(res.status).toBe(404)
    expect(await res.json()).toEqual({ message: 'Media not found', code: 'not_found' })
  })
})
