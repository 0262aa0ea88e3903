/**
 * `bun bench/compare-stores.ts`: the same benchmarks on SQLite, then right after on MongoDB (the
 * MONGODB_URI given, or a FerretDB this starts: scripts/ferretdb.ts), and MongoDB's figures as ratios to
 * SQLite's: cached pages, /go, POST /api/clicks, uncached search (bench/run.ts) and a 90-day earnings
 * report and a programme CSV import (bench/attribution.ts). docs/configuration.md keeps the last run's.
 *
 * Sizes for a run of minutes: BENCH_SECONDS (default 5 here), BENCH_ATTR_CLICKS (50,000), BENCH_ATTR_CSV_ROWS (5,000);
 * BENCH_SCRIPTS=bench/run.ts for one of the two.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startFerretDb } from '../scripts/ferretdb.ts'

const root = join(import.meta.dir, '..')
const dir = mkdtempSync(join(tmpdir(), 'gamewise-compare-'))
const ferret = process.env.MONGODB_URI ? undefined : await startFerretDb({ database: 'bench', log: (l) => console.log(`[ferretdb] ${l}`) })
const mongodbUri = process.env.MONGODB_URI ?? ferret!.uri
const sizes = { BENCH_SECONDS: process.env.BENCH_SECONDS ?? '5', BENCH_ATTR_CLICKS: process.env.BENCH_ATTR_CLICKS ?? '50000', BENCH_ATTR_CSV_ROWS: process.env.BENCH_ATTR_CSV_ROWS ?? '5000', BENCH_MEMORY_PROBE: '0' }

async function bench(script: string, store: 'sqlite' | 'mongodb'): Promise<Record<string, number>> {
  const out = join(dir, `${script.replace(/\W/g, '-')}-${store}.json`)
  console.log(`\n== ${script} on ${store} ==`)
  const p = Bun.spawn([process.execPath, script], { cwd: root, env: { ...process.env, ...sizes, MONGODB_URI: store === 'mongodb' ? mongodbUri : '', BENCH_JSON: out }, stdio: ['ignore', 'inherit', 'inherit'] })
  if ((await p.exited) !== 0) throw new Error(`${script} on ${store} failed`)
  return JSON.parse(readFileSync(out, 'utf8'))
}

try {
  const rows: [string, number, number][] = []
  for (const script of (process.env.BENCH_SCRIPTS ?? 'bench/run.ts,bench/attribution.ts').split(',')) {
    const sqlite = await bench(script, 'sqlite')
    const mongo = await bench(script, 'mongodb')
    for (const [k, v] of Object.entries(sqlite)) if (typeof v === 'number' && typeof mongo[k] === 'number') rows.push([k, v, mongo[k]])
  }
  const pad = (s: string, n: number) => s.padEnd(n)
  console.log(`\n${pad('figure', 52)}${pad('SQLite', 12)}${pad('MongoDB', 12)}MongoDB ÷ SQLite`)
  for (const [k, a, b] of rows) console.log(`${pad(k, 52)}${pad(a.toFixed(1), 12)}${pad(b.toFixed(1), 12)}${a ? (b / a).toFixed(2) : '-'}`)
  console.log('(req/s: higher is better; ms and s: lower is better)')
} finally {
  await ferret?.stop()
  rmSync(dir, { recursive: true, force: true })
}
