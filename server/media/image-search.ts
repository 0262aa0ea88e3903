import type { ImageResult } from '../../lib/image-search.ts'
import type { MediaRepository } from '../../db/repositories/media.ts'
import { demoLibrary } from '../demo/images.ts'
import { AppError } from '../errors.ts'

export type { ImageResult }
/** `fallback`: nothing matched the words, so these are the whole library (the editor is told so) */
export type ImageSearchPage = { results: ImageResult[]; total_pages: number; fallback?: true }

/**
 * Image search for the admin (spec §7, GET /api/posts/fluximg): Unsplash's search API when a key is
 * configured, otherwise the product's own media library (uploads and demo images) by alt text and
 * file name. Same answer shape either way.
 */
export function createImageSearchService(deps: {
  media: MediaRepository
  unsplash?: { accessKey: string; apiUrl: string; timeoutMs?: number }
  fetch?: typeof fetch
}) {
  const doFetch = deps.fetch ?? fetch

  async function fromUnsplash(query: string, perPage: number, page: number): Promise<ImageSearchPage> {
    const { accessKey, apiUrl, timeoutMs = 10_000 } = deps.unsplash!
    const url = new URL('/search/photos', apiUrl)
    url.search = new URLSearchParams({ query, per_page: String(perPage), page: String(page) }).toString()
    let res: Response
    try {
      res = await doFetch(url, { headers: { Authorization: `Client-ID ${accessKey}`, 'Accept-Version': 'v1' }, signal: AbortSignal.timeout(timeoutMs) })
    } catch {
      throw new AppError('unavailable', 'Image search is unreachable right now')
    }
    if (!res.ok) throw new AppError('unavailable', `Image search failed (Unsplash answered ${res.status})`)
    const body = (await res.json()) as { total_pages?: number; results?: { id: string; urls?: Record<string, string>; alt_description?: string | null }[] }
    return {
      total_pages: Number(body.total_pages ?? 0),
      results: (body.results ?? [])
        .filter((r) => r.urls?.small && r.urls?.regular)
        .map((r) => ({ id: r.id, urls: { small: r.urls!.small, regular: r.urls!.regular }, alt_description: r.alt_description ?? '' })),
    }
  }

  async function fromLibrary(query: string, perPage: number, page: number): Promise<ImageSearchPage> {
    const uploads = (await deps.media.list()).map((m) => ({ id: m._id, url: `/media/${m._id}`, alt: m.alt, filename: m.filename }))
    const words = query.toLowerCase().split(/\s+/).filter(Boolean)
    const all = [...uploads, ...demoLibrary]
    const matches = all.filter((m) => {
      const hay = `${m.alt} ${m.filename}`.toLowerCase()
      return words.some((w) => hay.includes(w))
    })
    // a query that matches nothing (the default 'game', say) still shows the library, so there is always something to pick
    const pool = matches.length ? matches : all
    const start = (page - 1) * perPage
    return {
      total_pages: Math.ceil(pool.length / perPage),
      ...(matches.length ? {} : { fallback: true as const }),
      results: pool.slice(start, start + perPage).map((m) => ({ id: m.id, urls: { small: m.url, regular: m.url }, alt_description: m.alt })),
    }
  }

  return {
    source: deps.unsplash ? ('unsplash' as const) : ('library' as const),
    search(query: string, perPage: number, page: number) {
      return deps.unsplash ? fromUnsplash(query, perPage, page) : fromLibrary(query, perPage, page)
    },
  }
}
export type ImageSearchService = ReturnType<typeof createImageSearchService>
