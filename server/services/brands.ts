import type { BrandOffer, BrandPage } from '../../lib/schemas.ts'
import { type BrandDoc, type BrandsRepository, toImageRef } from '../../db/repositories/brands.ts'
import { idSchema } from '../../lib/schemas.ts'
import { BRANDS_PAGE_SIZE } from '../../lib/archive.ts'
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

export function createBrandsService(deps: { brands: BrandsRepository }) {
  const { brands } = deps
  /** How many brands the /brands directory lists and the pages they fill (at least one; the sitemap asks too). */
  async function directorySize(): Promise<{ total: number; pages: number }> {
    const total = await brands.count()
    return { total, pages: Math.max(1, Math.ceil(total / BRANDS_PAGE_SIZE)) }
  }

  return {
    /** GET /api/brands/static-offers: what the offers list shows, nothing more. */
    async listOffers(): Promise<BrandOffer[]> {
      return (await brands.list()).map((d) => toOffer(toBrandPage(d)))
    },

    /** Page `page` (from 1) of the /brands directory; null past the last page. */
    async directory(page: number): Promise<{ brands: BrandOffer[]; page: number; pages: number; total: number } | null> {
      const { total, pages } = await directorySize()
      if (!Number.isInteger(page) || page < 1 || page > pages) return null
      const docs = await brands.page({ skip: (page - 1) * BRANDS_PAGE_SIZE, limit: BRANDS_PAGE_SIZE })
      return { brands: docs.map((d) => toOffer(toBrandPage(d))), page, pages, total }
    },

    directorySize,

    /** A malformed id is as unknown as a missing one (issue 2: both are 404). */
    async findBrandPage(id: string): Promise<BrandPage | null> {
      const doc = idSchema.safeParse(id).success ? await brands.findById(id) : null
      return doc ? toBrandPage(doc) : null
    },

    async getBrandPageOrThrow(id: string): Promise<BrandPage> {
      const page = await this.findBrandPage(id)
      if (!page) throw notFound('Brand not found')
      return page
    },
  }
}
export type BrandsService = ReturnType<typeof createBrandsService>
