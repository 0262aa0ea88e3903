import type { BrandOffer, BrandPage } from '../../lib/schemas.ts'
import { type BrandDoc, type BrandsRepository, toImageRef } from '../../db/repositories/brands.ts'
import { idSchema } from '../../lib/schemas.ts'
import { BRANDS_PAGE_SIZE } from '../../lib/archive.ts'
import type { VisitorCountry } from '../../lib/geo.ts'
import { notFound } from '../errors.ts'
import { formatWagering, formatWithdrawal } from '../../lib/brand-facts.ts'
import { formatMoney } from '../../lib/format.ts'
import { loadCatalog, translator } from '../../lib/i18n/index.ts'
import type { CompareColumn, CompareSpec, Comparison, ComparisonRow } from '../../lib/comparison.ts'
import { type BrandReach, reachOf, unknownBrand } from '../../lib/compare-reach.ts'
import { brandScore, formatScore } from '../../lib/review-score.ts'
import { type OfferState, offerState } from '../../lib/offer-lifecycle.ts'
import { DEFAULT_MARKET, type Market, withoutOffer } from '../../lib/markets.ts'
import { brandInMarket } from '../../lib/offer-money.ts'
import { listedIn, listingQuery, restricts, shape, visibleTo } from './visibility.ts'

export function toBrandPage(doc: BrandDoc): BrandPage {
  // brands stored before the compliance fields existed answer '' for them
  // and null or {} for issue 22's facts, review and offer window
  return {
    ...doc,
    termsSummary: doc.termsSummary ?? '',
    termsUrl: doc.termsUrl ?? '',
    facts: doc.facts ?? {},
    review: doc.review ?? null,
    validFrom: doc.validFrom ?? null,
    validUntil: doc.validUntil ?? null,
    logo: toImageRef(doc.logo),
    bannerImage: toImageRef(doc.bannerImage),
  } as BrandPage
}

export function toOffer(page: BrandPage): BrandOffer {
  return {
    _id: page._id,
    brandName: page.brandName,
    // a reviewed brand shows its review's overall score everywhere (lib/review-score.ts)
    rating: brandScore(page),
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
    // issue 34: the offer's currency and the markets' own offers (offerUnderRules picks one, and drops the list)
    ...(page.offerCurrency ? { offerCurrency: page.offerCurrency } : {}),
    ...(page.marketOffers?.length ? { marketOffers: page.marketOffers } : {}),
  }
}

/** "Crypto" → "crypto": how an article's tag and a brand's type tag (typeCrypto) are compared. */
const tagKey = (t: string) => t.toLowerCase().replace(/[^a-z0-9]/g, '')
const typeKey = (t: string) => tagKey(t.replace(/^type/, ''))

/** A comparison table's cells for a brand (lib/comparison.ts): its facts as pages say them, '' where it has none. */
function comparisonRow(page: BrandPage, columns: readonly CompareColumn[], language: string): ComparisonRow {
  // the cells in the page's market language (lib/i18n): "Bis zu 24 Stunden", "10 €"
  const t = translator(language)
  const f = page.facts ?? {}
  const score = brandScore(page)
  const methods = f.paymentMethods ?? []
  const text: Record<CompareColumn, () => string | null> = {
    bonus: () => page.bonusOffer || page.dealBox.mainText || null,
    code: () => f.bonusCode ?? null,
    wagering: () => formatWagering(f.wagering, t),
    minDeposit: () => (f.minDeposit ? formatMoney(f.minDeposit.amount, f.minDeposit.currency, { locale: language }) : null),
    withdrawal: () => formatWithdrawal(f.withdrawalHours, t),
    licence: () => (f.licences?.length ? [...new Set(f.licences.map((l) => l.regulator))].join(', ') : null),
    payments: () => (methods.length ? methods.slice(0, 4).join(', ') + (methods.length > 4 ? ` ${t('compare.more', { count: methods.length - 4 })}` : '') : null),
    score: () => (score == null ? null : `${formatScore(score)}/5`),
  }
  return {
    _id: page._id,
    brandName: page.brandName,
    logo: page.logo?.cdnUrl ?? null,
    bonus: page.bonusOffer || page.dealBox.mainText || '',
    ctaLabel: page.dealBox.ctaLabel || 'Visit',
    hasCta: Boolean(page.dealBox.ctaUrl),
    termsSummary: page.termsSummary,
    termsUrl: page.termsUrl,
    cells: Object.fromEntries(columns.map((c) => [c, text[c]() ?? ''])),
    ...(f.bonusCode ? { bonusCode: f.bonusCode } : {}),
    // amounts in the offer's and the deposit's own currency: marked, and labelled where not the market's (lib/markets.ts rowUnderRules)
    cellCurrency: {
      ...(f.minDeposit && columns.includes('minDeposit') ? { minDeposit: f.minDeposit.currency } : {}),
      ...(page.offerCurrency && columns.includes('bonus') ? { bonus: page.offerCurrency } : {}),
    },
  }
}

