import { useEffect, useMemo, useState } from 'react'
import { change } from '../../lib/reports.ts'
import { adminTime } from '../../lib/format.ts'
import type { Figures } from '../../lib/figures.ts'
import { useSession } from '../account/session.ts'
import { ApiError } from '../api-client.ts'
import { EARNINGS_COLUMNS, PEOPLE_COLUMNS, PLACEMENT_COLUMNS } from './columns.ts'
import { DailyChart } from './DailyChart.tsx'
import { type Breakdown, type Daily, earningsApi, type PlacementGrouping, type RatesStatus, type TableQuery } from './earnings-api.ts'
import { formatChange, formatMoney, formatMoneyShort, formatNumber, formatNumberShort, formatPercent } from './format.ts'
import { type RangeChoice, RangePicker, rangeOf } from './RangePicker.tsx'
import { ReportTable } from './ReportTable.tsx'
import { canImportRates, Unconverted } from './Unconverted.tsx'
import { ErrorLine } from '../Messages.tsx'
import './reports.css'

const EMPTY = 'Nothing counted in this period yet. Views and clicks arrive as visitors read pages and follow offers; first deposits and revenue arrive by postback (POSTBACK_SECRET; docs: Affiliate tracking) or a programme’s CSV import (in the brand admin, or bun run cli -- conversions import).'

/** One headline figure, with its change against the previous period of the same length. */
function Headline({ label, value, full, now, before, hint }: { label: string; value: string; full: string; now: number; before: number; hint: string }) {
  const delta = change(now, before)
  return (
    <div className="headline-figure">
      <dt title={hint}>{label}</dt>
      <dd>
        <span className="figure" title={full}>
          {value}
        </span>
        <span className={`change small ${delta === null ? 'muted' : delta >= 0 ? 'up' : 'down'}`}>{delta === null ? 'no earlier figure' : `${formatChange(delta)} vs previous period`}</span>
      </dd>
    </div>
  )
}

