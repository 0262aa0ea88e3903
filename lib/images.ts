import { MEDIA_ID_PATTERN } from './media-refs.ts'
/**
 * Responsive images (docs/images.md, docs/decisions/015-responsive-images.md).
 *
 * An uploaded image is stored once as its original plus a fixed set of renditions, all sharing the
 * original's content hash as a prefix, all in the media collection:
 *
 *   <hash>-<W>x<H>.<ext>            the original bytes (png, jpg, gif, webp, avif), W×H as displayed
 *   <hash>-<W>x<H>-<w>w.avif        one AVIF and one WebP per width in variantWidths(W)
 *   <hash>-<W>x<H>-<w>w.webp
 *
 * The name carries everything a page needs (intrinsic size, which widths exist), so rendering an
 * image reads nothing: not the store, not the disk. Deleting or pruning an item removes every id
 * starting with `<hash>`. Uploads from before renditions (`<hash>.<ext>`) and outside URLs render as
 * a plain <img>.
 */

/** Rendition widths in CSS pixels × 1–2 DPR for a 400–800 px column; never wider than the original. */
export const VARIANT_WIDTHS = [480, 960, 1600] as const
/** Rendition formats, best first: a browser takes the first <source> it supports. */
export const VARIANT_FORMATS = [
  { ext: 'avif', type: 'image/avif' },
  { ext: 'webp', type: 'image/webp' },
] as const

/** Either form of a media id: `<hash>.<ext>` (before renditions), `<hash>-WxH.<ext>`, or a rendition `<hash>-WxH-ww.<ext>`. */
/** A whole media id (lib/media-refs.ts MEDIA_ID_PATTERN, the one definition). */
export const MEDIA_ID = /* @__PURE__ */ new RegExp(`^${MEDIA_ID_PATTERN}$`)

const ORIGINAL = /^\/media\/([a-f0-9]{32})-([1-9]\d{0,4})x([1-9]\d{0,4})\.([a-z]{3,4})$/

/** The widths rendered for an original `width` pixels wide: the standard ones below it, and at most 1600. */
export function variantWidths(width: number): number[] {
  const widths: number[] = VARIANT_WIDTHS.filter((w) => w < width)
  const top = Math.min(width, VARIANT_WIDTHS[VARIANT_WIDTHS.length - 1])
  if (!widths.includes(top)) widths.push(top)
  return widths
}

/** Animated GIFs keep their animation: no renditions (a still frame would change the image). */
export const hasVariants = (ext: string) => ext !== 'gif'

/** The id of an original with its displayed size. */
export const originalMediaId = (hash: string, width: number, height: number, ext: string) => `${hash}-${width}x${height}.${ext}`
/** The id of one rendition of an original (same prefix, so an item's files are found together). */
export const variantMediaId = (hash: string, width: number, height: number, w: number, ext: string) => `${hash}-${width}x${height}-${w}w.${ext}`
/** Height of a rendition `w` wide, keeping the original's aspect ratio. */
export const variantHeight = (width: number, height: number, w: number) => Math.max(1, Math.round((w * height) / width))

export type ImageSource = { type: string; srcSet: string }
/** What a page needs to render an image well: its intrinsic size and, for uploads, its renditions. */
export type ResponsiveImageInfo = { width: number; height: number; sources: ImageSource[] }

/** Size and renditions of an uploaded image, read from its URL alone; null for anything else. */
export function responsiveImage(url: string | null | undefined): ResponsiveImageInfo | null {
  const m = url ? ORIGINAL.exec(url) : null
  if (!m) return null
  const [, hash, ext] = [m[0], m[1], m[4]]
  const width = Number(m[2])
  const height = Number(m[3])
  if (!hasVariants(ext)) return { width, height, sources: [] }
  const widths = variantWidths(width)
  return {
    width,
    height,
    sources: VARIANT_FORMATS.map((f) => ({
      type: f.type,
      srcSet: widths.map((w) => `/media/${variantMediaId(hash, width, height, w, f.ext)} ${w}w`).join(', '),
    })),
  }
}

/** The media id a /media/ URL names (original or rendition), or null. */
export function mediaIdFromUrl(url: string | null | undefined): string | null {
  const m = url ? /^\/media\/([^/?#]+)$/.exec(url) : null
  return m && MEDIA_ID.test(m[1]) ? m[1] : null
}

/** Every file of an uploaded item shares the original's content hash (what delete and prune remove together). */
export const mediaItemPrefix = (id: string) => id.slice(0, 32)

/**
 * Alt text for an image: what the editor wrote, else the fallback (the post's title, the brand's name):
 * a lead or card image shows what the article is about, so it is not decorative.
 */
export const altText = (imageAlt: string | undefined | null, fallback: string) => (imageAlt?.trim() ? imageAlt.trim() : fallback)

/** `sizes` for each place an image appears (pages/styles/base.css and article.css: 1160 px container, grids of 3 and 4, 760 px article). */
export const IMAGE_SIZES = {
  featured: '(max-width: 900px) 100vw, 600px',
  card: '(max-width: 560px) 100vw, (max-width: 900px) 50vw, 370px',
  recommended: '(max-width: 560px) 100vw, (max-width: 900px) 50vw, 270px',
  articleLead: '(max-width: 792px) 100vw, 760px',
  banner: '(max-width: 1192px) 100vw, 1160px',
} as const
