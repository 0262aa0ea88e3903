import { randomBytes } from 'node:crypto'
import { openStore, type Store } from '../db/index.ts'
import { createAuditRepository } from '../db/repositories/audit.ts'
import { createAuthorsRepository } from '../db/repositories/authors.ts'
import { createMarketsRepository } from '../db/repositories/markets.ts'
import { createMarketsService } from './markets/service.ts'
import { createBrandsRepository } from '../db/repositories/brands.ts'
import { createClicksRepository } from '../db/repositories/clicks.ts'
import { createConversionsRepository } from '../db/repositories/conversions.ts'
import { createInfoPagesRepository } from '../db/repositories/info-pages.ts'
import { createLimitsRepository } from '../db/repositories/limits.ts'
import { createLinkChecksRepository } from '../db/repositories/link-checks.ts'
import { createMediaRepository } from '../db/repositories/media.ts'
import { createPostsRepository } from '../db/repositories/posts.ts'
import { createCountersRepository } from '../db/repositories/counters.ts'
import { createExchangeRatesRepository } from '../db/repositories/exchange-rates.ts'
import { createRedirectsRepository } from '../db/repositories/redirects.ts'
import { createSearchQueriesRepository } from '../db/repositories/search-queries.ts'
import { createRevisionsRepository } from '../db/repositories/revisions.ts'
import { createSettingsRepository } from '../db/repositories/settings.ts'
import { createSiteSettingsRepository } from '../db/repositories/site-settings.ts'
import { createRegistry } from '../db/registry.ts'
import { timeStore } from '../db/timed-store.ts'
import { createAuth, registerAuthCollections } from './accounts/auth.ts'
import type { Config } from './config.ts'
import { createLogger, flushLogs, type Logger } from './logger.ts'
import { createMetrics } from './metrics.ts'
import { createRateLimiter } from './rate-limit.ts'
import { baseHeaders } from './security-headers.ts'
import { createRenderCache } from './render-cache.ts'
import { nextBoundary } from '../lib/offer-lifecycle.ts'
import { createIpCountryDb, packagedDatabaseDir } from './geo/ip-country-db.ts'
import { createAuditService } from './operations/audit.ts'
import { createAuthorsService } from './content/authors.ts'
import { createBackupService } from './operations/backup.ts'
import { createBrandAdminService } from './brands/admin.ts'
import { createBrandsService } from './brands/service.ts'
import { createClicksService } from './attribution/clicks.ts'
import { createContentService } from './content/articles.ts'
import { createCountryProfiles } from './brands/country-profiles.ts'
import { createFeedsService } from './content/feeds.ts'
import { createAiWriter } from './content/ai-writer.ts'
import { createImageSearchService } from './media/image-search.ts'
import { createInfoPagesService } from './content/info-pages.ts'
import { createMediaLibraryService, createMediaService } from './media/service.ts'
import { createPostsService } from './content/posts.ts'
import { createSeedService } from './operations/seed.ts'
import { createSitemapService } from './content/sitemaps.ts'
import { createSiteSettingsService } from './content/site-settings.ts'
import { createLinkChecker } from './brands/link-check.ts'
import { createConversionImport } from './attribution/conversion-import.ts'
import { createConversionRecorder } from './attribution/conversions.ts'
import { createCurrencyService } from './attribution/currency.ts'
import { createEarningsService } from './attribution/earnings.ts'
import { createPostbackService, parseAliases } from './attribution/postbacks.ts'
import { createReportsService } from './attribution/reports.ts'
import { createRevisionsService } from './content/revisions.ts'
import { createScheduler } from './content/scheduler.ts'
import { createPreviewLinks } from './content/preview.ts'
import { createSearchService } from './search/service.ts'
import { createSearchQueries } from './search/queries.ts'
import { createNotFoundService } from './search/not-found.ts'
import { createTracker } from './attribution/tracker.ts'
import { createTransferService } from './operations/transfer.ts'
import { createUsersService } from './accounts/users.ts'

/** 24 hex characters, like a MongoDB ObjectId, so ids look the same on either backend. */
/**
 * A new document id: 24 hex digits, the time in milliseconds then 48 random bits, so ids written together
 * sort together. Click records are inserted by the thousand: with random ids every insert dirtied a
 * random page of the primary-key index, and each group commit wrote dozens of pages to the WAL; in time
 * order they append (bench: /go, commit time per click about halved).
 */
export const newId = () => Date.now().toString(16).padStart(12, '0') + randomBytes(6).toString('hex')

/**
 * The composition root (docs/architecture.md, "Layers"): config → store → repositories → services.
 * The server and the CLI both start here.
 */
