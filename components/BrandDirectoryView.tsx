import { BRANDS_PAGE_SIZE } from '../lib/archive.ts'
import type { BrandOffer } from '../lib/schemas.ts'
import { ArchivePagination } from './ArchivePagination.tsx'
import { OfferCards } from './BrandOffers.tsx'
import { AffiliateDisclosure } from './OfferTerms.tsx'
import { useT } from './use-t.ts'

export type BrandDirectoryData = { brands: BrandOffer[]; page: number; pages: number; total: number; disclosure?: string }

/** The /brands directory: one page of offer cards (each with its terms) under the affiliate disclosure. */
export function BrandDirectoryView({ brands, page, pages, total, disclosure }: BrandDirectoryData) {
  const t = useT()
  return (
    <section className="archive" aria-labelledby="archive-heading">
      <h1 id="archive-heading">{t('directory.title')}</h1>
      <p className="muted">
        {t('directory.brands', { count: total })}
        {pages > 1 ? t('archive.pageOf', { page, pages }) : ''}
      </p>
      <AffiliateDisclosure text={disclosure} />
      {brands.length ? (
        <div data-slot="directory-offers">
          <OfferCards offers={brands} slot="directory-offers" offset={(page - 1) * BRANDS_PAGE_SIZE} />
        </div>
      ) : (
        <p className="empty">{t('offers.none')}</p>
      )}
      <ArchivePagination base="/brands" page={page} pages={pages} />
    </section>
  )
}
