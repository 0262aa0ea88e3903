import sharp, { type Metadata, type Sharp } from 'sharp'
import { hasVariants, VARIANT_FORMATS, VARIANT_WIDTHS, variantHeight, variantWidths } from '../../lib/images.ts'
import { AppError } from '../errors.ts'

/**
 * Renditions of an uploaded image (lib/images.ts names them): decoded once at upload, resized to
 * each width in `variantWidths` and encoded as AVIF and WebP. sharp runs libvips on its own threads,
 * so the event loop only waits on promises.
 */

/** A decompression bomb (a small file that decodes to gigapixels) is refused before it is decoded. */
export const MAX_INPUT_PIXELS = 40_000_000

export type Rendition = { width: number; height: number; ext: string; contentType: string; bytes: Uint8Array }
export type Renditions = { width: number; height: number; variants: Rendition[] }

/** Encoder settings: AVIF effort 2 costs about a tenth of the default for a few percent more bytes. */
const ENCODER = { avif: { quality: 55, effort: 2 }, webp: { quality: 78, effort: 4 } } as const
const encode = {
  avif: (img: Sharp) => img.avif(ENCODER.avif),
  webp: (img: Sharp) => img.webp(ENCODER.webp),
}

/** Everything that decides a rendition's bytes: a cache of renditions (the demo's) is keyed by it. */
export const RENDITIONS_VERSION = JSON.stringify({ widths: VARIANT_WIDTHS, formats: VARIANT_FORMATS, ENCODER, vips: sharp.versions.vips })

const open = (bytes: Uint8Array) => sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', animated: false })

/** The displayed size (after EXIF rotation) of an image; a 4xx for bytes sharp cannot read or too many pixels. */
export async function displayedSize(bytes: Uint8Array): Promise<{ width: number; height: number }> {
  let meta: Metadata
  try {
    // the header only: no pixels are decoded, so the size is checked before anything large is allocated
    meta = await sharp(bytes, { limitInputPixels: false }).metadata()
  } catch {
    throw new AppError('unsupported_media_type', 'The image could not be read')
  }
  const { width = 0, height = 0 } = meta.autoOrient ?? meta
  if (!width || !height) throw new AppError('unsupported_media_type', 'The image could not be read')
  if (width * height > MAX_INPUT_PIXELS)
    throw new AppError('payload_too_large', `Image is larger than ${MAX_INPUT_PIXELS / 1_000_000} megapixels`)
  return { width, height }
}

/** The original's displayed size and, unless it is a GIF, its AVIF and WebP renditions. */
export async function makeRenditions(bytes: Uint8Array, ext: string): Promise<Renditions> {
  const { width, height } = await displayedSize(bytes)
  if (!hasVariants(ext)) return { width, height, variants: [] }
  try {
    // decoded once, at the widest rendition's size (a small raw buffer whatever the upload's size);
    // every rendition is resized from those pixels
    const widths = variantWidths(width)
    const top = widths[widths.length - 1]
    const decoded = await open(bytes).autoOrient().resize(top, variantHeight(width, height, top), { fit: 'fill' }).raw().toBuffer({ resolveWithObject: true })
    const jobs = widths.flatMap((w) =>
      VARIANT_FORMATS.map(async (f) => {
        const h = variantHeight(width, height, w)
        const img = sharp(decoded.data, { raw: decoded.info }).resize(w, h, { fit: 'fill' })
        const out = await encode[f.ext](img).toBuffer()
        return { width: w, height: h, ext: f.ext, contentType: f.type, bytes: new Uint8Array(out) }
      }),
    )
    return { width, height, variants: await Promise.all(jobs) }
  } catch (err) {
    if (err instanceof AppError) throw err
    throw new AppError('unsupported_media_type', 'The image could not be read')
  }
}