export async function createAppContext(config: Config, opts: { store?: Store; now?: () => Date; log?: Logger } = {}) {
  const log = opts.log ?? createLogger(config)
  const metrics = createMetrics({ token: config.raw.METRICS_TOKEN })
  const backend = opts.store ?? (await openStore(config))
  // every store call timed by operation and collection, on either backend, when metrics are on
  const store = metrics.observeStore ? timeStore(backend, metrics.observeStore) : backend
  const now = opts.now ?? (() => new Date())
  // each repository registers its collections here; backup and restore walk it
  const registry = createRegistry(store)
  const repos = {
    posts: createPostsRepository(store, registry),
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
  const auth = await createAuth(config, backend, repos.settings) // better-auth reaches into the backend's own driver
  registerAuthCollections(registry, auth)
  const renderCache = createRenderCache({
    maxBytes: config.renderCacheBytes,
    baseHeaders: baseHeaders(config),
    readVersion: () => repos.settings.contentVersion(),
    onError: (err) => log.error({ err }, 'render cache: content version check failed'),
    // issue 22: an offer starting or ending changes pages with no write; nothing cached outlives it
    readExpiry: async () => nextBoundary(await repos.brands.upcomingEdges(now()), now()),
    contentNow: () => now().getTime(),
  })
  // every content write: this process's cache at once, every other process's within a second
  const pending = new Set<Promise<unknown>>()
  const onChange = () => {
    renderCache.clear()
    const bump = repos.settings
      .bumpContentVersion()
      .catch((err) => log.error({ err }, 'content version bump failed'))
      .finally(() => pending.delete(bump))
    pending.add(bump)
  }
  // every write appends an entry, through the service that made it (docs/decisions/012-audit-log.md)
  const audit = createAuditService({ audit: repos.audit, now, log })
  const media = createMediaService({ media: repos.media, audit, now })
  // every save of a post or brand page keeps a revision (docs/decisions/013-drafts-and-revisions.md)
  const revisions = createRevisionsService({ revisions: repos.revisions, keep: config.raw.REVISIONS_KEEP, now, log })
  const mediaLibrary = createMediaLibraryService({ media: repos.media, posts: repos.posts, brands: repos.brands, revisions: repos.revisions, infoPages: repos.infoPages, siteSettings: repos.siteSettings, authors: repos.authors, audit, now })
  const env = config.raw
  const tracker = createTracker({
    clicks: repos.clicks,
    counters: repos.counters,
    limits: repos.limits,
    brands: repos.brands,
    secret: auth.options.secret!,
    now,
    newId,
    generation: () => renderCache.generation,
    clickVelocityLimit: env.CLICK_VELOCITY_LIMIT,
    viewVelocityLimit: env.VIEW_VELOCITY_LIMIT,
    onCommit: metrics.observeClickCommit,
  })
  metrics.watch({ renderCache, tracker })
  const limiter = createRateLimiter({ limits: repos.limits, now })
  const content = createContentService({ posts: repos.posts, generation: () => renderCache.generation, markets: () => services.markets.list() })
  // postbacks and programme CSV imports record conversions through one recorder (issue 21)
  const conversionRecorder = createConversionRecorder({ conversions: repos.conversions, clicks: repos.clicks, now })
  const brands = createBrandsService({ brands: repos.brands, now })
  const reports = createReportsService({ clicks: repos.clicks, brands: repos.brands, now })
  const currency = createCurrencyService({ rates: repos.exchangeRates, reportCurrency: env.REPORT_CURRENCY, now })
  // what readers search for (issue 26): counted in memory, written in batches
  const searchQueries = createSearchQueries({ repo: repos.searchQueries, now, onError: (err) => log.error({ err }, 'search statistics: a batch was not written') })
  const search = createSearchService({ posts: repos.posts, brands: repos.brands, generation: () => renderCache.generation, onSearch: searchQueries.noteOutcome, now, marketKeys: content.marketKeysFor })
  const infoPages = createInfoPagesService({ infoPages: repos.infoPages, audit, now, onChange, siteUrl: config.siteUrl })
  // issue 22: who wrote and who reviewed each article, with a page of their own
  // issue 23: markets with their URL prefixes and offer rules, kept in memory for routing
  const markets = createMarketsService({ markets: repos.markets, audit, now, onChange, generation: () => renderCache.generation })
  await markets.load()
  const authors = createAuthorsService({ authors: repos.authors, posts: repos.posts, redirects: repos.redirects, store, media, audit, newId, now, onChange })
  const services = {
    content,
    feeds: createFeedsService({ posts: repos.posts, siteUrl: config.siteUrl }),
    sitemaps: createSitemapService({ posts: repos.posts, brands: repos.brands, content, directory: brands, info: infoPages, authors, siteUrl: config.siteUrl, markets: () => markets.list() }),
    search,
    searchQueries,
    // the 404 page's help (issue 26): suggestions and offers from search's memory, popular articles kept a while
    notFound: createNotFoundService({ search, posts: repos.posts, counters: repos.counters, now, generation: () => renderCache.generation }),
    limiter,
    brands,
    brandAdmin: createBrandAdminService({ brands: repos.brands, posts: repos.posts, media, usedBy: mediaLibrary.usedBy, audit, revisions, now, onChange }),
    clicks: createClicksService({ clicks: repos.clicks, now, newId, tracker }),
    tracker,
    reports,
    // issue 21: earnings per page, placement and brand × country × device, money in one currency, programme CSVs
    currency,
    earnings: createEarningsService({ counters: repos.counters, currency, posts: repos.posts, brands: repos.brands, range: reports.range, now, ttlMs: env.REPORT_CACHE_SECONDS * 1000 }),
    conversionImport: createConversionImport({ recorder: conversionRecorder, brandExists: async (id) => Boolean(await repos.brands.findById(id)) }),
    links: createLinkChecker({ brands: repos.brands, linkChecks: repos.linkChecks, audit, now, allowPrivate: config.linkCheckAllowPrivate }),
    postbacks: createPostbackService({
      conversions: repos.conversions,
      recorder: conversionRecorder,
      limiter,
      secret: env.POSTBACK_SECRET,
      aliases: parseAliases(env.POSTBACK_ALIASES),
      logDays: env.POSTBACK_LOG_DAYS,
      now,
    }),
    media,
    mediaLibrary,
    posts: createPostsService({ posts: repos.posts, authorExists: authors.exists, marketExists: (key) => markets.list().some((m) => m.key === key), store, redirects: repos.redirects, revisionsRepo: repos.revisions, media, audit, revisions, now, onChange }),
    revisions,
    previewLinks: createPreviewLinks({ secret: auth.options.secret!, now }),
    scheduler: createScheduler({ posts: repos.posts, brands: repos.brands, audit, revisions, now, onChange, log }),
    imageSearch: createImageSearchService({
      media: repos.media,
      unsplash: env.UNSPLASH_ACCESS_KEY ? { accessKey: env.UNSPLASH_ACCESS_KEY, apiUrl: env.UNSPLASH_API_URL } : undefined,
    }),
    ai: createAiWriter({ baseUrl: env.AI_BASE_URL, apiKey: env.AI_API_KEY, model: env.AI_MODEL, timeoutMs: env.AI_TIMEOUT_MS }),
    siteSettings: createSiteSettingsService({ siteSettings: repos.siteSettings, audit, now, onChange }),
    seed: createSeedService({ posts: repos.posts, brands: repos.brands, authors: repos.authors, markets, infoPages, media, audit, now, onChange }),
    infoPages,
    authors,
    markets,
    audit,
    users: createUsersService({ auth, audit }),
    maintenance: {
      /** Drops what the collections' declared expiry ends (limit counters and claims; MongoDB's TTL indexes do it by themselves) and old postback log entries. */
      async run() {
        return { expired: await registry.pruneExpired(now()), postbackLog: await services.postbacks.pruneLog() }
      },
    },
    health: {
      /** A read that needs the store to answer (readiness). */
      checkStore: () => repos.settings.contentVersion(),
    },
    transfer: createTransferService({ store, posts: repos.posts, brands: repos.brands, authors: repos.authors, media: repos.media, audit, now, onChange }),
    backup: createBackupService({ store, registry, audit, onChange }),
    metrics,
    // compliance: geo-targeted offers (lib/geo.ts). Loaded once, on first use or by start.ts
    ipCountry: createIpCountryDb({
      dir: config.geoDb === 'packaged' ? packagedDatabaseDir() : (config.geoDb?.dir ?? null),
      onLoaded: (info) => log.info({ ms: Math.round(info.ms), segments: info.segments, bytes: info.bytes }, 'IP-to-country database loaded'),
      onError: (err) => log.error({ err }, 'IP-to-country database failed to load: every visitor counts as an unknown country'),
    }),
    countryProfiles: createCountryProfiles({ brands: repos.brands, generation: () => renderCache.generation }),
  }
  return {
    config,
    store,
    registry,
    auth,
    repos,
    services,
    renderCache,
    log,
    async close() {
      await tracker.flush() // queued redirect clicks are written before the store closes
      await searchQueries.flush() // and counted searches
      await Promise.all(pending) // a CLI command exits right after its write: let other processes hear of it
      await store.close()
      await flushLogs(log) // the last lines (the shutdown's own included) reach stdout before exit
    },
  }
}
export type AppContext = Awaited<ReturnType<typeof createAppContext>>

/** What every start does, server or dev: the default info pages, demo content into an empty store, and the env's admin. */
export async function bootstrap(ctx: AppContext, log: (line: string) => void = console.log) {
  // the default info pages (privacy, terms…) into every store, old ones too: the footer links to them
  const created = await ctx.services.infoPages.ensureDefaults()
  if (created.length) log(`Created default info pages: ${created.join(', ')}.`)
  if (ctx.config.seedDemo && (await ctx.services.seed.isEmpty())) {
    const seeded = await ctx.services.seed.seedDemo()
    log(`Seeded demo content: ${seeded.posts} posts, ${seeded.brands} brand pages, ${seeded.authors} authors.`)
  }
  const { ADMIN_USERNAME, ADMIN_PASSWORD } = ctx.config.raw
  if (ADMIN_USERNAME && ADMIN_PASSWORD) {
    await ctx.services.users.ensureAdmin(ADMIN_USERNAME, ADMIN_PASSWORD)
    log(`Admin account "${ADMIN_USERNAME.toLowerCase()}" is ready.`)
  } else if (ADMIN_USERNAME || ADMIN_PASSWORD) {
    log('ADMIN_USERNAME and ADMIN_PASSWORD must be set together; no admin account was created.')
  }
}
export type Services = AppContext['services']