/** How many other brands a brand page offers when its own is not available in the visitor's country. */
export const ALTERNATIVES = 5

/**
 * Offers are lists of brands a visitor may be shown: `country` is the visitor's (c.var.country,
 * pageContext.visitorCountry); null (unknown) sees only brands available everywhere.
 */
/**
 * `generation`: the render cache's (server/wiring.ts), which every content write and every offer's start
 * or end moves: the offers a country sees in a market are then read once per generation, not once per
 * page render (reading and parsing every brand was about 5 % of an uncached home page's CPU). Without it
 * (the CLI, tests) every call reads.
 */
export function createBrandsService(deps: { brands: BrandsRepository; now?: () => Date; generation?: () => number }) {
  const { brands } = deps
  const now = deps.now ?? (() => new Date())
  let offersGeneration: number | undefined
  const offersKept = new Map<string, Promise<BrandOffer[]>>()
  /** Published brands available in `country` whose offer runs now (./visibility.ts). */
  const listed = (country: VisitorCountry | undefined) => listingQuery({ country, now: now() })
  /**
   * How many brands the /brands directory lists and the pages they fill (at least one; the sitemap asks
   * too). For a visitor's country, the brands available there; without one (the sitemap), every brand.
   */
  async function directorySize(country?: VisitorCountry): Promise<{ total: number; pages: number }> {
    const total = await brands.count(listed(country))
    return { total, pages: Math.max(1, Math.ceil(total / BRANDS_PAGE_SIZE)) }
  }

  /** The brand pages listed for a visitor's country in a market (only those the market's rules allow). */
  async function inMarket(country: VisitorCountry, market: Market): Promise<BrandPage[]> {
    return listedIn((await brands.list(listed(country))).map(toBrandPage), market)
  }

  const service = {
    /** GET /api/brands/static-offers: what the offers list shows, nothing more. */
    async listOffers(country: VisitorCountry = null, market: Market = DEFAULT_MARKET): Promise<BrandOffer[]> {
      const read = async () => (await inMarket(country, market)).map((p) => shape.offer(toOffer(p), market))
      const generation = deps.generation?.()
      if (generation === undefined) return read()
      if (generation !== offersGeneration) {
        offersKept.clear()
        offersGeneration = generation
      }
      // at most one per country (250) and market per generation
      const key = `${country ?? ''} ${market.key}`
      let kept = offersKept.get(key)
      if (!kept) {
        kept = read()
        offersKept.set(key, kept)
        kept.catch(() => offersKept.delete(key)) // a failed read is retried by the next call
      }
      // a copy of the list: callers may filter and slice, never change what the next render reads
      return [...(await kept)]
    },

    /**
     * An article's top offers box (issue 21): brands available in the visitor's country whose type
     * matches one of the article's tags ("Crypto" → typeCrypto), else the top ones, in editorial order.
     */
    async topOffers(country: VisitorCountry, tags: readonly string[], limit = 3, market: Market = DEFAULT_MARKET): Promise<{ tag: string | null; offers: BrandOffer[] }> {
      const all = await service.listOffers(country, market)
      const wanted = new Map(tags.map((t) => [tagKey(t), t]))
      for (const [key, tag] of wanted) {
        const matching = all.filter((o) => o.type.some((t) => typeKey(t) === key))
        if (matching.length) return { tag, offers: matching.slice(0, limit) }
      }
      return { tag: null, offers: all.slice(0, limit) }
    },

    /**
     * An article's comparison tables (issue 22; lib/comparison.ts), for the visitor's country: only brands
     * listed there now (published, available, offer running), explicit ones in the editor's order, rules
     * in editorial order up to their limit. One read of the brands for every table of the page.
     */
    async comparisons(specs: readonly CompareSpec[], country: VisitorCountry, market: Market = DEFAULT_MARKET): Promise<Comparison[]> {
      if (!specs.length) return []
      const [listedNow] = await Promise.all([inMarket(country, market), loadCatalog(market.language)])
      const byId = new Map(listedNow.map((b) => [b._id, b]))
      return specs.map((spec) => {
        const chosen = spec.brands
          ? spec.brands.flatMap((id) => byId.get(id) ?? [])
          : listedNow.filter((b) => (spec.type ? b.type.some((t) => t.toLowerCase() === spec.type!.toLowerCase()) : b.type.some((t) => typeKey(t) === tagKey(spec.tag ?? '')))).slice(0, spec.limit)
        return { ...(spec.title ? { title: spec.title } : {}), columns: spec.columns, rows: chosen.map((b) => shape.row(comparisonRow(brandInMarket(b, market), spec.columns, market.language), market)) }
      })
    },

    /** Where each of these brands is hidden, whatever its status (issue 32: the editor's comparison preview); an unknown id as such. */
    async reach(ids: readonly string[], markets: readonly Market[]): Promise<BrandReach[]> {
      return Promise.all(ids.map(async (id) => {
        const found = await service.findBrandPage(id, { preview: true })
        return found ? reachOf(found, markets, now()) : unknownBrand(id)
      }))
    },

    /** Page `page` (from 1) of the /brands directory; null past the last page. */
    async directory(page: number, country: VisitorCountry = null, market: Market = DEFAULT_MARKET): Promise<{ brands: BrandOffer[]; page: number; pages: number; total: number } | null> {
      if (restricts(market)) {
        // a market that lists only licensed brands: filtered in memory (a site lists hundreds of brands, not millions)
        const all = await inMarket(country, market)
        const pages = Math.max(1, Math.ceil(all.length / BRANDS_PAGE_SIZE))
        if (!Number.isInteger(page) || page < 1 || page > pages) return null
        return { brands: all.slice((page - 1) * BRANDS_PAGE_SIZE, page * BRANDS_PAGE_SIZE).map((p) => shape.offer(toOffer(p), market)), page, pages, total: all.length }
      }
      const filter = listed(country)
      const { total, pages } = await directorySize(country)
      if (!Number.isInteger(page) || page < 1 || page > pages) return null
      const docs = await brands.page({ skip: (page - 1) * BRANDS_PAGE_SIZE, limit: BRANDS_PAGE_SIZE, query: filter })
      return { brands: docs.map((d) => shape.offer(toOffer(toBrandPage(d)), market)), page, pages, total }
    },

    /**
     * A brand page and whether the visitor may be shown its offer: not when the brand is not available in
     * their country, nor before or after the offer runs (`offer`, issue 22). When not, the brands that are
     * available there instead (the page still renders: search engines, shared links).
     */
    async brandPageFor(
      id: string,
      country: VisitorCountry,
      opts: { preview?: boolean; market?: Market } = {},
    ): Promise<{ brand: BrandPage; available: boolean; licensed: boolean; offer: OfferState; alternatives: BrandOffer[] } | null> {
      const found = await this.findBrandPage(id, opts)
      if (!found) return null
      const market = opts.market ?? DEFAULT_MARKET
      // the page as the market allows it (no bonus where inducements are barred, its age mark)
      const brand = shape.brand(found, market)
      // its status is not asked: a preview shows a draft as it will be seen once published
      const { available, licensed, offer } = visibleTo(found, { country, market, now: now() })
      if (available && licensed && offer === 'active') return { brand, available, licensed, offer, alternatives: [] }
      // the notice and alternatives only: none of the offer it may not show travels in the page's data either
      return { brand: withoutOffer(brand), available: available && licensed, licensed, offer, alternatives: await this.alternatives(found._id, country, market) }
    },

    /** Whether a brand's offer runs now (/go sends nobody to an offer that has ended or not begun). */
    offerState(brand: { validFrom?: string | null; validUntil?: string | null }): OfferState {
      return offerState(brand, now())
    },

    /** Up to ALTERNATIVES brands available in `country` instead of `brandId`: those licensed for it by name first. */
    async alternatives(brandId: string, country: VisitorCountry, market: Market = DEFAULT_MARKET): Promise<BrandOffer[]> {
      const docs = (await inMarket(country, market)).filter((d) => d._id !== brandId)
      const local = (d: BrandPage) => Boolean(country && d.geo?.allow?.includes(country))
      return [...docs.filter(local), ...docs.filter((d) => !local(d))].slice(0, ALTERNATIVES).map((d) => shape.offer(toOffer(d), market))
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
