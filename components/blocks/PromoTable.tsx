import type { BrandOffer, PromoTable } from '../../lib/schemas.ts'
import { OfferTerms } from '../OfferTerms.tsx'
import { useContentLang } from '../use-t.ts'

/** Whose offer a promo table lists: its terms and age mark go with it, as with every offer (issue 34). */
type TermsOf = Pick<BrandOffer, 'brandName' | 'termsSummary' | 'termsUrl' | 'offerCurrency' | 'marketCurrency'>

/** `level`: the heading's rank where the table stands (2 at the top of the page, 3 inside a titled section). */
export function PromoTableView({ table, level = 3, terms }: { table: PromoTable; level?: 2 | 3; terms?: TermsOf }) {
  const Heading = level === 2 ? 'h2' : 'h3'
  return (
    <div className="promo-table" lang={useContentLang()}>
      {table.heading && <Heading className="promo-table-heading">{table.heading}</Heading>}
      <div className="table-scroll">
        <table>
          <thead>
            <tr>
              {table.columns.map((c, i) => (
                <th key={i}>{c}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {table.rows.map((row, r) => (
              <tr key={r}>
                {table.columns.map((_, i) => (
                  <td key={i}>{row[`col${i + 1}`] ?? ''}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {terms && <OfferTerms offer={terms} />}
    </div>
  )
}

/**
 * A promo table in a card of its own: a brand's promo tables at the top of its page (no title, the
 * table's heading an h2), or a table section (its title the h2, the table's heading an h3).
 */
export function PromoTableSection({ title, table, level, terms }: { title?: string; table: PromoTable; level?: 2 | 3; terms?: TermsOf }) {
  return (
    <section className="card brand-section" lang={useContentLang()}>
      {title && <h2>{title}</h2>}
      <PromoTableView table={table} level={level} terms={terms} />
    </section>
  )
}
