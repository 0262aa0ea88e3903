import { randomBytes } from 'node:crypto'
import { openStore, type Store } from '../db/index.ts'
import { createBrandsRepository } from '../db/repositories/brands.ts'
import { createClicksRepository } from '../db/repositories/clicks.ts'
import { createMediaRepository } from '../db/repositories/media.ts'
import { createPostsRepository } from '../db/repositories/posts.ts'
import type { Config } from './config.ts'
import { createRenderCache } from './render-cache.ts'
import { createBrandsService } from './services/brands.ts'
import { createClicksService } from './services/clicks.ts'
import { createContentService } from './services/content.ts'
import { createMediaService } from './services/media.ts'
import { createSeedService } from './services/seed.ts'

/** 24 hex characters, like a MongoDB ObjectId, so ids look the same on either backend. */
export const newId = () => randomBytes(12).toString('hex')

/**
 * The composition root (DESIGN.md, "Layers"): config → store → repositories → services.
 * The server and the CLI both start here.
 */
export async function createAppContext(config: Config, opts: { store?: Store; now?: () => Date } = {}) {
  const store = opts.store ?? (await openStore(config))
  const now = opts.now ?? (() => new Date())
  const repos = {
    posts: createPostsRepository(store),
    brands: createBrandsRepository(store),
    clicks: createClicksRepository(store),
    media: createMediaRepository(store),
  }
  for (const repo of Object.values(repos)) await repo.init()
  const renderCache = createRenderCache()
  const services = {
    content: createContentService({ posts: repos.posts }),
    brands: createBrandsService({ brands: repos.brands }),
    clicks: createClicksService({ clicks: repos.clicks, brands: repos.brands, now, newId }),
    media: createMediaService({ media: repos.media, now }),
    seed: createSeedService({ posts: repos.posts, brands: repos.brands, now, onChange: () => renderCache.clear() }),
  }
  return {
    config,
    store,
    repos,
    services,
    renderCache,
    async close() {
      await store.close()
    },
  }
}
export type AppContext = Awaited<ReturnType<typeof createAppContext>>
export type Services = AppContext['services']
