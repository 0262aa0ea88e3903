import { createHash } from 'node:crypto'
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import * as z from 'zod'
import { makeRenditions, RENDITIONS_VERSION, type Renditions } from '../media/renditions.ts'
import { rasterise } from '../media/rasterise.ts'

/**
 * Demo covers and banners as raster uploads (docs/images.md, "Demo images"): the committed SVGs in public/demo/
 * are drawn as JPEGs at seed time and stored through the media pipeline like any upload, so demo pages
 * show <picture> renditions and social previews get a real photo-sized image. The SVGs stay the
 * source: the repository holds no raster copies.
 *
 * Drawing and encoding one image costs about 0.4 s of libvips time, ~13 s for the demo, so what is
 * made is kept in a cache outside the store, keyed by the SVG, its pixel size and the rendition
 * settings: a fresh store (every e2e run, a new deployment's first start) seeds from files.
 */
const PUBLIC = new URL('../../public', import.meta.url).pathname

/**
 * Where generated demo images are kept: beside the dependencies (what build tools do), so every store
 * and data dir of this checkout shares them. An unwritable or missing directory only means no cache.
 */
export const DEMO_IMAGE_CACHE = new URL('../../node_modules/.cache/gamewise-demo-images', import.meta.url).pathname

/** Pixel size a demo SVG is drawn at: covers 16:9 and banners 10:3, as wide as the widest layout slot (1160 px); author photos square. */
const SIZE: { match: RegExp; width: number; height: number }[] = [
  { match: /^\/demo\/brands\/[\w-]+-banner\.svg$/, width: 1200, height: 360 },
  // author photos (issue 22): square, twice the largest size a page draws them
  { match: /^\/demo\/authors\/[\w-]+\.svg$/, width: 480, height: 480 },
  { match: /^\/demo\/[\w-]+\.svg$/, width: 1200, height: 675 },
]
const JPEG_QUALITY = 80
/** Images made at once: libvips already threads inside one image, and the machine may have two cores. */
const CONCURRENCY = 2

/** A demo image ready to store: the JPEG and the renditions made from exactly those bytes. */
export type DemoImage = { bytes: Uint8Array; renditions: Renditions }

/** The JPEG for a demo SVG (`/demo/….svg`), or null for any other path. */
export async function demoRaster(path: string): Promise<Uint8Array | null> {
  const size = SIZE.find((s) => s.match.test(path))
  if (!size) return null
  const svg = await readFile(`${PUBLIC}${path}`, 'utf8')
  return rasterise(svg, { width: size.width, height: size.height, format: 'jpeg', quality: JPEG_QUALITY })
}

async function generate(path: string): Promise<DemoImage | null> {
  const bytes = await demoRaster(path)
  return bytes ? { bytes, renditions: await makeRenditions(bytes, 'jpg') } : null
}

const manifestSchema = z.object({
  size: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
  variants: z.array(z.object({ width: z.number().int(), height: z.number().int(), ext: z.enum(['avif', 'webp']), contentType: z.string(), size: z.number().int() })),
})

/** The cached image under `key`, or null when it is missing, partial or unreadable. */
async function readCached(dir: string, key: string): Promise<DemoImage | null> {
  try {
    const m = manifestSchema.parse(JSON.parse(await readFile(join(dir, `${key}.json`), 'utf8')))
    const bytes = new Uint8Array(await readFile(join(dir, `${key}.jpg`)))
    if (bytes.byteLength !== m.size) return null
    const variants = []
    for (const v of m.variants) {
      const b = new Uint8Array(await readFile(join(dir, `${key}-${v.width}w.${v.ext}`)))
      if (b.byteLength !== v.size) return null
      variants.push({ width: v.width, height: v.height, ext: v.ext, contentType: v.contentType, bytes: b })
    }
    return { bytes, renditions: { width: m.width, height: m.height, variants } }
  } catch {
    return null
  }
}

/**
 * Writes the files, then the manifest. Each file is renamed into place whole, so another process seeding
 * at the same time (two servers over one checkout) reads a complete file or none.
 */
async function writeCached(dir: string, key: string, img: DemoImage) {
  const put = async (name: string, data: Uint8Array | string) => {
    const tmp = join(dir, `${name}.${process.pid}.tmp`)
    await writeFile(tmp, data)
    await rename(tmp, join(dir, name))
  }
  try {
    await mkdir(dir, { recursive: true })
    await put(`${key}.jpg`, img.bytes)
    for (const v of img.renditions.variants) await put(`${key}-${v.width}w.${v.ext}`, v.bytes)
    const { width, height, variants } = img.renditions
    await put(`${key}.json`, JSON.stringify({ size: img.bytes.byteLength, width, height, variants: variants.map(({ bytes, ...v }) => ({ ...v, size: bytes.byteLength })) }))
  } catch {
    // a read-only install seeds without a cache
  }
}

/**
 * The demo images for `paths` (SVG paths under /demo/; others are left out), from the cache when it
 * has them, else drawn and encoded a few at a time and cached. `cacheDir: null` turns the cache off;
 * `make` is the generator (tests count its calls).
 */
export async function loadDemoImages(
  paths: readonly string[],
  opts: { cacheDir?: string | null; make?: (path: string) => Promise<DemoImage | null> } = {},
): Promise<Map<string, DemoImage>> {
  const cacheDir = opts.cacheDir === undefined ? DEMO_IMAGE_CACHE : opts.cacheDir
  const make = opts.make ?? generate
  const queue = [...new Set(paths)].filter((p) => SIZE.some((s) => s.match.test(p)))
  const out = new Map<string, DemoImage>()
  const worker = async () => {
    for (let path = queue.shift(); path !== undefined; path = queue.shift()) {
      const size = SIZE.find((s) => s.match.test(path!))!
      const svg = await readFile(`${PUBLIC}${path}`, 'utf8')
      const key = createHash('sha256').update(JSON.stringify([svg, size.width, size.height, JPEG_QUALITY, RENDITIONS_VERSION])).digest('hex').slice(0, 32)
      let img = cacheDir ? await readCached(cacheDir, key) : null
      if (!img) {
        img = await make(path)
        if (img && cacheDir) await writeCached(cacheDir, key, img)
      }
      if (img) out.set(path, img)
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, worker))
  return out
}
