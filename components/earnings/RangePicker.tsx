import { useState } from 'react'
import { isCalendarDay } from '../../lib/format.ts'
import { lastDays, MAX_REPORT_DAYS, REPORT_RANGES } from '../../lib/reports.ts'

export type Range = { from: string; to: string }
/** A report range and how it was chosen: the last N days, or two days given. */
export type RangeChoice = { days: number } | { from: string; to: string }
export const rangeOf = (c: RangeChoice, today = new Date()): Range => ('days' in c ? lastDays(c.days, today) : { from: c.from, to: c.to })

/** The period of every report on a screen: the last 7, 30 or 90 days, or a custom range (checked before it is asked for). */
export function RangePicker({ value, onChange }: { value: RangeChoice; onChange: (c: RangeChoice) => void }) {
  const custom = !('days' in value)
  const [open, setOpen] = useState(custom)
  const start = rangeOf(value)
  const [from, setFrom] = useState(start.from)
  const [to, setTo] = useState(start.to)
  const problem = !isCalendarDay(from) || !isCalendarDay(to) ? 'Choose both days' : from > to ? 'The first day is after the last' : (Date.parse(to) - Date.parse(from)) / 86_400_000 > MAX_REPORT_DAYS ? `At most ${MAX_REPORT_DAYS} days` : null
  return (
    <div className="range-picker">
      <div className="tabs" role="group" aria-label="Period">
        {REPORT_RANGES.map((n) => (
          <button key={n} type="button" className={`tab${!custom && !open && 'days' in value && value.days === n ? ' active' : ''}`} aria-pressed={!custom && !open && 'days' in value && value.days === n} onClick={() => (setOpen(false), onChange({ days: n }))}>
            {n} days
          </button>
        ))}
        <button type="button" className={`tab${custom || open ? ' active' : ''}`} aria-pressed={custom || open} aria-expanded={open} onClick={() => setOpen(true)}>
          Custom
        </button>
      </div>
      {open && (
        <form
          className="range-custom"
          onSubmit={(e) => {
            e.preventDefault()
            if (!problem) onChange({ from, to })
          }}
        >
          <label>
            From <input type="date" value={from} max={to || undefined} onChange={(e) => setFrom(e.target.value)} required />
          </label>
          <label>
            To <input type="date" value={to} min={from || undefined} onChange={(e) => setTo(e.target.value)} required />
          </label>
          <button type="submit" className="btn btn-small" disabled={Boolean(problem)}>
            Show
          </button>
          {problem && <span className="form-error small">{problem}</span>}
        </form>
      )}
    </div>
  )
}
