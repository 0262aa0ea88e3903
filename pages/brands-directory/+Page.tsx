import { useData } from 'vike-react/useData'
import { ArchivePagination } from '../../components/ArchivePagination.tsx'
import { OfferCards } from '../../components/BrandOffers.tsx'
import type { Data } from './+data.ts'

export default function Page() {
  const { brands, page, pages, total } = useData<Data>()
  return (
    <section className="archive" aria-labelledby="archive-heading">
      <h1 id="archive-heading">Casino and betting brands</h1>
      <p className="muted">
        {total === 1 ? '1 brand' : `${total} brands`}
        {pages > 1 ? ` · page ${page} of ${pages}` : ''}
      </p>
      {brands.length ? <OfferCards offers={brands} /> : <p className="empty">No brands found.</p>}
      <ArchivePagination base="/brands" page={page} pages={pages} />
    </section>
  )
}
