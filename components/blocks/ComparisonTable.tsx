import { COMPARE_COLUMNS, type Comparison, type ComparisonRow } from '../../lib/comparison-columns.ts'
// the code in a row is the bonus-code block, drawn by its own component: the block map (./index.tsx) imports this file
import { BonusCode } from './BonusCode.tsx'
import { OfferTerms } from '../OfferTerms.tsx'
import { useGoHref } from '../tracked-link.ts'
import '../formats.css'
import { useMarketPath } from '../market-path.ts'
import { useT } from '../use-t.ts'
import { ctaLabel } from '../cta-label.ts'

const SLOT = 'comparison-table' as const

function Visit({ row, position }: { row: ComparisonRow; position: number }) {
  const href = useGoHref(row._id, { slot: SLOT, position })
  const label = ctaLabel(useT(), row.ctaLabel)
  if (!row.hasCta) return null
  return (
    <a className="btn btn-primary compare-cta" href={href} target="_blank" rel="sponsored noopener" aria-label={`${label}: ${row.brandName}`}>
      {label}
    </a>
  )
}

function Cell({ row, column, position }: { row: ComparisonRow; column: keyof typeof COMPARE_COLUMNS; position: number }) {
  const value = row.cells[column]
  const t = useT()
  if (column === 'code' && row.bonusCode) return <BonusCode brandId={row._id} code={row.bonusCode} slot={SLOT} position={position} compact />
  if (!value)
    return (
      <span className="muted" title={t('compare.notStated')}>
        —<span className="sr-only">{t('compare.notStated')}</span>
      </span>
    )
  // an amount in the brand's own currency, not the market's: marked as the offer's own (rowUnderRules labels it)
  const currency = row.cellCurrency?.[column]
  return currency ? <span data-offer-currency={currency}>{value}</span> : <>{value}</>
}

function BrandName({ row }: { row: ComparisonRow }) {
  const local = useMarketPath()
  const t = useT()
  return (
    <span className="compare-brand">
      {row.logo ? <img src={row.logo} alt={t('offers.logo', { brand: row.brandName })} width={40} height={40} loading="lazy" decoding="async" /> : <span className="compare-logo-placeholder" aria-hidden="true" />}
      <a href={local(`/brands/${encodeURIComponent(row._id)}`)}>{row.brandName}</a>
    </span>
  )
}

/**
 * An article's comparison table (lib/comparison.ts), resolved on the server for the visitor's
 * country. A table where the article column has room, stacked cards where it has not (a container
 * query: the same article is 760 px wide on a desktop and 320 on a phone); either way every row carries
 * its significant terms and 18+, and every link is a tracked /go link with its position.
 */
export function ComparisonTable({ table, index }: { table: Comparison; index: number }) {
  const local = useMarketPath()
  const t = useT()
  const headingId = `compare-${index}`
  const label = table.title ?? t('compare.title')
  if (!table.rows.length)
    return (
      <div className="comparison card" data-testid="comparison-table">
        <p className="comparison-title">{label}</p>
        <p className="muted">
          {t('compare.none')} <a href={local('/brands')}>{t('compare.seeBrands')}</a>.
        </p>
      </div>
    )
  return (
    <div className={table.columns.length > 4 ? 'comparison card cols-many' : 'comparison card'} data-testid="comparison-table" data-slot={SLOT}>
      <p className="comparison-title" id={headingId}>
        {label}
      </p>
      <div className="compare-wide">
        <table aria-labelledby={headingId}>
          <thead>
            <tr>
              <th scope="col">{t('compare.brand')}</th>
              {table.columns.map((c) => (
                <th key={c} scope="col">
                  {t(`compare.col.${c}`)}
                </th>
              ))}
              <th scope="col">
                <span className="sr-only">{t('compare.offerLink')}</span>
              </th>
            </tr>
          </thead>
          {table.rows.map((row, i) => (
            <tbody key={row._id} data-testid="comparison-row" data-brand={row._id}>
              <tr>
                <th scope="row">
                  <BrandName row={row} />
                </th>
                {table.columns.map((c) => (
                  <td key={c} className={`col-${c}`}>
                    <Cell row={row} column={c} position={i + 1} />
                  </td>
                ))}
                <td className="compare-action">
                  <Visit row={row} position={i + 1} />
                </td>
              </tr>
              <tr className="compare-terms">
                <td colSpan={table.columns.length + 2}>
                  <OfferTerms offer={row} />
                </td>
              </tr>
            </tbody>
          ))}
        </table>
      </div>
      <ol className="compare-cards" aria-labelledby={headingId}>
        {table.rows.map((row, i) => (
          <li key={row._id} className="compare-card" data-testid="comparison-card" data-brand={row._id}>
            <div className="compare-card-head">
              <BrandName row={row} />
              <Visit row={row} position={i + 1} />
            </div>
            <dl>
              {table.columns.map((c) => (
                <div key={c}>
                  <dt>{t(`compare.col.${c}`)}</dt>
                  <dd>
                    <Cell row={row} column={c} position={i + 1} />
                  </dd>
                </div>
              ))}
            </dl>
            <OfferTerms offer={row} />
          </li>
        ))}
      </ol>
    </div>
  )
}
