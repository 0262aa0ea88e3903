import { type GeoRule, isAvailableIn, isEverywhere, type VisitorCountry } from './geo.ts'
import { type Market, mayList } from './markets.ts'
import { type OfferState, offerState, type OfferWindow } from './offer-lifecycle.ts'
import { isLive, type Publishing } from './publish-status.ts'

/**
 * Who a comparison table's chosen brand reaches (issue 32): a table leaves out, per visitor, every brand
 * not shown to them (server/brands/visibility.ts), so the editor who chose three brands is told which of
 * them some visitors will not see, and where. The same answer for the insert helper (from the brands it
 * loaded) and the section preview (from the server), phrased once here.
 */
export type BrandReach = {
  _id: string
  /** null: no brand has this id (the table leaves it out for everyone) */
  brandName: string | null
  live: boolean
  offer: OfferState
  geo: GeoRule | null
  /** the markets whose rules do not list it (licence or terms they require) */
  unlistedIn: { key: string; name: string }[]
}

type ReachableBrand = Publishing & OfferWindow & { _id: string; brandName: string; geo?: GeoRule | null; facts?: { licences?: { regulator: string }[] } | null; termsSummary?: string }

export function reachOf(brand: ReachableBrand, markets: readonly Pick<Market, 'key' | 'name' | 'rules'>[], now: Date): BrandReach {
  return {
    _id: brand._id,
    brandName: brand.brandName,
    live: isLive(brand),
    offer: offerState(brand, now),
    geo: isEverywhere(brand.geo) ? null : (brand.geo ?? null),
    unlistedIn: markets.filter((m) => !mayList(brand, m)).map((m) => ({ key: m.key, name: m.name })),
  }
}

export const unknownBrand = (id: string): BrandReach => ({ _id: id, brandName: null, live: false, offer: 'active', geo: null, unlistedIn: [] })

/** Whether a visitor from `country` (null: unknown) on the default market sees the brand. */
export const reaches = (r: BrandReach, country: VisitorCountry): boolean => r.brandName !== null && r.live && r.offer === 'active' && isAvailableIn(r.geo, country)

const and = (parts: string[]) => (parts.length < 2 ? parts.join('') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`)

/**
 * One sentence for the editor when some visitors do not see the brand, null when every visitor does:
 * "Albion Casino is hidden for visitors outside GB and whose country is unknown, and on the Ontario (/ca-on) market".
 */
export function hiddenNote(r: BrandReach): string | null {
  if (r.brandName === null) return `No brand has the id “${r._id}”: the table leaves it out for every visitor.`
  if (!r.live) return `${r.brandName} is not published: the table leaves it out for every visitor.`
  if (r.offer === 'upcoming') return `${r.brandName}’s offer has not started: the table leaves it out for every visitor until it does.`
  if (r.offer === 'ended') return `${r.brandName}’s offer has ended: the table leaves it out for every visitor.`
  const where: string[] = []
  if (r.geo?.allow) where.push(`for visitors outside ${r.geo.allow.join(', ')} and whose country is unknown`)
  else if (r.geo?.deny?.length) where.push(`for visitors from ${r.geo.deny.join(', ')} and whose country is unknown`)
  if (r.unlistedIn.length) where.push(`on the ${and(r.unlistedIn.map((m) => `${m.name} (/${m.key})`))} market${r.unlistedIn.length > 1 ? 's' : ''} (not licensed there)`)
  return where.length ? `${r.brandName} is hidden ${where.join(', and ')}.` : null
}
