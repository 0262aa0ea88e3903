import type { BrandsRepository } from '../../db/repositories/brands.ts'
import type { ClicksRepository } from '../../db/repositories/clicks.ts'
import type { ConversionsRepository } from '../../db/repositories/conversions.ts'
import type { CountersRepository } from '../../db/repositories/counters.ts'
import type { ExchangeRatesRepository } from '../../db/repositories/exchange-rates.ts'
import type { LimitsRepository } from '../../db/repositories/limits.ts'
import type { PostsRepository } from '../../db/repositories/posts.ts'
import type { SettingsRepository } from '../../db/repositories/settings.ts'
import type { Market } from '../../lib/markets.ts'
import type { Config } from '../config.ts'
import type { AuditService } from '../operations/audit.ts'
import type { RateLimiter } from '../rate-limit.ts'
import type { BrandOffer } from '../../lib/schemas.ts'
import type { ClickMeta } from './click.ts'
import { createClicksService } from './clicks.ts'
import { createConversionImport } from './conversion-import.ts'
import { createConversionRecorder } from './conversions.ts'
import { createCurrencyService } from './currency.ts'
import { createFigures } from './figures.ts'
import { createLabels } from './labels.ts'
import { createPostbackService, parseAliases } from './postbacks.ts'
import { createReports } from './reports.ts'
import { createTracker } from './tracker.ts'

/**
 * Revenue attribution, wired once (docs/attribution.md): clicks and views believed and recorded
 * (tracker: trust, recorder, /go's redirect decision, beacons), conversions from postbacks and
 * programme CSVs through one recorder, exchange rates, and the reports that read the counters every
 * event adds (./counters.ts). Figures are defined once (./figures.ts).
 */
export function createAttribution(deps: {
  repos: { clicks: ClicksRepository; counters: CountersRepository; limits: LimitsRepository; brands: BrandsRepository; conversions: ConversionsRepository; exchangeRates: ExchangeRatesRepository; posts: PostsRepository; settings: SettingsRepository }
  config: Config
  secret: string
  limiter: RateLimiter
  /** the brands a visitor may see instead of one they may not (the brands capability) */
  alternatives: (brandId: string, country: ClickMeta['country']) => Promise<BrandOffer[]>
  generation: () => number
  markets: () => readonly Market[]
  onCommit?: (clicks: number, seconds: number) => void
  /** the audit log: every conversion and rates import is on it */
  audit: Pick<AuditService, 'record'>
  now: () => Date
  newId: () => string
}) {
  const { repos, now, newId } = deps
  const env = deps.config.raw
  const currency = createCurrencyService({ rates: repos.exchangeRates, reportCurrency: env.REPORT_CURRENCY, audit: deps.audit, now })
  // the reports' sums, kept fresh: every write this server makes is added to them as it lands (./figures.ts)
  const figures = createFigures({ counters: repos.counters, currency, version: () => repos.settings.countersVersion(), maxCachedRows: env.REPORT_CACHE_ROWS })
  const onCounted = figures.apply
  const tracker = createTracker({
    clicks: repos.clicks,
    counters: repos.counters,
    limits: repos.limits,
    brands: repos.brands,
    secret: deps.secret,
    now,
    newId,
    generation: deps.generation,
    alternatives: deps.alternatives,
    clickVelocityLimit: env.CLICK_VELOCITY_LIMIT,
    viewVelocityLimit: env.VIEW_VELOCITY_LIMIT,
    onCommit: deps.onCommit,
    onCounted,
  })
  // postbacks and programme CSV imports record conversions through one recorder
  const recorder = createConversionRecorder({ conversions: repos.conversions, clicks: repos.clicks, now, onCounted })
  const reports = createReports({ figures, currency, labels: createLabels({ posts: repos.posts, brands: repos.brands, markets: deps.markets }), brands: repos.brands, now })
  return {
    tracker,
    clicks: createClicksService({ clicks: repos.clicks, now, newId, tracker }),
    // every report: per page, placement, brand, country, device and market, day by day, in one currency
    reports,
    // a rates import changes every converted sum: the kept ones are summed again
    currency: { ...currency, import: async (text: string, filename: string) => {
      const done = await currency.import(text, filename)
      figures.invalidate()
      return done
    } },
    conversionImport: createConversionImport({ recorder, brandExists: async (id) => Boolean(await repos.brands.findById(id)), audit: deps.audit }),
    postbacks: createPostbackService({ conversions: repos.conversions, recorder, limiter: deps.limiter, secret: env.POSTBACK_SECRET, aliases: parseAliases(env.POSTBACK_ALIASES), logDays: env.POSTBACK_LOG_DAYS, now }),
  }
}
export type Attribution = ReturnType<typeof createAttribution>
