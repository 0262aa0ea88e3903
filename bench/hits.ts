/**
 * Cached pages against the machine's ceilings (the first part of `bun run bench`, or alone:
 * `bun bench/hits.ts`): the home page, an article and a brand page, identity and gzip, each served by
 * nginx as static files and by a bare Bun.serve from memory (bench/ceilings.ts), both with that page's own
 * bytes, then by GameWise from its render cache, one after the other per page so all three meet the
 * same load. Goals (issue 37): GameWise's p99 ≤ 1.5× nginx's, requests/s ≥ 0.9× nginx's, and a gzip hit
 * ≥ 0.9× the bare Bun.serve answering the same buffer.
 *
 * BENCH_BASELINE=/path/to/other/checkout adds that checkout's server (built and seeded the same way) to
 * every page, so a change is measured before and after in one run; BENCH_ROUNDS=3 repeats the whole
 * pass and keeps each target's median.
 */
import { join } from 'node:path'
import { startProductionServer } from '../scripts/production-server.ts'
import { hasNginx, pageBytes, startBunCeiling, startNginx, writePages } from './ceilings.ts'
import { CONNECTIONS, SECONDS, hasWrk, load, loadAverage, measured, pad, type Result } from './load.ts'

export type Server = { name: string; base: string; pid: number }
type Row = Result & { page: string; encoding: string; target: string; cpuPerRequest?: number }

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!

/** Measures `paths` on every server and both ceilings; prints the table and the goals; returns the rows. */
export async function benchHits(servers: Server[], paths: string[], dir: string, rounds = Number(process.env.BENCH_ROUNDS ?? 1)) {
  const root = join(dir, 'ceiling-pages')
  writePages(root, await Promise.all(paths.map((p) => pageBytes(servers[0]!.base, p))))
  const bun = await startBunCeiling(root)
  const nginx = await startNginx(root, dir)
  const targets: { name: string; base: string; pid?: number }[] = [...(nginx ? [{ name: 'nginx static', base: nginx.url, pid: nginx.pid }] : []), { name: 'Bun.serve', base: bun.url, pid: bun.pid }, ...servers]
  const encodings: [string, Record<string, string>][] = [
    ['identity', {}],
    ['gzip', { 'accept-encoding': 'gzip' }],
  ]
  const runs = new Map<string, Row[]>()
  const loadBefore = await loadAverage()
  try {
    for (let round = 0; round < rounds; round++)
      for (const path of paths)
        for (const [encoding, headers] of encodings) {
          for (const t of targets) await fetch(t.base + path, { headers }) // warm (the render cache, nginx's open files)
          // every other round the other way round, so neither end of a page's pass always meets the same neighbour
          for (const t of round % 2 ? [...targets].reverse() : targets) {
            const r = t.pid ? await measured(t.pid, () => load(t.base + path, headers)) : await load(t.base + path, headers)
            const key = `${path} ${encoding} ${t.name}`
            runs.set(key, [...(runs.get(key) ?? []), { ...r, page: path, encoding, target: t.name }])
          }
        }
  } finally {
    await bun.stop()
    await nginx?.stop()
  }
  const rows: Row[] = [...runs.values()].map((rs) => ({
    ...rs[0]!,
    rps: median(rs.map((r) => r.rps)),
    p50: median(rs.map((r) => r.p50)),
    p99: median(rs.map((r) => r.p99)),
    errors: rs.reduce((n, r) => n + r.errors, 0),
    cpuPerRequest: rs[0]!.cpuPerRequest === undefined ? undefined : median(rs.map((r) => r.cpuPerRequest!)),
  }))

  console.log(
    `cached pages: ${hasWrk ? 'wrk' : 'built-in Bun client'}, ${CONNECTIONS} connections, ${SECONDS} s per target${rounds > 1 ? `, median of ${rounds} rounds` : ''}; load average before ${loadBefore}, after ${await loadAverage()}${hasNginx ? '' : ' (nginx not installed: apt-get install nginx)'}`,
  )
  console.log(`${pad('page', 36)}${pad('enc', 10)}${pad('target', 16)}${pad('req/s', 9)}${pad('p50 ms', 8)}${pad('p99 ms', 8)}${pad('err', 5)}${pad('×nginx', 8)}${pad('p99×nginx', 11)}${pad('×Bun.serve', 12)}CPU µs/req`)
  const find = (r: Row, target: string) => rows.find((x) => x.page === r.page && x.encoding === r.encoding && x.target === target)
  for (const r of rows) {
    const ng = find(r, 'nginx static')
    const bs = find(r, 'Bun.serve')!
    const ratio = (a: number, b: number | undefined) => (b ? (a / b).toFixed(2) : '-')
    console.log(
      `${pad(r.page, 36)}${pad(r.encoding, 10)}${pad(r.target, 16)}${pad(r.rps.toFixed(0), 9)}${pad(r.p50.toFixed(2), 8)}${pad(r.p99.toFixed(2), 8)}${pad(String(r.errors), 5)}${pad(ratio(r.rps, ng?.rps), 8)}${pad(ratio(r.p99, ng?.p99), 11)}${pad(ratio(r.rps, bs.rps), 12)}${r.cpuPerRequest ? r.cpuPerRequest.toFixed(0) : '-'}`,
    )
  }
  for (const s of servers) {
    const mine = rows.filter((r) => r.target === s.name)
    const worstP99 = Math.max(...mine.map((r) => r.p99 / (find(r, 'nginx static')?.p99 ?? Number.NaN)))
    const worstRps = Math.min(...mine.map((r) => r.rps / (find(r, 'nginx static')?.rps ?? Number.NaN)))
    const worstGzip = Math.min(...mine.filter((r) => r.encoding === 'gzip').map((r) => r.rps / find(r, 'Bun.serve')!.rps))
    // CPU per answer, which the machine's other load moves far less than requests/s or a p99
    const cpuRatios = mine.map((r) => (r.cpuPerRequest ?? Number.NaN) / (find(r, 'Bun.serve')?.cpuPerRequest ?? Number.NaN)).filter(Number.isFinite)
    const cpu = cpuRatios.length ? `; CPU per answer ${Math.min(...cpuRatios).toFixed(2)}–${Math.max(...cpuRatios).toFixed(2)}× the bare Bun.serve's` : ''
    console.log(`${s.name}: worst p99 ${worstP99.toFixed(2)}× nginx's (goal ≤ 1.5), worst req/s ${worstRps.toFixed(2)}× nginx's (goal ≥ 0.9), worst gzip hit ${worstGzip.toFixed(2)}× Bun.serve's (goal ≥ 0.9)${cpu}`)
  }
  return rows
}

if (import.meta.main) {
  const main = await startProductionServer({ label: 'hits', portBase: 3900 })
  const baselineDir = process.env.BENCH_BASELINE
  const baseline = baselineDir ? await startProductionServer({ label: 'hits-baseline', portBase: 3900, root: baselineDir }) : undefined
  try {
    const { pages } = await (await fetch(`${main.baseUrl}/api/brands/static-offers`)).json()
    const { articles } = await (await fetch(`${main.baseUrl}/api/posts/blog-content`)).json()
    const servers: Server[] = [{ name: 'GameWise', base: main.baseUrl, pid: main.pid }, ...(baseline ? [{ name: 'baseline', base: baseline.baseUrl, pid: baseline.pid }] : [])]
    await benchHits(servers, ['/', `/article/${articles[0]._id}`, `/brands/${pages[0]._id}`], main.dataDir)
  } finally {
    await main.stop()
    await baseline?.stop()
  }
}
