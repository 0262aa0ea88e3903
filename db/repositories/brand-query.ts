import type { VisitorCountry } from '../../lib/geo.ts'
import type { Filter } from '../port.ts'

/**
 * Which brands a read asks for, as data: the brands service and its visibility rules
 * (server/brands/visibility.ts) say what they want, and only here is it turned into the store's filter.
 * - `live`: published (lib/publishing.ts); every public read asks for it.
 * - `activeAt`: whose offer runs at that instant (lib/offer-lifecycle.ts isOfferActive, as a filter).
 * - `availableIn`: may be shown in that country (lib/geo.ts isAvailableIn, as a filter); null is an
 *   unknown country, which sees only brands shown everywhere.
 */
export type BrandQuery = { live?: boolean; activeAt?: Date; availableIn?: VisitorCountry }

/** The geo rule as a filter: the same answers as lib/geo.ts isAvailableIn (lib/geo.test.ts checks both on a store). */
export function availabilityFilter(country: VisitorCountry): Filter {
  const everywhere = { $and: [{ 'geo.allow': { $exists: false } }, { $or: [{ 'geo.deny': { $exists: false } }, { 'geo.deny': { $size: 0 } }] }] }
  if (!country) return everywhere
  return { $or: [everywhere, { 'geo.allow': country }, { 'geo.allow': { $exists: false }, 'geo.deny': { $exists: true, $nin: [country] } }] }
}

/** Brands whose offer runs at `now` (instants compare as text: one form, ISO UTC). */
export function activeOfferFilter(now: Date): Filter {
  const at = now.toISOString()
  return { $and: [{ $or: [{ validFrom: null }, { validFrom: { $lte: at } }] }, { $or: [{ validUntil: null }, { validUntil: { $gte: at } }] }] }
}

export function brandFilter(q: BrandQuery = {}): Filter {
  const parts: Filter[] = [
    ...(q.live ? [{ live: true }] : []),
    ...(q.activeAt ? [activeOfferFilter(q.activeAt)] : []),
    ...(q.availableIn !== undefined ? [availabilityFilter(q.availableIn)] : []),
  ]
  return parts.length === 0 ? {} : parts.length === 1 ? parts[0]! : { $and: parts }
}
