/**
 * Which media library items a record uses: every `/media/<id>` in any of its strings (a lead image, an
 * image or link inside the text, a brand's CDN field, a site path or an absolute URL to this site) and
 * every `mediaId` field (brand images as stored). The whole record is walked, so a field added later
 * (alt text, image variants, a new section kind) is covered without a list to keep up to date. A URL
 * that only looks like ours (another site's `/media/…`) keeps an item: a false match never loses one.
 */
/**
 * A media id: the bytes' hash, then (uploads since renditions: docs/decisions/015-responsive-images.md)
 * the original's size, and for a rendition its width: `<hash>.png`, `<hash>-1200x630.jpg`,
 * `<hash>-1200x630-480w.avif`. A rendition names its original in `variantOf`, so a reference to one
 * counts as a use of the original.
 */
export const MEDIA_ID_PATTERN = '[a-f0-9]{32}(?:-[1-9]\\d{0,4}x[1-9]\\d{0,4}(?:-[1-9]\\d{0,4}w)?)?\\.[a-z]{3,4}'
// pure: a browser bundle that imports only the pattern (lib/images.ts) drops these
const IN_TEXT = /* @__PURE__ */ new RegExp(`/media/(${MEDIA_ID_PATTERN})`, 'g')
const WHOLE_ID = /* @__PURE__ */ new RegExp(`^${MEDIA_ID_PATTERN}$`)

export function mediaRefsOf(value: unknown): string[] {
  const found = new Set<string>()
  const walk = (v: unknown, key: string | null, depth: number) => {
    if (depth > 32) return
    if (typeof v === 'string') {
      if (key === 'mediaId' && WHOLE_ID.test(v)) found.add(v)
      for (const m of v.matchAll(IN_TEXT)) found.add(m[1])
    } else if (Array.isArray(v)) for (const x of v) walk(x, null, depth + 1)
    else if (v && typeof v === 'object' && !(v instanceof Date)) for (const [k, x] of Object.entries(v)) walk(x, k, depth + 1)
  }
  walk(value, null, 0)
  return [...found].sort()
}

/**
 * Where a media item is used, as the media library shows it. A `revision` is a kept version of a post or
 * brand page (`id` is `post:<id>` or `brand:<id>`): its images stay while it may be restored. An
 * `author`'s id is its slug (its page's address).
 */
export type MediaUse = { kind: 'post' | 'brand' | 'info-page' | 'site-setting' | 'revision' | 'author'; id: string; title: string }
