import { readFile } from 'node:fs/promises'
import { rasterise } from '../images/rasterise.ts'

/**
 * Demo covers and banners as raster uploads (README "Images"): the committed SVGs in public/demo/
 * are drawn as JPEGs at seed time and stored through the media pipeline like any upload, so demo pages
 * show <picture> renditions and social previews get a real photo-sized image. The SVGs stay the
 * source: the repository holds no raster copies.
 */
const PUBLIC = new URL('../../public', import.meta.url).pathname

/** Pixel size a demo SVG is drawn at: covers 16:9 and banners 10:3, as wide as the widest layout slot (1160 px). */
const SIZE: { match: RegExp; width: number; height: number }[] = [
  { match: /^\/demo\/brands\/[\w-]+-banner\.svg$/, width: 1200, height: 360 },
  { match: /^\/demo\/[\w-]+\.svg$/, width: 1200, height: 675 },
]

/** The JPEG for a demo SVG (`/demo/….svg`), or null for any other path. */
export async function demoRaster(path: string): Promise<Uint8Array | null> {
  const size = SIZE.find((s) => s.match.test(path))
  if (!size) return null
  const svg = await readFile(`${PUBLIC}${path}`, 'utf8')
  return rasterise(svg, { width: size.width, height: size.height, format: 'jpeg', quality: 80 })
}
