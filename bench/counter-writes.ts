/**
 * `bun bench/counter-writes.ts`: what the attribution counters' writes cost a click, in CPU, on a SQLite file
 * (decision 026): the same clicks written by production's code (attribution/counters.ts increments, merged per
 * batch by incrementOps) in batches of 20, as the tracker's group commits write them, on 5,000 pages; with the
 * counters kept as days only, and as this checkout keeps them (days and blocks). Each variant on a fresh
 * store, alternated three times in one process, so the load is the same for both.
 *
 * BENCH_BASELINE=<other checkout>: that checkout's blocks are measured too (its db/ and attribution code).
 * BENCH_WRITE_CLICKS (default 5,000) clicks per round.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const CLICKS = Number(process.env.BENCH_WRITE_CLICKS ?? 5_000)
const BATCH = 20
const root = join(import.meta.dir, '..')

async function variant(checkout: string, rollup: boolean) {
  const { SqliteStore } = await import(join(checkout, 'db/sqlite/index.ts'))
  const { METRICS, incrementOps } = await import(join(checkout, 'db/repositories/counters.ts'))
  const { countsForClick } = await import(join(checkout, 'server/attribution/counters.ts'))
  return async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cold-counter-writes-'))
    const store = new SqliteStore(join(dir, 'store.db'))
    await store.ensureCounters('counters', { metrics: METRICS, rollup })
    const devices = ['mobile', 'desktop', 'tablet']
    const countries = ['GB', 'DE', 'US', null]
    const clicks = Array.from({ length: CLICKS }, (_, i) => ({ brandId: `brand-${i % 8}`, receivedAt: new Date(Date.now() - (i % 90) * 86_400_000), unique: i % 5 !== 0, country: countries[i % 4], device: devices[i % 3], placement: { page: 'article', pageId: `page-${(i * 7919) % 5_000}`, slot: 'article-offers', position: 1 + (i % 3) } }))
    const start = process.cpuUsage()
    for (let i = 0; i < clicks.length; i += BATCH) {
      const ops = incrementOps(clicks.slice(i, i + BATCH).flatMap((c) => countsForClick(c as never))).filter((o: object) => 'counters' in o)
      await store.batch(ops)
    }
    const used = process.cpuUsage(start)
    await store.close()
    rmSync(dir, { recursive: true, force: true })
    return (used.user + used.system) / CLICKS
  }
}

const variants: [string, () => Promise<number>][] = [
  ['days only (no blocks)', await variant(root, false)],
  ...(process.env.BENCH_BASELINE ? [[`blocks, ${process.env.BENCH_BASELINE}`, await variant(process.env.BENCH_BASELINE, true)] as [string, () => Promise<number>]] : []),
  ['blocks, this checkout', await variant(root, true)],
]
const load = () => (require('node:fs').readFileSync('/proc/loadavg', 'utf8') as string).split(' ').slice(0, 3).join(' ')
console.log(`counter writes of ${CLICKS.toLocaleString('en-GB')} clicks in batches of ${BATCH} (SQLite file), CPU µs per click — load average ${load()}`)
const results = new Map<string, number[]>(variants.map(([name]) => [name, []]))
for (let round = 0; round < 3; round++) for (const [name, run] of variants) results.get(name)!.push(await run())
for (const [name, us] of results) console.log(`${name.padEnd(60)} ${us.map((u) => u.toFixed(1)).join(' / ')} µs`)
console.log(`load average after: ${load()}`)
