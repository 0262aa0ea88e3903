import sharp from 'sharp'

/**
 * The site's one door to sharp (libvips, shipped as a native binary inside its npm packages; loads
 * and converts under Bun 1.4 as under Node). Today it writes the demo social images
 * (scripts/make-demo-images.ts); the upload pipeline's renditions belong here too.
 */

export type RasterFormat = 'jpeg' | 'png' | 'webp'

export type RasteriseOptions = {
  width: number
  height: number
  format?: RasterFormat
  /** 1–100 for JPEG and WebP */
  quality?: number
}

/**
 * An image (bytes, or SVG markup) as a `width`×`height` raster, cropped to fill (centre). An SVG is
 * drawn at the density that makes it that size, not drawn small and scaled up, so edges and text stay sharp.
 */
export async function rasterise(input: Uint8Array | string, opts: RasteriseOptions): Promise<Uint8Array> {
  const bytes = typeof input === 'string' ? Buffer.from(input, 'utf8') : Buffer.from(input.buffer, input.byteOffset, input.byteLength)
  const meta = await sharp(bytes).metadata()
  const scale = meta.format === 'svg' && meta.width && meta.height ? Math.max(opts.width / meta.width, opts.height / meta.height) : 1
  // libvips refuses densities above 100,000 dpi; 72 dpi is an SVG's natural size
  const image = sharp(bytes, { density: Math.min(72 * scale, 100_000) }).resize(opts.width, opts.height, { fit: 'cover', position: 'centre' })
  const quality = opts.quality ?? 82
  switch (opts.format ?? 'jpeg') {
    case 'png':
      return new Uint8Array(await image.png({ compressionLevel: 9 }).toBuffer())
    case 'webp':
      return new Uint8Array(await image.webp({ quality }).toBuffer())
    case 'jpeg':
      // a flat background: JPEG has no alpha, and transparent pixels would turn black
      return new Uint8Array(await image.flatten({ background: '#ffffff' }).jpeg({ quality, mozjpeg: true }).toBuffer())
  }
}

/** Format and pixel size as the bytes say (not the file name). */
export async function imageInfo(bytes: Uint8Array): Promise<{ format: string; width: number; height: number }> {
  const meta = await sharp(bytes).metadata()
  return { format: meta.format ?? 'unknown', width: meta.width ?? 0, height: meta.height ?? 0 }
}
