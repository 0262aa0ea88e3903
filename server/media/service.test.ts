import sharp from 'sharp'
import { beforeAll, describe, expect, it } from 'vitest'
import { responsiveImage } from '../../lib/images.ts'
import { makeTestApp } from '../../test/make-app.ts'
import { MAX_INPUT_PIXELS } from './renditions.ts'
import { declaredImageType, MAX_IMAGE_BYTES, sniffImageType } from './service.ts'

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
    const GIF = Uint8Array.from(Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64')) // a real 1×1 GIF
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

  it('converts an upload once into AVIF and WebP renditions at each width, stored under the original hash, each served immutable', async () => {
    const jpeg = await sharp({ create: { width: 2000, height: 1125, channels: 3, background: '#3a6' } }).jpeg().toBuffer()
    const saved = await t.ctx.services.media.saveImage(new Uint8Array(jpeg), { filename: 'wide.jpg' })
    expect(saved.id).toMatch(/^[a-f0-9]{32}-2000x1125\.jpg$/)
    const hash = saved.id.slice(0, 32)
    const record = await t.ctx.repos.media.findById(saved.id)
    expect(record).toMatchObject({ width: 2000, height: 1125 })
    expect(record!.variants!.map((v) => `${v.id} ${v.width}x${v.height} ${v.contentType}`).sort()).toEqual(
      [480, 960, 1600].flatMap((w) => [['avif', 'image/avif'], ['webp', 'image/webp']].map(([ext, type]) => `${hash}-2000x1125-${w}w.${ext} ${w}x${Math.round((w * 1125) / 2000)} ${type}`)).sort(),
    )
    // what a page renders from the URL alone names exactly the stored renditions
    const named = responsiveImage(saved.url)!.sources.flatMap((s) => s.srcSet.split(', ').map((c) => c.split(' ')[0].slice('/media/'.length)))
    expect(named.sort()).toEqual(record!.variants!.map((v) => v.id).sort())
    for (const v of record!.variants!) {
      const res = await t.app.request(`/media/${v.id}`)
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toBe(v.contentType)
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
      const meta = await sharp(new Uint8Array(await res.arrayBuffer())).metadata()
      expect([meta.format, meta.width, meta.height]).toEqual([v.contentType === 'image/avif' ? 'heif' : 'webp', v.width, v.height])
    }
    // the media library lists the original only
    const library = await t.ctx.repos.media.list()
    expect(library.filter((m) => m._id.startsWith(hash)).map((m) => m._id)).toEqual([saved.id])
  })

  it('never makes a rendition wider than the original, and keeps a GIF as it is', async () => {
    const small = await sharp({ create: { width: 700, height: 350, channels: 4, background: '#f00a' } }).png().toBuffer()
    const saved = await t.ctx.services.media.saveImage(new Uint8Array(small))
    expect((await t.ctx.repos.media.findById(saved.id))!.variants!.map((v) => v.width).sort()).toEqual([480, 480, 700, 700])
    const gif = await sharp({ create: { width: 20, height: 10, channels: 3, background: '#00f' } }).gif().toBuffer()
    const g = await t.ctx.services.media.saveImage(new Uint8Array(gif))
    expect(g.id).toMatch(/-20x10\.gif$/)
    expect((await t.ctx.repos.media.findById(g.id))!.variants).toEqual([])
  })

  it('takes the displayed size after EXIF rotation', async () => {
    const rotated = await sharp({ create: { width: 300, height: 100, channels: 3, background: '#0a0' } }).jpeg().withMetadata({ orientation: 6 }).toBuffer()
    expect((await t.ctx.services.media.saveImage(new Uint8Array(rotated))).id).toMatch(/-100x300\.jpg$/)
  })

  it('refuses a decompression bomb (a small file of too many pixels) with a 413 and stores nothing', async () => {
    const side = Math.ceil(Math.sqrt(MAX_INPUT_PIXELS)) + 1
    const bomb = await sharp({ create: { width: side, height: side, channels: 3, background: '#fff' } }).png({ compressionLevel: 9 }).toBuffer()
    expect(bomb.byteLength).toBeLessThan(MAX_IMAGE_BYTES)
    const before = (await t.ctx.repos.media.list()).length
    await expect(t.ctx.services.media.saveImage(new Uint8Array(bomb))).rejects.toMatchObject({ code: 'payload_too_large', message: expect.stringMatching(/megapixels/) })
    expect((await t.ctx.repos.media.list()).length).toBe(before)
  })

  it('refuses bytes that start like an image but do not decode, storing nothing', async () => {
    const broken = Uint8Array.from([...PNG.slice(0, 30), 1, 2, 3])
    await expect(t.ctx.services.media.saveImage(broken)).rejects.toMatchObject({ code: 'unsupported_media_type' })
  })

  it('stores renditions made beforehand of the same bytes (the demo cache), and makes its own when their size disagrees', async () => {
    const jpeg = new Uint8Array(await sharp({ create: { width: 500, height: 250, channels: 3, background: '#456' } }).jpeg().toBuffer())
    const marker = new Uint8Array(await sharp({ create: { width: 480, height: 240, channels: 3, background: '#000' } }).webp().toBuffer())
    const given = { width: 500, height: 250, variants: [{ width: 480, height: 240, ext: 'webp', contentType: 'image/webp', bytes: marker }] }
    const saved = await t.ctx.services.media.saveImage(jpeg, { renditions: given })
    const [v] = (await t.ctx.repos.media.findById(saved.id))!.variants!
    expect(v).toMatchObject({ width: 480, contentType: 'image/webp' })
    expect(new Uint8Array(await (await t.app.request(`/media/${v.id}`)).arrayBuffer())).toEqual(marker)
    // renditions claiming another size are not these bytes': the upload's own are made
    const other = new Uint8Array(await sharp({ create: { width: 500, height: 250, channels: 3, background: '#789' } }).jpeg().toBuffer())
    const own = await t.ctx.services.media.saveImage(other, { renditions: { ...given, width: 400 } })
    expect((await t.ctx.repos.media.findById(own.id))!.variants).toHaveLength(4)
  })

  it('removes an original together with its renditions', async () => {
    const jpeg = await sharp({ create: { width: 600, height: 300, channels: 3, background: '#123' } }).jpeg().toBuffer()
    const saved = await t.ctx.services.media.saveImage(new Uint8Array(jpeg))
    const ids = (await t.ctx.repos.media.findById(saved.id))!.variants!.map((v) => v.id)
    await t.ctx.services.media.remove(saved.id)
    for (const id of [saved.id, ...ids]) expect(await t.ctx.repos.media.findById(id)).toBeNull()
  })
})
