import type { BrandOffer, BrandPage } from '../../lib/schemas.ts'
import { type BrandDoc, type BrandsRepository, liveOnly, toImageRef } from '../../db/repositories/brands.ts'
import { idSchema } from '../../lib/schemas.ts'
import { BRANDS_PAGE_SIZE } from '../../lib/archive.ts'
import { availabilityFilter, isAvailableIn, type VisitorCountry } from '../../lib/geo.ts'
import { notFound } from '../errors.ts'

export function toBrandPage(doc: BrandDoc): BrandPage {
  // brands stored before the compliance fields existed answer '' for them
  return { ...doc, termsSummary: doc.termsSummary ?? '', termsUrl: doc.termsUrl ?? '', logo: toImageRef(doc.logo), bannerImage: toImageRef(doc.bannerImage) } as BrandPage
}

export function toOffer(page: BrandPage): BrandOffer {
  return {
    _id: page._id,
    brandName: page.brandName,
    rating: page.rating,
    type: page.type,
    position: page.position,
    tagline: page.tagline,
    offerHighlight: page.offerHighlight,
    bonusOffer: page.bonusOffer,
    // significant terms travel with the offer: every list shows them beside it (components/OfferTerms.tsx)
    termsSummary: page.termsSummary,
    termsUrl: page.termsUrl,
    campaignType: page.campaignType,
    campaignTypeRaw: page.campaignType,
    logo: page.logo,
    dealBox: page.dealBox,
  }
}

/** How many other brands a brand page offers when its own is not available in the visitor's country. */
export const ALTERNATIVES = 5

/**
 * Offers are lists of brands a visitor may be shown: `country` is the visitor's (c.var.country,
 * pageContext.visitorCountry); null (unknown) sees only brands available everywhere.
 */
export function createBrandsService(deps: { brands: BrandsRepository }) {
  const { brands } = deps
  /**
   * How many brands the /brands directory lists and the pages they fill (at least one; the sitemap asks
   * too). For a visitor's country, the brands available there; without one (the sitemap), every brand.
   */
  async function directorySize(country?: VisitorCountry): Promise<{ total: number; pages: number }> {
    const total = await brands.count(liveOnly(country === undefined ? {} : availabilityFilter(country)))
    return { total, pages: Math.max(1, Math.ceil(total / BRANDS_PAGE_SIZE)) }
  }

  const service = {
    /** GET /api/brands/static-offers: what the offers list shows, nothing more. */
    async listOffers(country: VisitorCountry = null): Promise<BrandOffer[]> {
      return (await brands.list(liveOnly(availabilityFilter(country)))).map((d) => toOffer(toBrandPage(d)))
    },

    /**
     * An article's top offers box (issue 21): brands available in the visitor's country whose type
     * matches one of the article's tags ("Crypto" → typeCrypto), else the top ones, in editorial order.
     */
    async topOffers(country: VisitorCountry, tags: readonly string[], limit = 3): Promise<{ tag: string | null; offers: BrandOffer[] }> {
      const all = await service.listOffers(country)
      const wanted = new Map(tags.map((t) => [t.toLowerCase().replace(/[^a-z0-9]/g, ''), t]))
      for (const [key, tag] of wanted) {
        const matching = all.filter((o) => o.type.some((t) => t.replace(/^type/, '').toLowerCase().replace(/[^a-z0-9]/g, '') === key))
        if (matching.length) return { tag, offers: matching.slice(0, limit) }
      }
      return { tag: null, offers: all.slice(0, limit) }
    },

    /** Page `page` (from 1) of the /brands directory; null past the last page. */
    async directory(page: number, country: VisitorCountry = null): Promise<{ brands: BrandOffer[]; page: number; pages: number; total: number } | null> {
      const filter = liveOnly(availabilityFilter(country))
      const { total, pages } = await directorySize(country)
      if (!Number.isInteger(page) || page < 1 || page > pages) return null
      const docs = await brands.page({ skip: (page - 1) * BRANDS_PAGE_SIZE, limit: BRANDS_PAGE_SIZE, filter })
      return { brands: docs.map((d) => toOffer(toBrandPage(d))), page, pages, total }
    },

    /**
     * A brand page and whether the visitor may be shown its offer; when not, the brands that are
     * available there instead (the page still renders: search engines, shared links).
     */
    async brandPageFor(id: string, country: VisitorCountry, opts: { preview?: boolean } = {}): Promise<{ brand: BrandPage; available: boolean; alternatives: BrandOffer[] } | null> {
      const brand = await this.findBrandPage(id, opts)
      if (!brand) return null
      if (isAvailableIn(brand.geo, country)) return { brand, available: true, alternatives: [] }
      return { brand, available: false, alternatives: await this.alternatives(brand._id, country) }
    },

    /** Up to ALTERNATIVES brands available in `country` instead of `brandId`: those licensed for it by name first. */
    async alternatives(brandId: string, country: VisitorCountry): Promise<BrandOffer[]> {
      const docs = (await brands.list(liveOnly(availabilityFilter(country)))).filter((d) => d._id !== brandId)
      const local = (d: BrandDoc) => Boolean(country && d.geo?.allow?.includes(country))
      return [...docs.filter(local), ...docs.filter((d) => !local(d))].slice(0, ALTERNATIVES).map((d) => toOffer(toBrandPage(d)))
    },

    directorySize,

    /** A published brand page (of any status for an editor's preview). A malformed id is as unknown as a missing one (issue 2: both are 404). */
    async findBrandPage(id: string, opts: { preview?: boolean } = {}): Promise<BrandPage | null> {
      const doc = idSchema.safeParse(id).success ? await (opts.preview ? brands.findById(id) : brands.findLive(id)) : null
      return doc ? toBrandPage(doc) : null
    },

    async getBrandPageOrThrow(id: string): Promise<BrandPage> {
      const page = await this.findBrandPage(id)
      if (!page) throw notFound('Brand not found')
      return page
    },
  }
  return service
}
export type BrandsService = ReturnType<typeof createBrandsService>
