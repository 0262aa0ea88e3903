import { formatNumber } from './format.ts'

/**
 * The one image limit (issue 25): the server refuses past it (server/media/service.ts), the admin's
 * pickers check a file against it when it is picked, and the docs quote it.
 */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024
export const MAX_IMAGE_MEGAPIXELS = 40
/** What the media library stores (checked by the bytes on the server; SVG can carry script). */
export const ACCEPTED_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif', 'image/avif'] as const
export const ACCEPTED_IMAGE_NAMES = 'PNG, JPEG, WebP, GIF or AVIF'

/** "47.2 MB", "512 KB": sizes as people read them. */
export function formatBytes(n: number): string {
  if (n >= 1024 * 1024) return `${formatNumber(n / (1024 * 1024), { maximumFractionDigits: 1 })} MB`
  return `${formatNumber(Math.max(1, Math.round(n / 1024)))} KB`
}

/** What is wrong with a picked file before it is sent, or null: its type (by what the browser says), then its size. */
export function pickedImageProblem(file: { type: string; size: number; name: string }): { kind: 'type' | 'size'; message: string } | null {
  if (file.type === 'image/svg+xml' || /\.svg$/i.test(file.name)) return { kind: 'type', message: `SVG images are not accepted (they can carry script): use ${ACCEPTED_IMAGE_NAMES}.` }
  if (!(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type)) return { kind: 'type', message: `“${file.name}” is not an image the site takes: use ${ACCEPTED_IMAGE_NAMES}.` }
  if (file.size > MAX_IMAGE_BYTES) return { kind: 'size', message: `“${file.name}” is ${formatBytes(file.size)}; images can be at most ${formatBytes(MAX_IMAGE_BYTES)}.` }
  return null
}
