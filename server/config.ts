import { isCurrencyCode } from '../lib/currencies.ts'
import { existsSync } from 'node:fs'
import * as z from 'zod'

/** pino's levels, as LOG_LEVEL takes them (the logger reads the parsed one from here). */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const
export type LogLevel = (typeof LOG_LEVELS)[number]

const emptyToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v)
const optionalString = z.preprocess(emptyToUndefined, z.string().optional())
const optionalUrl = z.preprocess(emptyToUndefined, z.url({ protocol: /^https?$/ }).optional())

/**
 * Issue 24 (docs/decisions/020-uniques-by-address.md): a network's clicks on one brand in one clock hour
 * past this many are suspect (a person clicks an offer a few times an hour; a script thousands), and its
 * views past this many in an hour are not counted (a reader opens a few dozen pages an hour at most).
 */
export const DEFAULT_CLICK_VELOCITY_LIMIT = 10
export const DEFAULT_VIEW_VELOCITY_LIMIT = 120

export const envSchema = z.object({
  NODE_ENV: z.preprocess(emptyToUndefined, z.enum(['development', 'production', 'test']).default('development')),
  PORT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(65535).default(3000)),
  HOST: z.preprocess(emptyToUndefined, z.string().default('127.0.0.1')),
  DATA_DIR: z.preprocess(emptyToUndefined, z.string().default('./data')),
  MONGODB_URI: z.preprocess(
    emptyToUndefined,
    z.string().regex(/^mongodb(\+srv)?:\/\//, 'must start with mongodb:// or mongodb+srv://').optional(),
  ),
  SITE_URL: z.preprocess(emptyToUndefined, z.url({ protocol: /^https?$/ }).optional()),
  AUTH_SECRET: optionalString,
  ADMIN_USERNAME: optionalString,
  ADMIN_PASSWORD: optionalString,
  SEED_DEMO: z.preprocess(emptyToUndefined, z.enum(['0', '1']).default('1')),
  AI_BASE_URL: optionalUrl,
  AI_API_KEY: optionalString,
  AI_MODEL: optionalString,
  AI_TIMEOUT_MS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(100).max(600_000).default(60_000)),
  UNSPLASH_ACCESS_KEY: optionalString,
  UNSPLASH_API_URL: z.preprocess(emptyToUndefined, z.url({ protocol: /^https?$/ }).default('https://api.unsplash.com')),
  POSTBACK_SECRET: optionalString,
  POSTBACK_ALIASES: optionalString,
  SIGNUP_LIMIT_PER_HOUR: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(100_000).default(5)),
  // issue 24: a network's clicks on one brand in an hour past this many are suspect; its views past this many are not counted
  CLICK_VELOCITY_LIMIT: z.preprocess(emptyToUndefined, z.coerce.number().int('must be a whole number of clicks').min(1).max(100_000).default(DEFAULT_CLICK_VELOCITY_LIMIT)),
  VIEW_VELOCITY_LIMIT: z.preprocess(emptyToUndefined, z.coerce.number().int('must be a whole number of views').min(1).max(100_000).default(DEFAULT_VIEW_VELOCITY_LIMIT)),
  // issue 13: revisions kept per post or brand page; how often each process publishes what is due
  REVISIONS_KEEP: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(1_000).default(50)),
  PUBLISH_CHECK_MS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(100).max(3_600_000).default(1_000)),
  // issue 21: the currency reports give revenue in; conversions are converted at their day's exchange rate
  REPORT_CURRENCY: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .transform((v) => v.trim().toUpperCase())
      .refine(isCurrencyCode, 'must be an ISO 4217 currency code such as EUR or USD')
      .default('EUR'),
  ),
  // how long a report's sums are reused (0: never; decision 018): a 90-day page report reads many counter rows
  /** rows of report sums kept between reports (each kept fresh by every write: server/attribution/figures.ts); 0 sums on every request */
  REPORT_CACHE_ROWS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(10_000_000).default(250_000)),
  POSTBACK_LOG_DAYS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(3650).default(30)),
  RENDER_CACHE_MB: z.preprocess(emptyToUndefined, z.coerce.number().min(0).max(4096).default(64)),
  // the link checker refuses loopback, private and link-local targets unless told this is an intranet
  LINK_CHECK_ALLOW_PRIVATE: z.preprocess(emptyToUndefined, z.enum(['0', '1']).default('0')),
  // how many reverse proxies stand in front: only their X-Forwarded-For entries can be believed
  TRUST_PROXY: z.preprocess(emptyToUndefined, z.coerce.number().int('must be a whole number of proxy hops').min(0).max(10).default(0)),
  LOG_LEVEL: z.preprocess(emptyToUndefined, z.enum(LOG_LEVELS).optional()),
  // one request line per N answers served from memory (cache hits, assets): 1 every one, 0 none
  REQUEST_LOG_HIT_SAMPLE: z.preprocess(emptyToUndefined, z.coerce.number().int('must be a whole number').min(0).max(1_000_000).optional()),
  // a bearer secret on a public route: long enough not to be guessed
  METRICS_TOKEN: z.preprocess(emptyToUndefined, z.string().min(16, 'must be at least 16 characters').optional()),
  // geo-targeting: the CDN's country header is believed only when named here (any client can send one)
  GEO_HEADER: z.preprocess(emptyToUndefined, z.string().regex(/^[A-Za-z0-9-]{1,64}$/, 'must be a header name such as cf-ipcountry').optional()),
  // and its region header (ISO 3166-2 subdivision: `ON`, or `CA-ON`), for markets that serve a region (issue 34)
  GEO_REGION_HEADER: z.preprocess(emptyToUndefined, z.string().regex(/^[A-Za-z0-9-]{1,64}$/, 'must be a header name such as cf-region-code').optional()),
  // IP-to-country database: 1 = the packaged one, 0 = none, or a directory holding the same CSV files
  GEO_DB: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .default('1')
      .refine((v) => v === '0' || v === '1' || existsSync(v), 'must be 0, 1 or an existing directory of ip-location-db country CSV files'),
  ),
  // Google Analytics 4, loaded in the browser only after the visitor accepts analytics (components/analytics.ts)
  GA_MEASUREMENT_ID: z.preprocess(emptyToUndefined, z.string().regex(/^G-[A-Z0-9]{4,20}$/, 'must be a GA4 measurement id such as G-ABC123XYZ9').optional()),
})

