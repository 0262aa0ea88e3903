import type { Wiring } from '../wiring.ts'
import { createImageSearchService } from './image-search.ts'
import { createMediaLibraryService, createMediaService } from './service.ts'

/** Media, wired once (docs/media-library.md): uploads checked by their bytes and stored once, the library with where each item is used, and image search. */
export function createMedia(w: Wiring) {
  const { repos, audit, now } = w
  const env = w.config.raw
  return {
    media: createMediaService({ media: repos.media, audit, now }),
    mediaLibrary: createMediaLibraryService({ media: repos.media, posts: repos.posts, brands: repos.brands, revisions: repos.revisions, infoPages: repos.infoPages, siteSettings: repos.siteSettings, authors: repos.authors, audit, now }),
    imageSearch: createImageSearchService({
      media: repos.media,
      unsplash: env.UNSPLASH_ACCESS_KEY ? { accessKey: env.UNSPLASH_ACCESS_KEY, apiUrl: env.UNSPLASH_API_URL } : undefined,
    }),
  }
}
export type Media = ReturnType<typeof createMedia>
