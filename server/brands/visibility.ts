import type { BrandQuery } from '../../db/repositories/brand-query.ts'
import { type GeoRule, isAvailableIn, type VisitorCountry } from '../../lib/geo.ts'
import { brandUnderRules, DEFAULT_MARKET, type Market, mayList, offerUnderRules, rowUnderRules } from '../../lib/markets.ts'
import { type OfferState, offerState, type OfferWindow } from '../../lib/offer-lifecycle.ts'
import { isLive, type Publishing } from '../../lib/publishing.ts'

/**
 * "May this visitor see this brand, and in what shape": decided here, once, for every path that shows a
 * brand — offer lists, the directory, brand pages, comparison tables, search, suggestions, the 404
 * page, the sitemap, /go and recorded clicks. A path asks this module; it never combines the rules
 * itself.
 *
 * A brand is shown to an audience (a visitor's country, the market of the page, the time) when it is
 * published, available in the country (its geo rule, lib/geo.ts), licensed for the market (the market's
 * rules, lib/markets.ts mayList) and its offer runs now (lib/offer-lifecycle.ts). What is shown of it is
 * the market's shaping of it (no bonus where inducements are barred, the market's age mark…), applied
 * as brand data leaves the brands service (`shape`).
 */
export type Audience = {
  /** the visitor's country (null: unknown, which sees only brands shown everywhere); undefined: any country (the sitemap) */
  country: VisitorCountry | undefined
  market: Market
  now: Date
}

/** What a brand needs for the decision: its status, geo rule, offer window, licences and terms. */
export type VisibleBrand = Publishing & OfferWindow & { geo?: GeoRule | null; facts?: { licences?: { regulator: string }[] } | null; termsSummary?: string }

export type Visibility = {
  /** published (a draft or scheduled brand is shown to nobody) */
  live: boolean
  /** may be shown in the visitor's country */
  available: boolean
  /** the market's rules list it (licence, terms) */
  licensed: boolean
  /** its offer runs now, has not started, or has ended */
  offer: OfferState
  /** all of the above: it may be listed and its offer shown */
  shown: boolean
}

export function visibleTo(brand: VisibleBrand, audience: Audience): Visibility {
  const live = isLive(brand)
  const available = audience.country === undefined || isAvailableIn(brand.geo ?? undefined, audience.country)
  const licensed = mayList(brand, audience.market)
  const offer = offerState(brand, audience.now)
  return { live, available, licensed, offer, shown: live && available && licensed && offer === 'active' }
}

/**
 * The same decision as a store query for lists (published, offer running, available in the country);
 * the market's licence rules are applied to what it reads (`listedIn`): a site lists hundreds of brands.
 */
export const listingQuery = (audience: Pick<Audience, 'country' | 'now'>): BrandQuery => ({ live: true, activeAt: audience.now, ...(audience.country === undefined ? {} : { availableIn: audience.country }) })

/** Does a market list fewer brands than the country alone would (a licence or terms it requires)? */
export const restricts = (market: Market) => market.rules.licensedBy.length > 0 || market.rules.requireTerms

/** The brands of a list the market's rules allow. */
export const listedIn = <B extends VisibleBrand>(brands: B[], market: Market): B[] => (restricts(market) ? brands.filter((b) => mayList(b, market)) : brands)

/** A brand, its offer or a comparison row as the audience's market allows it to be shown (lib/markets.ts). */
export const shape = {
  offer: offerUnderRules,
  brand: brandUnderRules,
  row: rowUnderRules,
}

export { DEFAULT_MARKET }
