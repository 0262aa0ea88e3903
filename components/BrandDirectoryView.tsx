import { BRANDS_PAGE_SIZE } from '../lib/archive.ts'
import type { BrandOffer } from '../lib/schemas.ts'
import { ArchivePagination } from './ArchivePagination.tsx'
import { OfferCards } from './BrandOffers.tsx'
import { AffiliateDisclosure } from './OfferTerms.tsx'

export type BrandDirectoryData = { brands: BrandOffer[]; page: number; pages: number; total: number; disclosure?: string }

/** The /brands directory: one page of offer cards (each with its terms) under the affiliate disclosure. */
export function BrandDirectoryView({ brands, page, pages, total, disclosure }: BrandDirectoryData) {
  return (
    <section className="archive" aria-labelledby="archive-heading">
      <h1 id="archive-heading">Casino and betting brands</h1>
      <p className="muted">
        {total === 1 ? '1 brand' : `${total} brands`}
        {pages > 1 ? ` · page ${page} of ${pages}` : ''}
      </p>
      <AffiliateDisclosure text={disclosure} />
      {brands.length ? (
        <div data-slot="directory-offers">
          <OfferCards offers={brands} slot="directory-offers" offset={(page - 1) * BRANDS_PAGE_SIZE} />
        </div>
      ) : (
        <p className="empty">No brands found.</p>
      )}
      <ArchivePagination base="/brands" page={page} pages={pages} />
    </section>
  )
}
