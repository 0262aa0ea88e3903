/**
 * Uncached renders (the render cache off, `RENDER_CACHE_MB=0`): what every visitor meets after a content
 * write and what a large archive's long tail always meets. wrk on the home page, an article and a brand
 * page, `BENCH_CONNECTIONS` (default 50) for `BENCH_SECONDS` each, after 20 warm-up requests, with the
 * server's CPU per render. BENCH_BASELINE=/path/to/other/checkout measures that checkout's server beside
 * this one's, alternating which goes first, for `BENCH_ROUNDS` rounds (default 2), and prints each page's
 * ratio (this checkout ÷ baseline: requests/s summed over the rounds, CPU per render). `bun run bench`
 * runs this pass after the cached one; `bun run bench:renders` runs it alone.
 *
 * BENCH_CONNECTIONS=10 BENCH_BASELINE=../main bun bench/renders.ts
 */
import { startProductionServer } from '../scripts/production-server.ts'
import { CONNECTIONS, SECONDS, loadAverage, loadWithWrk, measured, pad } from './load.ts'

const env = { RENDER_CACHE_MB: '0' }
const rounds = Number(process.env.BENCH_ROUNDS ?? 2)
const servers = [{ name: 'this checkout', ...(await startProductionServer({ label: 'renders', portBase: 3900, env })) }]
if (process.env.BENCH_BASELINE) servers.unshift({ name: 'baseline', ...(await startProductionServer({ label: 'renders-baseline', portBase: 3900, root: process.env.BENCH_BASELINE, env })) })
console.log(`uncached renders: wrk, ${CONNECTIONS} connections, ${SECONDS} s per target, ${rounds} rounds; load average before ${await loadAverage()}`)
console.log(`${pad('page', 28)}${pad('server', 16)}${pad('round', 7)}${pad('req/s', 8)}${pad('p50 ms', 9)}${pad('p99 ms', 9)}CPU ms/render`)
const PAGES = ['/', '/article/rtp-explained', '/brands/nova-spins']
const totals = new Map<string, { rps: number; cpu: number; requests: number }>()
try {
  for (const path of PAGES)
    for (let round = 1; round <= rounds; round++)
      for (const s of round % 2 ? servers : [...servers].reverse()) {
        // warm-up: the JIT has compiled the render before the measurement (20 requests left round 1 mostly warm-up)
        for (let i = 0; i < (round === 1 ? 200 : 20); i++) await (await fetch(s.baseUrl + path)).arrayBuffer()
        const r = await measured(s.pid, () => loadWithWrk(s.baseUrl + path))
        const t = totals.get(`${path} ${s.name}`) ?? { rps: 0, cpu: 0, requests: 0 }
        totals.set(`${path} ${s.name}`, { rps: t.rps + r.rps, cpu: t.cpu + r.cpuPerRequest * r.requests, requests: t.requests + r.requests })
        console.log(`${pad(path, 28)}${pad(s.name, 16)}${pad(String(round), 7)}${pad(r.rps.toFixed(0), 8)}${pad(r.p50.toFixed(1), 9)}${pad(r.p99.toFixed(1), 9)}${(r.cpuPerRequest / 1000).toFixed(2)}`)
      }
} finally {
  for (const s of servers) await s.stop()
}
console.log(`load average after ${await loadAverage()}`)
if (servers.length > 1) {
  console.log(`\nthis checkout ÷ baseline, over ${rounds} rounds (goal, issue 37: home ≥ 2×, article ≥ 1.5× requests/s)`)
  for (const path of PAGES) {
    const [base, mine] = [totals.get(`${path} baseline`)!, totals.get(`${path} this checkout`)!]
    console.log(`${pad(path, 28)}req/s ${(mine.rps / base.rps).toFixed(2)}×   CPU per render ${(mine.cpu / mine.requests / (base.cpu / base.requests)).toFixed(2)}×`)
  }
}
