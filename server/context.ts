import { randomBytes } from 'node:crypto'
import { openStore, type Store } from '../db/index.ts'
import { createRepositories } from '../db/repositories/index.ts'
import { createRegistry } from '../db/registry.ts'
import { timeStore } from '../db/timed-store.ts'
import { nextBoundary } from '../lib/offer-lifecycle.ts'
import { createAccounts } from './accounts/index.ts'
import { createAuth, registerAuthCollections } from './accounts/auth.ts'
import { createAttribution } from './attribution/index.ts'
import { createBrands } from './brands/index.ts'
import type { Config } from './config.ts'
import { createContent } from './content/index.ts'
import { createEditorial } from './editorial/index.ts'
import { createIpCountryDb, packagedDatabaseDir } from './geo/ip-country-db.ts'
import { createLogger, flushLogs, type Logger } from './logger.ts'
import { createMarkets } from './markets/index.ts'
import { createMedia } from './media/index.ts'
import { createMetrics } from './metrics.ts'
import { createAuditService } from './operations/audit.ts'
import { createOperations } from './operations/index.ts'
import { createPageDataCache } from './page-data.ts'
import { createRenderCache } from './render-cache.ts'
import { createSearch } from './search/index.ts'
import { baseHeaders } from './security-headers.ts'
import type { Wiring } from './wiring.ts'

/** 24 hex characters, like a MongoDB ObjectId, so ids look the same on either backend. */
/**
 * A new document id: 24 hex digits, the time in milliseconds then 48 random bits, so ids written together
 * sort together. Click records are inserted by the thousand: with random ids every insert dirtied a
 * random page of the primary-key index, and each group commit wrote dozens of pages to the WAL; in time
 * order they append (bench: /go, commit time per click about halved).
 */
export const newId = () => Date.now().toString(16).padStart(12, '0') + randomBytes(6).toString('hex')

/**
 * The composition root (docs/architecture.md): config → store → repositories → one call per capability.
 * The server, the CLI and the tests all start here. Capabilities are wired in the order they depend on
 * each other: media, markets, editorial (revisions, schedules, previews), brands, content, search,
 * attribution, accounts, operations.
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
  const repos = await createRepositories(store, registry)
  const auth = await createAuth(config, backend, repos.settings) // better-auth reaches into the backend's own driver
  registerAuthCollections(registry, auth)
  const secret = auth.options.secret!
  const renderCache = createRenderCache({
    maxBytes: config.renderCacheBytes,
    baseHeaders: baseHeaders(config),
    readVersion: () => repos.settings.contentVersion(),
    onError: (err) => log.error({ err }, 'render cache: content version check failed'),
    // an offer starting or ending changes pages with no write; nothing cached outlives it
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
  const w: Wiring = { store, repos, config, log, now, newId, audit, onChange, generation: () => renderCache.generation }

  const media = createMedia(w)
  const { markets } = await createMarkets(w)
  const editorial = createEditorial({ ...w, secret })
  const brands = createBrands(w, { media, editorial })
  const content = createContent(w, { media, editorial, markets, brands })
  const search = createSearch(w, { content, secret })
  const accounts = createAccounts(w, { auth })
  const attribution = createAttribution({
    repos,
    config,
    secret,
    limiter: accounts.limiter,
    alternatives: (brandId, country) => brands.brands.alternatives(brandId, country ?? null),
    generation: w.generation,
    markets: () => markets.list(),
    onCommit: metrics.observeClickCommit,
    audit,
    now,
    newId,
  })
  metrics.watch({ renderCache, tracker: attribution.tracker })
  const operations = createOperations(w, { registry, markets, content, media, pruneLog: attribution.postbacks.pruneLog })

  const services = {
    ...media,
    markets,
    ...editorial,
    ...brands,
    ...content,
    ...search,
    ...accounts,
    ...attribution,
    ...operations,
    audit,
    metrics,
    // what pages' +data hooks work out from content, once per content version (server/page-data.ts)
    pageData: createPageDataCache({ generation: w.generation }),
    // and every market's version of a path (hreflang), once per content version and path: its own, smaller
    // bound, as any address a visitor types is a key
    pageHead: createPageDataCache({ generation: w.generation, maxEntries: 2_000, maxBytes: 2 * 1024 * 1024 }),
    // compliance: geo-targeted offers (lib/geo.ts). Loaded once, on first use or by start.ts
    ipCountry: createIpCountryDb({
      dir: config.geoDb === 'packaged' ? packagedDatabaseDir() : (config.geoDb?.dir ?? null),
      onLoaded: (info) => log.info({ ms: Math.round(info.ms), segments: info.segments, bytes: info.bytes }, 'IP-to-country database loaded'),
      onError: (err) => log.error({ err }, 'IP-to-country database failed to load: every visitor counts as an unknown country'),
    }),
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
      await attribution.tracker.flush() // queued redirect clicks are written before the store closes
      await search.searchQueries.flush() // and counted searches
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
