import { mkdtempSync, readdirSync, rmSync, truncateSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import sharp from 'sharp'
import { afterAll, describe, expect, it } from 'vitest'
import { type DemoImage, loadDemoImages } from './raster-images.ts'

const dir = mkdtempSync(join(tmpdir(), 'demo-images-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const COVERS = ['/demo/rtp.svg', '/demo/poker.svg', '/demo/brands/nova-spins-banner.svg']

describe('demo images (docs/images.md "Demo images": raster covers and banners, cached outside the store)', () => {
  let first: Map<string, DemoImage>

  it('draws covers at 1200×675 and banners at 1200×360 as JPEGs with their renditions; logos and other paths are left out', async () => {
    first = await loadDemoImages([...COVERS, '/demo/brands/nova-spins.svg', 'https://example.com/x.jpg', ''], { cacheDir: dir })
    expect([...first.keys()].sort()).toEqual([...COVERS].sort())
    const cover = first.get('/demo/rtp.svg')!
    expect(await sharp(cover.bytes).metadata()).toMatchObject({ format: 'jpeg', width: 1200, height: 675 })
    expect(cover.renditions).toMatchObject({ width: 1200, height: 675 })
    expect(cover.renditions.variants.map((v) => `${v.width}.${v.ext}`).sort()).toEqual(['1200.avif', '1200.webp', '480.avif', '480.webp', '960.avif', '960.webp'])
    expect(first.get('/demo/brands/nova-spins-banner.svg')!.renditions).toMatchObject({ width: 1200, height: 360 })
  })

  it('a second seed (another store, same checkout) reads the cache: nothing is drawn again, the bytes are the same', async () => {
    const make = async (): Promise<DemoImage | null> => {
      throw new Error('drawn again')
    }
    const again = await loadDemoImages(COVERS, { cacheDir: dir, make })
    const files = (m: Map<string, DemoImage>, p: string) => [m.get(p)!.bytes, ...m.get(p)!.renditions.variants.map((v) => v.bytes)].map((b) => Buffer.from(b).toString('base64'))
    for (const p of COVERS) expect(files(again, p)).toEqual(files(first, p))
  })

  it('a partly written entry is made again; without a cache every image is made', async () => {
    const rendition = readdirSync(dir).find((f) => f.endsWith('-480w.avif'))!
    truncateSync(join(dir, rendition), 10)
    const made: string[] = []
    const make = async (path: string) => {
      made.push(path)
      return first.get(path)!
    }
    await loadDemoImages(COVERS, { cacheDir: dir, make })
    expect(made).toHaveLength(1)
    await loadDemoImages(COVERS, { cacheDir: dir, make }) // repaired
    expect(made).toHaveLength(1)
    await loadDemoImages(COVERS, { cacheDir: null, make })
    expect(made).toHaveLength(1 + COVERS.length)
  })
})
