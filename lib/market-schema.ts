import * as z from 'zod'
import { isCountryCode } from './countries.ts'
import { isCurrencyCode } from './currencies.ts'
import { DEFAULT_MARKET, type Market } from './markets.ts'

/**
 * What a market may be (issue 23): the rules for the admin's market settings, the API and the CLI. A bad
 * field is a 400 that names it and changes nothing.
 */

/**
 * First path segments the site already answers (pages, API, tracking, feeds): a market's prefix may not
 * take one, or it would hide that route. Checked again at start against the app's own route table
 * (server/app.ts), so a new route cannot silently clash with a stored market.
 */
export const RESERVED_SEGMENTS = new Set([
  'api', 'go', 'media', 'metrics', 'preview', 'assets', 'article', 'articles', 'brands', 'tag', 'search', 'info', 'author',
  'admin', 'adminmarket', 'login', 'signup', 'feed', 'rss', 'sitemap', 'sitemaps', 'robots.txt', 'favicon.svg', 'default',
])

const plain = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `must be at most ${max} characters`)
    .refine((v) => !/[\u0000-\u001f\u007f<>]/.test(v), { message: 'must be plain text on one line' })

/** A BCP 47 language tag, in its canonical spelling (`de-de` → `de-DE`); Intl decides what is well-formed. */
export const languageTagSchema = z
  .string()
  .trim()
  .min(2, 'must be a BCP 47 language tag such as en-GB or de-DE')
  .max(35)
  .transform((v, ctx) => {
    try {
      const [canonical] = Intl.getCanonicalLocales(v)
      if (canonical) return canonical
    } catch {}
    ctx.addIssue({ code: 'custom', message: 'must be a BCP 47 language tag such as en-GB or de-DE' })
    return z.NEVER
  })

/** A country (`CA`) or, where a CDN tells the region, an ISO 3166-2 subdivision (`CA-ON`). */
const placeSchema = z
  .string()
  .trim()
  .transform((v) => v.toUpperCase())
  .refine((v) => (/^[A-Z]{2}$/.test(v) ? isCountryCode(v) : /^[A-Z]{2}-[A-Z0-9]{1,3}$/.test(v) && isCountryCode(v.slice(0, 2))), {
    message: 'must be an ISO 3166-1 country (GB) or an ISO 3166-2 region (CA-ON)',
  })

export const offerRulesSchema = z.strictObject({
  showBonuses: z.boolean(),
  noBonusText: plain(120).pipe(z.string().min(1, 'say what stands where a bonus would, e.g. Visit the site for current offers')),
  licensedBy: z.array(plain(100).pipe(z.string().min(1))).max(10).default([]),
  saferGamblingLine: plain(200).default(''),
  requireTerms: z.boolean().default(false),
})

export const marketKeySchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z]{2}(-[a-z0-9]{2,3})?$/, 'must be a short lower-case code such as uk, ie, ca-on or de: it becomes the URL prefix /uk')
  .refine((k) => !RESERVED_SEGMENTS.has(k), { message: 'is an address the site already uses: pick another prefix' })

export const marketInputSchema = z.strictObject({
  key: marketKeySchema,
  name: plain(80).pipe(z.string().min(1, 'is required')),
  countries: z.array(placeSchema).min(1, 'list at least one country or region this market serves').max(50).transform((c) => [...new Set(c)]),
  language: languageTagSchema,
  currency: z
    .string()
    .trim()
    .toUpperCase()
    .refine(isCurrencyCode, { message: 'must be an ISO 4217 currency code such as GBP or EUR' }),
  minimumAge: z.number().int().min(18, 'must be 18 or more').max(25),
  helpCountry: z
    .string()
    .trim()
    .toUpperCase()
    .refine((v) => v === '' || isCountryCode(v), { message: 'must be an ISO 3166-1 country code, or empty for the international help set' })
    .default(''),
  legalPages: z.array(z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'must be info-page slugs such as terms-ontario')).max(10).default([]),
  rules: offerRulesSchema,
  listsSharedArticles: z.boolean().default(true),
})
export type MarketInput = z.input<typeof marketInputSchema>

/** A stored market (backups check these). */
export const storedMarketSchema = marketInputSchema.extend({ _id: z.string(), createdAt: z.string(), updatedAt: z.string() })

export const isDefaultKey = (key: string) => key === DEFAULT_MARKET.key

export type { Market }