export type Env = z.infer<typeof envSchema>

export type Config = {
  env: Env['NODE_ENV']
  port: number
  host: string
  dataDir: string
  mongodbUri?: string
  siteUrl: string
  seedDemo: boolean
  /** open sign-ups allowed per client address per hour */
  signupLimitPerHour: number
  /** memory budget of the render cache */
  renderCacheBytes: number
  /** Trusted proxy hops in front of the server; 0 = X-Forwarded-For is ignored. */
  trustProxy: number
  /** The link checker may reach loopback and private addresses (intranet partners, tests). */
  linkCheckAllowPrivate: boolean
  /** `info` unless set; tests default to `error`, so they stay quiet but still show (and fail on) errors */
  logLevel: LogLevel
  /**
   * Answers served from memory (render-cache hits, built assets) get one request line in this many, each
   * marked `"sample":N`; 0 none, 1 every one. Every other request always has its line. 100 in production
   * (a line a hit was half a hit's CPU and hundreds of MB of log an hour under load), 1 elsewhere.
   */
  hitLogSample: number
  /** The trusted header carrying the visitor's country (lower-case), or none: then only the IP database decides. */
  geoHeader?: string
  /** The trusted header carrying the visitor's region (lower-case), or none: then markets match by country only. */
  geoRegionHeader?: string
  /** The IP-to-country database: 'packaged', a directory, or null (off). */
  geoDb: 'packaged' | { dir: string } | null
  /** GA4 measurement id: a public value the pages carry; its origins enter the CSP only when set */
  gaMeasurementId?: string
  raw: Env
}

export class ConfigError extends Error {}

/** The only place that reads the environment (docs/architecture.md, "Layers"). Fails fast with every field's problem. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(source)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`)
    throw new ConfigError(`Invalid environment:\n${lines.join('\n')}\nSee .env.example for every variable.`)
  }
  const env = parsed.data
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    dataDir: env.DATA_DIR,
    mongodbUri: env.MONGODB_URI,
    siteUrl: (env.SITE_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
    seedDemo: env.SEED_DEMO !== '0',
    signupLimitPerHour: env.SIGNUP_LIMIT_PER_HOUR,
    renderCacheBytes: Math.round(env.RENDER_CACHE_MB * 1024 * 1024),
    trustProxy: env.TRUST_PROXY,
    linkCheckAllowPrivate: env.LINK_CHECK_ALLOW_PRIVATE === '1',
    logLevel: env.LOG_LEVEL ?? (env.NODE_ENV === 'test' ? 'error' : 'info'),
    hitLogSample: env.REQUEST_LOG_HIT_SAMPLE ?? (env.NODE_ENV === 'production' ? 100 : 1),
    geoHeader: env.GEO_HEADER?.toLowerCase(),
    geoRegionHeader: env.GEO_REGION_HEADER?.toLowerCase(),
    geoDb: env.GEO_DB === '0' ? null : env.GEO_DB === '1' ? 'packaged' : { dir: env.GEO_DB },
    gaMeasurementId: env.GA_MEASUREMENT_ID,
    raw: env,
  }
}
