import { createHash } from 'node:crypto'
import type { MediaRepository } from '../../db/repositories/media.ts'
import { MEDIA_ID_PATTERN, originalMediaId, variantMediaId } from '../../lib/images.ts'
import { AppError, notFound } from '../errors.ts'
import { makeRenditions } from '../images/renditions.ts'

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024

/** The image type the bytes themselves say, or null. SVG is refused: it can carry script. */
export function sniffImageType(b: Uint8Array): string | null {
  const at = (i: number, s: string) => [...s].every((ch, k) => b[i + k] === ch.charCodeAt(0))
  if (b.length >= 8 && b[0] === 0x89 && at(1, 'PNG') && b[4] === 0x0d && b[5] === 0x0a) return 'image/png'
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg'
  if (b.length >= 6 && (at(0, 'GIF87a') || at(0, 'GIF89a'))) return 'image/gif'
  if (b.length >= 12 && at(0, 'RIFF') && at(8, 'WEBP')) return 'image/webp'
  if (b.length >= 12 && at(4, 'ftyp') && (at(8, 'avif') || at(8, 'avis'))) return 'image/avif'
  return null
}

/**
 * A client's declared type, comparable with a sniffed one: lower-case, without parameters, image/jpg
 * read as image/jpeg. Nothing (or application/octet-stream, what clients send for "unknown") declares nothing.
 */
export function declaredImageType(type: string | undefined): string | undefined {
  const t = type?.split(';')[0].trim().toLowerCase()
  if (!t || t === 'application/octet-stream') return undefined
  return t === 'image/jpg' || t === 'image/pjpeg' ? 'image/jpeg' : t
}

const EXT: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/avif': 'avif',
}

export function createMediaService(deps: { media: MediaRepository; now: () => Date }) {
  return {
    /**
     * Checks the bytes and size, stores them once, and answers the URL pages should use. The type is the
     * bytes' own; a type the client declared only refuses a mismatch (a file name is never consulted).
     */
    async saveImage(bytes: Uint8Array, info: { filename?: string; alt?: string; declaredType?: string } = {}) {
      if (bytes.byteLength > MAX_IMAGE_BYTES) throw new AppError('payload_too_large', 'Image is larger than 5 MB')
      const contentType = sniffImageType(bytes)
      if (!contentType) throw new AppError('unsupported_media_type', 'Only PNG, JPEG, GIF, WebP or AVIF images are accepted')
      const declared = declaredImageType(info.declaredType)
      if (declared && declared !== contentType)
        throw new AppError('unsupported_media_type', `The image says it is ${declared}, but its bytes are ${contentType}`)
      const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 32)
      // decoded before anything is written: unreadable bytes or a decompression bomb store nothing
      const { width, height, variants } = await makeRenditions(bytes, EXT[contentType])
      const id = originalMediaId(hash, width, height, EXT[contentType])
      const createdAt = deps.now()
      const refs = variants.map((v) => ({ id: variantMediaId(hash, width, height, v.width, v.ext), width: v.width, height: v.height, contentType: v.contentType }))
      // renditions first: an original on record always has its renditions (an interrupted upload leaves
      // only unreferenced renditions, which the same upload again completes)
      for (const [i, v] of variants.entries())
        await deps.media.put({
          _id: refs[i].id,
          contentType: v.contentType,
          size: v.bytes.byteLength,
          data: Buffer.from(v.bytes).toString('base64'),
          filename: refs[i].id,
          alt: '',
          createdAt,
          width: v.width,
          height: v.height,
          variantOf: id,
        })
      const { created } = await deps.media.put({
        _id: id,
        contentType,
        size: bytes.byteLength,
        data: Buffer.from(bytes).toString('base64'),
        filename: info.filename ?? id,
        alt: info.alt ?? '',
        createdAt,
        width,
        height,
        variants: refs,
      })
      return { id, url: `/media/${id}`, contentType, created }
    },

    /** Removes an image's bytes and its renditions; the caller has checked that nothing uses it any more. */
    async remove(id: string) {
      const doc = await deps.media.findById(id)
      for (const v of doc?.variants ?? []) await deps.media.remove(v.id)
      return deps.media.remove(id)
    },

    async getOrThrow(id: string) {
      const doc = MEDIA_ID_PATTERN.test(id) ? await deps.media.findById(id) : null
      if (!doc) throw notFound('Media not found')
      return { bytes: Buffer.from(doc.data, 'base64'), contentType: doc.contentType }
    },
  }
}
export type MediaService = ReturnType<typeof createMediaService>
