import { useEffect, useMemo, useState } from 'react'
import { change } from '../../lib/earnings.ts'
import { lastDays, REPORT_RANGES } from '../../lib/reports.ts'
import { useSession } from '../account/session.ts'
import { ApiError } from '../api-client.ts'
import { DailyChart } from './DailyChart.tsx'
import { type Daily, earningsApi, type RatesStatus } from './earnings-api.ts'
import { adminTime, DAY_MS, dayStart, formatMoney, formatNumber, formatPercent } from '../../lib/format.ts'
import { ReportTable } from './ReportTable.tsx'

const EMPTY = 'Nothing counted in this period yet. Views and clicks arrive as visitors read pages and follow offers; first deposits and revenue arrive by postback (POSTBACK_SECRET; docs: Affiliate tracking) or a programme’s CSV import (in the brand admin, or bun run cli -- conversions import).'

/** One headline figure, with its change against the previous period of the same length. */
function Headline({ label, value, now, before }: { label: string; value: string; now: number; before: number }) {
  const delta = change(now, before)
  return (
    <div className="headline-figure">
      <dt>{label}</dt>
      <dd>
        <span className="figure">{value}</span>
        <span className={`change small ${delta === null ? 'muted' : delta >= 0 ? 'up' : 'down'}`}>{delta === null ? 'no earlier figure' : `${formatPercent(delta, { signed: true })} vs previous period`}</span>
      </dd>
    </div>
  )
}

/** An admin's way to bring in exchange rates, and when they last came. */
function Rates({ status, onImported }: { status: RatesStatus | null; onImported: () => void }) {
  const { user } = useSession()
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null)
  if (!status) return null
  return (
    <p className="muted small rates-status">
      Revenue is in {status.reportCurrency}, each conversion at its day’s exchange rate.{' '}
      {status.lastImport ? `Rates last imported ${adminTime(status.lastImport)} (newest day ${status.newestDay}).` : 'No exchange rates imported yet: revenue in other currencies is shown apart, unconverted.'}
      {user?.role === 'admin' && (
        <label className="rates-upload">
          {' '}Import rates (ECB XML, or a CSV with date, currency and rate columns)
          <input
            type="file"
            accept=".xml,.csv,text/xml,text/csv"
            onChange={async (e) => {
              const file = e.target.files?.[0]
              e.target.value = ''
              if (!file) return
              try {
                const r = await earningsApi.importRates(file)
                setMessage({ ok: true, text: `Imported ${r.rates} rates of ${r.currencies.length} currencies, ${r.from} to ${r.to}.` })
                onImported()
              } catch (err) {
                setMessage({ ok: false, text: err instanceof ApiError ? err.message : 'The rates import failed' })
              }
            }}
          />
        </label>
      )}
      {message && (
        <span role={message.ok ? 'status' : 'alert'} className={message.ok ? 'form-success' : 'form-error'}>
          {message.text}
        </span>
      )}
    </p>
  )
}

/**
 * The Earnings screen (issue 21): headline figures against the previous period, clicks, first deposits and
 * revenue day by day, top articles, placements compared, and countries — every table sortable and
 * exportable, every figure from the counters (never a scan).
 */
export function EarningsPanel() {
  const [days, setDays] = useState<number>(30)
  const range = useMemo(() => lastDays(days, new Date()), [days])
  const [daily, setDaily] = useState<Daily | null>(null)
  const [previous, setPrevious] = useState<Daily | null>(null)
  const [rates, setRates] = useState<RatesStatus | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [ratesKey, setRatesKey] = useState(0)

  useEffect(() => {
    let current = true
    setError(null)
    setDaily(null)
    const before = lastDays(days, new Date(dayStart(range.from).getTime() - DAY_MS))
    Promise.all([earningsApi.daily(range), earningsApi.daily(before)])
      .then(([now, then]) => {
        if (!current) return
        setDaily(now)
        setPrevious(then)
      })
      .catch((err) => current && setError(err instanceof ApiError ? err.message : 'Failed to load earnings'))
    return () => {
      current = false
    }
  }, [range, days, ratesKey])
  useEffect(() => {
    earningsApi.rates().then(setRates, () => {})
  }, [ratesKey])

  const sum = (d: Daily | null, k: 'clicks' | 'ftds' | 'registrations' | 'revenue' | 'views') => (d?.days ?? []).reduce((n, x) => n + x[k], 0)
  const currency = daily?.currency ?? rates?.reportCurrency ?? 'EUR'
  const total = { views: sum(daily, 'views'), clicks: sum(daily, 'clicks'), ftds: sum(daily, 'ftds'), registrations: sum(daily, 'registrations'), revenue: sum(daily, 'revenue') }
  const before = { views: sum(previous, 'views'), clicks: sum(previous, 'clicks'), ftds: sum(previous, 'ftds'), registrations: sum(previous, 'registrations'), revenue: sum(previous, 'revenue') }

  return (
    <div className="earnings">
      <div className="earnings-head">
        <h2>Earnings</h2>
        <div className="tabs" role="group" aria-label="Period">
          {REPORT_RANGES.map((n) => (
            <button key={n} type="button" className={`tab${n === days ? ' active' : ''}`} aria-pressed={n === days} onClick={() => setDays(n)}>
              Last {n} days
            </button>
          ))}
        </div>
      </div>
      <Rates status={rates} onImported={() => setRatesKey((k) => k + 1)} />
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      {!daily && !error ? (
        <p className="muted">Loading…</p>
      ) : daily ? (
        <>
          <dl className="headline-figures" data-testid="headline-figures">
            <Headline label={`Revenue (${currency})`} value={formatMoney(total.revenue, currency, { style: 'report' })} now={total.revenue} before={before.revenue} />
            <Headline label="First deposits" value={formatNumber(total.ftds)} now={total.ftds} before={before.ftds} />
            <Headline label="Registrations" value={formatNumber(total.registrations)} now={total.registrations} before={before.registrations} />
            <Headline label="Clicks" value={formatNumber(total.clicks)} now={total.clicks} before={before.clicks} />
            <Headline label="Click-through" value={formatPercent(total.views ? total.clicks / total.views : 0)} now={total.views ? total.clicks / total.views : 0} before={before.views ? before.clicks / before.views : 0} />
            <Headline label="Revenue per 1,000 views" value={formatMoney(total.views ? (total.revenue / total.views) * 1000 : 0, currency, { style: 'report' })} now={total.views ? total.revenue / total.views : 0} before={before.views ? before.revenue / before.views : 0} />
          </dl>
          {total.clicks + total.views + total.revenue === 0 && <p className="notice">{EMPTY}</p>}
          <DailyChart daily={daily} />
        </>
      ) : null}
      <ReportTable title="Top articles and pages" what="Page" range={range} load={earningsApi.pages} csvPath="/api/reports/pages" csvName="pages" empty={EMPTY} />
      <ReportTable title="Placements compared" what="Placement" range={range} load={earningsApi.placements} csvPath="/api/reports/placements" csvName="placements" empty={EMPTY} />
      <ReportTable title="Countries" what="Country" range={range} load={earningsApi.countries} csvPath="/api/reports/breakdown" csvName="countries" csvQuery={{ by: 'country' }} empty={EMPTY} withViews={false} />
    </div>
  )
}