/** Who may import exchange rates, and when they last came. */
function Rates({ status, onImported }: { status: RatesStatus | null; onImported: () => void }) {
  const { user } = useSession()
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null)
  if (!status) return null
  return (
    <p className="muted small rates-status" id="rates">
      Revenue is in {status.reportCurrency}, each conversion at its day’s exchange rate.{' '}
      {status.lastImport ? `Rates last imported ${adminTime(status.lastImport)} (newest day ${status.newestDay}).` : 'No exchange rates imported yet: revenue in other currencies is shown apart, unconverted.'}
      {canImportRates(user?.role) && (
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
                setMessage({ ok: true, text: r.message })
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

/** The headline tiles: the range's totals as the server adds them up (the same totals every table's last line shows). */
function Headlines({ now, before, currency }: { now: Figures; before: Figures; currency: string }) {
  const money = (v: number) => ({ value: formatMoneyShort(v, currency), full: formatMoney(v, currency) })
  const count = (v: number) => ({ value: formatNumberShort(v), full: formatNumber(v) })
  const pct = (v: number) => ({ value: formatPercent(v), full: formatPercent(v) })
  return (
    <dl className="headline-figures" data-testid="headline-figures">
      <Headline label={`Revenue (${currency})`} {...money(now.revenue)} now={now.revenue} before={before.revenue} hint="Approved payouts in the report currency" />
      <Headline label="First deposits" {...count(now.ftds)} now={now.ftds} before={before.ftds} hint="First deposits reported by the programmes" />
      <Headline label="Registrations" {...count(now.registrations)} now={now.registrations} before={before.registrations} hint="Sign-ups reported by the programmes" />
      <Headline label="Clicks" {...count(now.clicks)} now={now.clicks} before={before.clicks} hint="People’s clicks sent on to a partner" />
      <Headline label="Click-through" {...pct(now.ctr)} now={now.ctr} before={before.ctr} hint="Offer clicks ÷ offer views of the same slots" />
      <Headline label="Earnings per click" {...money(now.epc)} now={now.epc} before={before.epc} hint="Revenue ÷ clicks" />
      <Headline label="Revenue per 1,000 views" {...money(now.rpm)} now={now.rpm} before={before.rpm} hint="Revenue per 1,000 page views" />
    </dl>
  )
}

const PLACEMENT_GROUPS: [PlacementGrouping, string][] = [
  ['slot', 'Slot'],
  ['position', 'Slot and position'],
  ['page-slot', 'Page × slot'],
]
const BREAKDOWNS: [Breakdown, string][] = [
  ['market', 'Market'],
  ['country', 'Country'],
  ['device', 'Device'],
  ['brand', 'Brand'],
]

/** A choice of grouping beside a table's title. */
function GroupChoice<T extends string>({ label, value, options, onChange }: { label: string; value: T; options: [T, string][]; onChange: (v: T) => void }) {
  return (
    <div className="group-choice tabs" role="group" aria-label={label}>
      {options.map(([v, text]) => (
        <button key={v} type="button" className={`tab${v === value ? ' active' : ''}`} aria-pressed={v === value} onClick={() => onChange(v)}>
          {text}
        </button>
      ))}
    </div>
  )
}

/**
 * The Earnings screen (issues 21 and 35): headline figures against the previous period, clicks, first
 * deposits and revenue day by day, pages, placements (by slot, position, or page × slot) and a breakdown by
 * market, country, device or brand — every table sortable and exportable, every total the sum of its
 * rows, revenue no rate converts shown apart with the way to fix it.
 */
export function EarningsPanel() {
  const [choice, setChoice] = useState<RangeChoice>({ days: 30 })
  const range = useMemo(() => rangeOf(choice), [choice])
  const [daily, setDaily] = useState<Daily | null>(null)
  const [previous, setPrevious] = useState<Daily | null>(null)
  const [rates, setRates] = useState<RatesStatus | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [ratesKey, setRatesKey] = useState(0)
  const [placementsBy, setPlacementsBy] = useState<PlacementGrouping>('slot')
  const [breakdown, setBreakdown] = useState<Breakdown>('market')

  useEffect(() => {
    let current = true
    setError(null)
    setDaily(null)
    const days = Math.round((Date.parse(range.to) - Date.parse(range.from)) / 86_400_000) + 1
    const dayBefore = new Date(Date.parse(`${range.from}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10)
    const before = rangeOf({ from: new Date(Date.parse(`${dayBefore}T00:00:00Z`) - (days - 1) * 86_400_000).toISOString().slice(0, 10), to: dayBefore })
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
  }, [range, ratesKey])
  useEffect(() => {
    earningsApi.rates().then(setRates, () => {})
  }, [ratesKey])

  // the tables load again after a rates import too: their revenue changes with it
  const tableRange = useMemo(() => ({ ...range }), [range, ratesKey]) // eslint-disable-line react-hooks/exhaustive-deps
  const currency = daily?.currency ?? rates?.reportCurrency ?? 'EUR'
  const people = breakdown === 'country' || breakdown === 'device'

  return (
    <div className="earnings">
      <div className="earnings-head">
        <h2>Earnings</h2>
        <RangePicker value={choice} onChange={setChoice} />
      </div>
      <Rates status={rates} onImported={() => setRatesKey((k) => k + 1)} />
      <ErrorLine text={error} />
      {!daily && !error ? (
        <p className="muted">Loading…</p>
      ) : daily ? (
        <>
          <Headlines now={daily.totals} before={previous?.totals ?? daily.totals} currency={currency} />
          <Unconverted amounts={daily.totals.unconverted} currency={currency} />
          {daily.totals.clicks + daily.totals.views + daily.totals.revenue + daily.totals.conversions === 0 && <p className="notice">{EMPTY}</p>}
          <DailyChart daily={daily} />
        </>
      ) : null}
      <ReportTable title="Top articles and pages" what="Page" range={tableRange} load={earningsApi.pages} csvPath="/api/reports/pages" csvName="pages" empty={EMPTY} />
      <ReportTable
        title="Placements compared"
        what="Placement"
        range={tableRange}
        load={(q: TableQuery) => earningsApi.placements({ ...q, by: placementsBy })}
        csvPath="/api/reports/placements"
        csvName="placements"
        csvQuery={{ by: placementsBy }}
        empty={EMPTY}
        columns={PLACEMENT_COLUMNS}
        controls={<GroupChoice label="Placements by" value={placementsBy} options={PLACEMENT_GROUPS} onChange={setPlacementsBy} />}
      />
      <ReportTable
        title="Breakdown"
        what={BREAKDOWNS.find(([b]) => b === breakdown)![1]}
        range={tableRange}
        load={(q: TableQuery) => earningsApi.breakdown({ ...q, by: breakdown })}
        csvPath="/api/reports/breakdown"
        csvName="breakdown"
        csvQuery={{ by: breakdown }}
        empty={EMPTY}
        columns={people || breakdown === 'brand' ? PEOPLE_COLUMNS : EARNINGS_COLUMNS}
        controls={<GroupChoice label="Break down by" value={breakdown} options={BREAKDOWNS} onChange={setBreakdown} />}
      />
    </div>
  )
}
