import type { Store } from '../port.ts'
import type { Registry } from '../registry.ts'
import { createAuditRepository } from './audit.ts'
import { createAuthorsRepository } from './authors.ts'
import { createBrandsRepository } from './brands.ts'
import { createClicksRepository } from './clicks.ts'
import { createConversionsRepository } from './conversions.ts'
import { createCountersRepository } from './counters.ts'
import { createExchangeRatesRepository } from './exchange-rates.ts'
import { createInfoPagesRepository } from './info-pages.ts'
import { createLimitsRepository } from './limits.ts'
import { createLinkChecksRepository } from './link-checks.ts'
import { createMarketsRepository } from './markets.ts'
import { createMediaRepository } from './media.ts'
import { createPostsRepository } from './posts.ts'
import { createPostTrashRepository } from './post-trash.ts'
import { createRedirectsRepository } from './redirects.ts'
import { createRevisionsRepository } from './revisions.ts'
import { createSearchQueriesRepository } from './search-queries.ts'
import { createSettingsRepository } from './settings.ts'
import { createSiteSettingsRepository } from './site-settings.ts'

/** One repository per collection (or group), each registering its collections for backup and restore; `init` declares their indexes. */
export async function createRepositories(store: Store, registry: Registry) {
  const repos = {
    posts: createPostsRepository(store, registry),
    postTrash: createPostTrashRepository(store, registry),
    brands: createBrandsRepository(store, registry),
    clicks: createClicksRepository(store, registry),
    media: createMediaRepository(store, registry),
    conversions: createConversionsRepository(store, registry),
    linkChecks: createLinkChecksRepository(store, registry),
    settings: createSettingsRepository(store, registry),
    limits: createLimitsRepository(store, registry),
    siteSettings: createSiteSettingsRepository(store, registry),
    infoPages: createInfoPagesRepository(store, registry),
    authors: createAuthorsRepository(store, registry),
    audit: createAuditRepository(store, registry),
    revisions: createRevisionsRepository(store, registry),
    redirects: createRedirectsRepository(store, registry),
    counters: createCountersRepository(store, registry),
    exchangeRates: createExchangeRatesRepository(store, registry),
    searchQueries: createSearchQueriesRepository(store, registry),
    markets: createMarketsRepository(store, registry),
  }
  for (const repo of Object.values(repos)) await repo.init()
  return repos
}
export type Repositories = Awaited<ReturnType<typeof createRepositories>>
