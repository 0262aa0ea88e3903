import { useEffect, useMemo, useState } from 'react'
import type { BrandReport } from '../../lib/reports.ts'
import { ApiError } from '../api-client.ts'
import { BRAND_COLUMNS, COUNTRY_COLUMNS } from '../earnings/columns.ts'
import { DailyChart } from '../earnings/DailyChart.tsx'
import { earningsApi, type TableQuery } from '../earnings/earnings-api.ts'
import { type RangeChoice, RangePicker, rangeOf } from '../earnings/RangePicker.tsx'
import { ReportTable } from '../earnings/ReportTable.tsx'
import { ErrorLine } from '../Messages.tsx'

const EMPTY = 'No brand had a click, a view of its page or a conversion in this period.'

/**
 * The brand admin's report (issues 7, 24 and 35): every brand's traffic quality and compliance beside its
 * earnings, in the report currency like Earnings (the same figures, the same totals), and one brand's days
 * and countries on demand.
 */
export function Reports() {
  const [choice, setChoice] = useState<RangeChoice>({ days: 30 })
  const range = useMemo(() => rangeOf(choice), [choice])
  const [selected, setSelected] = useState<string | null>(null)
  const [detail, setDetail] = useState<BrandReport | null>(null)
  const [error, setError] = useState<string | null>(null)

  useEffect(() => {
    setDetail(null)
    if (!selected) return
    let current = true
    setError(null)
    earningsApi
      .brand(selected, range)
      .then((r) => current && setDetail(r))
      .catch((err) => current && setError(err instanceof ApiError ? err.message : 'Failed to load the brand’s report'))
    return () => {
      current = false
    }
  }, [selected, range])

  return (
    <section className="reports earnings" aria-labelledby="reports-heading">
      <div className="earnings-head">
        <h2 id="reports-heading">Report</h2>
        <RangePicker value={choice} onChange={setChoice} />
      </div>
      <ReportTable
        title="Brands"
        what="Brand"
        range={range}
        load={earningsApi.brands}
        csvPath="/api/reports/brands"
        csvName="brands"
        empty={EMPTY}
        columns={BRAND_COLUMNS}
        initialSort="clicks"
        rowAction={(r) => (
          <button type="button" className="btn btn-small" aria-expanded={selected === r.key} onClick={() => setSelected(selected === r.key ? null : r.key)}>
            {selected === r.key ? 'Hide days' : 'Daily'}
          </button>
        )}
      />
      <ErrorLine text={error} />
      {selected && !detail && !error && <p className="muted">Loading…</p>}
      {detail && (
        <>
          <h3>{detail.brandName}</h3>
          <DailyChart daily={detail} title={`${detail.brandName}: day by day`} />
          {/* compliance: clicks by the visitor's country, blocked ones (brand not available there) apart */}
          <ReportTable
            title={`${detail.brandName}: by country`}
            what="Country"
            range={range}
            load={(q: TableQuery) => earningsApi.breakdown({ ...q, by: 'country', brandId: detail.brandId })}
            csvPath="/api/reports/breakdown"
            csvName={`countries-${detail.brandId}`}
            csvQuery={{ by: 'country', brandId: detail.brandId }}
            empty="No clicks from any country in this period."
            columns={COUNTRY_COLUMNS}
            initialSort="clicks"
          />
        </>
      )}
    </section>
  )
}
