import { useEffect, useRef, useState } from 'react'
import type { Daily } from './earnings-api.ts'
import { dayStart, formatMoney, formatNumber } from '../../lib/format.ts'

/**
 * Clicks, first deposits and revenue day by day (issue 21), drawn by uPlot (a small, fast chart library,
 * loaded when the chart is shown), with the same figures as a table for screen readers and keyboards:
 * the chart itself is decoration for those who can see it.
 */
export function DailyChart({ daily }: { daily: Daily }) {
  const box = useRef<HTMLDivElement>(null)
  const [drawn, setDrawn] = useState(false)

  useEffect(() => {
    const el = box.current
    if (!el || !daily.days.length) return
    let plot: { destroy(): void; setSize(s: { width: number; height: number }): void } | undefined
    let gone = false
    const probe = document.createElement('canvas')
    if (!probe.getContext?.('2d')) return // no canvas (a test's DOM): the table says it all
    void Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css')]).then(([{ default: UPlot }]) => {
      if (gone) return
      const x = daily.days.map((d) => dayStart(d.day).getTime() / 1000)
      plot = new UPlot(
        {
          width: el.clientWidth || 600,
          height: 220,
          scales: { x: { time: true }, money: { auto: true } },
          axes: [{}, { label: 'clicks, first deposits' }, { scale: 'money', side: 1, label: `revenue (${daily.currency})`, grid: { show: false } }],
          series: [
            {},
            { label: 'Clicks', stroke: '#7c3aed', width: 2 },
            { label: 'First deposits', stroke: '#f59e0b', width: 2 },
            { label: `Revenue (${daily.currency})`, stroke: '#15803d', width: 2, scale: 'money' },
          ],
        },
        [x, daily.days.map((d) => d.clicks), daily.days.map((d) => d.ftds), daily.days.map((d) => d.revenue)],
        el,
      )
      setDrawn(true)
    })
    const resize = () => plot?.setSize({ width: el.clientWidth, height: 220 })
    window.addEventListener('resize', resize)
    return () => {
      gone = true
      window.removeEventListener('resize', resize)
      plot?.destroy()
    }
  }, [daily])

  return (
    <section className="card earnings-chart" aria-labelledby="earnings-daily-heading">
      <h2 id="earnings-daily-heading">Day by day</h2>
      <div ref={box} className="chart-box" aria-hidden="true" data-drawn={drawn || undefined} />
      <details className="chart-table">
        <summary>The figures as a table</summary>
        <div className="table-scroll">
          <table className="admin-table">
            <caption className="sr-only">Clicks, first deposits and revenue per day</caption>
            <thead>
              <tr>
                <th scope="col">Day</th>
                <th scope="col">Clicks</th>
                <th scope="col">First deposits</th>
                <th scope="col">Revenue</th>
              </tr>
            </thead>
            <tbody>
              {daily.days.map((d) => (
                <tr key={d.day}>
                  <th scope="row">{d.day}</th>
                  <td>{formatNumber(d.clicks)}</td>
                  <td>{formatNumber(d.ftds)}</td>
                  <td>{formatMoney(d.revenue, daily.currency, { style: 'report' })}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </section>
  )
}
