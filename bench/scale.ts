/**
 * `bun run bench:scale` (also the last part of `bun run bench`): the site at 20 (demo), 20,000 and 100,000
 * articles. For each size: a fresh store gets the demo content, then the generated articles through the
 * CLI's import (timed); a server with the render cache off measures uncached renders one request at a
 * time; a second server over the same store, cache on, measures cached home requests/s against a bare
 * Bun.serve ceiling in the same run. Loopback only; bounded in time and count.
 *
 * BENCH_SCALE_SIZES=20000 bun bench/scale.ts   # other sizes
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const root = join(import.meta.dir, '..')
if (process.env.MONGODB_URI) {
  // what it measures is the embedded store's own (its import, FTS5 search and page reads at 100,000 articles)
  console.log('bench:scale SKIPPED with MONGODB_URI: it measures the SQLite store at 20,000 and 100,000 articles; on FerretDB (no text index) each search would scan every article. Unset MONGODB_URI to run it.')
  process.exit(0)
}
const SIZES = (process.env.BENCH_SCALE_SIZES ?? '20000,100000').split(',').map(Number)
const SAMPLES = Number(process.env.BENCH_SCALE_SAMPLES ?? 200)
const hasWrk = Bun.spawnSync(['sh', '-c', 'command -v wrk']).exitCode === 0

const run = (args: string[], env: Record<string, string>) => {
  const p = Bun.spawnSync([process.execPath, ...args], { cwd: root, env: { ...process.env, ...env }, stdout: 'ignore', stderr: 'pipe' })
  if (p.exitCode !== 0) throw new Error(`${args.join(' ')} failed: ${p.stderr.toString().slice(-2000)}`)
}

async function serve(dataDir: string, port: number, env: Record<string, string> = {}) {
  const base = `http://127.0.0.1:${port}`
  const proc = Bun.spawn([process.execPath, 'server/start.ts'], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SITE_URL: base, MONGODB_URI: '', LOG_LEVEL: 'warn', SEED_DEMO: '0', ...env },
    stdout: 'ignore',
    stderr: 'inherit',
  })
  const deadline = Date.now() + 120_000
  for (;;) {
    try {
      if ((await fetch(`${base}/api/health/ready`)).ok) break
    } catch {}
    if (Date.now() > deadline || proc.exitCode !== null) throw new Error(`server on ${base} did not start`)
    await Bun.sleep(100)
  }
  const rss = async () => Number((await Bun.file(`/proc/${proc.pid}/status`).text()).match(/VmRSS:\s+(\d+)/)?.[1] ?? 0) / 1024
  return { base, rss, stop: async () => (proc.kill(), await proc.exited) }
}

/** p50/p99 of one request at a time (no queueing: the server's own time plus loopback). */
/** Steady-state render time: a few requests first warm SQLite's page cache and the JIT (a running server has both), then SAMPLES are timed. */
const WARMUP = 20
async function latency(urls: () => string) {
  for (let i = 0; i < WARMUP; i++) await (await fetch(urls())).arrayBuffer()
  const ms: number[] = []
  for (let i = 0; i < SAMPLES; i++) {
    const t = performance.now()
    const res = await fetch(urls())
    await res.arrayBuffer()
    if (!res.ok) throw new Error(`${res.url} answered ${res.status}`)
    ms.push(performance.now() - t)
  }
  ms.sort((a, b) => a - b)
  return { p50: ms[Math.floor(ms.length * 0.5)], p99: ms[Math.min(ms.length - 1, Math.floor(ms.length * 0.99))] }
}

async function rps(url: string) {
  if (!hasWrk) return 0
  const p = Bun.spawn(['wrk', '-t2', '-c50', '-d5s', url], { stdout: 'pipe', stderr: 'ignore' })
  const out = await new Response(p.stdout).text()
  await p.exited
  return Number(out.match(/Requests\/sec:\s+([\d.]+)/)?.[1] ?? 0)
}

type Row = { size: number; importS: number; homeRaw: number; homeGz: number; lat: Record<string, { p50: number; p99: number }>; cachedRatio: number; rss: number }
const rows: Row[] = []
const words = ['bonus', 'wagering strategy', 'casino', 'esports odds', 'bankroll', 'jackpot', 'crypto wallet', 'responsible limits']

try {
  Bun.spawnSync([process.execPath, 'x', 'vike', 'build'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] })
  for (const size of [20, ...SIZES]) {
    const dir = mkdtempSync(join(tmpdir(), `gamewise-scale-${size}-`))
    try {
      run(['cli/index.ts', 'seed', 'demo', '--svg-images'], { DATA_DIR: dir, LOG_LEVEL: 'warn' })
      let importS = 0
      if (size > 20) {
        const file = join(dir, 'articles.ndjson')
        run(['bench/generate-articles.ts', String(size), file], {})
        const t = performance.now()
        run(['cli/index.ts', 'import', 'posts', file], { DATA_DIR: dir, LOG_LEVEL: 'warn' })
        importS = (performance.now() - t) / 1000
        rmSync(file)
      }
      const port = 4700 + Math.floor(Math.random() * 200)
      const cold = await serve(dir, port, { RENDER_CACHE_MB: '0' })
      let lat: Row['lat']
      let homeRaw = 0
      let homeGz = 0
      let rss = 0
      try {
        homeRaw = (await (await fetch(`${cold.base}/`)).arrayBuffer()).byteLength
        // Bun's fetch decompresses unless told not to: count the bytes the server actually sent
        const gz = await fetch(`${cold.base}/`, { headers: { 'accept-encoding': 'gzip' }, decompress: false } as RequestInit)
        if (gz.headers.get('content-encoding') !== 'gzip') throw new Error('the home page was not sent gzipped')
        homeGz = (await gz.arrayBuffer()).byteLength
        const articles = size > 20 ? size : 0
        const archivePages = Math.ceil((articles + 19) / 15) // the demo's 19 readable posts plus the generated ones
        const index = await (await fetch(`${cold.base}/sitemap.xml`)).text()
        const sitemaps = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1].replace(/^https?:\/\/[^/]+/, cold.base)).filter((u) => /article/.test(u))
        let i = 0
        const pick = <T,>(list: T[]) => list[i++ % list.length]
        lat = {
          home: await latency(() => `${cold.base}/`),
          article: await latency(() => `${cold.base}/article/${articles ? `gen-${Math.floor(Math.random() * articles)}` : 'rtp-explained'}`),
          archive: await latency(() => `${cold.base}/articles${Math.random() < 0.1 ? '' : `/page/${1 + Math.floor(Math.random() * archivePages)}`}`.replace(/\/page\/1$/, '')),
          sitemap: await latency(() => pick(sitemaps.length ? sitemaps : [`${cold.base}/sitemap.xml`])),
          search: await latency(() => `${cold.base}/api/search?q=${encodeURIComponent(pick(words))}`),
          // issue 22: a brand page with key facts and a structured review, and a guide with a comparison table
          review: await latency(() => `${cold.base}/brands/nova-spins`),
          table: await latency(() => `${cold.base}/article/fastest-casino-payment-methods`),
        }
        rss = await cold.rss()
      } finally {
        await cold.stop()
      }
      const warm = await serve(dir, port + 300)
      let cachedRatio = 0
      try {
        const html = await (await fetch(`${warm.base}/`)).text()
        const ceiling = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: () => new Response(html, { headers: { 'Content-Type': 'text/html;charset=utf-8' } }) })
        const top = await rps(`http://127.0.0.1:${ceiling.port}/`)
        ceiling.stop(true)
        cachedRatio = top ? (await rps(`${warm.base}/`)) / top : 0
        rss = Math.max(rss, await warm.rss())
      } finally {
        await warm.stop()
      }
      rows.push({ size, importS, homeRaw, homeGz, lat, cachedRatio, rss })
      console.log(`scale ${size}: done`)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  }
} finally {
  const pad = (s: string | number, n: number) => String(s).padEnd(n)
  const f = (x: { p50: number; p99: number }) => `${x.p50.toFixed(1)}/${x.p99.toFixed(1)}`
  console.log(`\nscale (uncached renders one at a time, p50/p99 ms; cached home with wrk vs a static ceiling)`)
  console.log(`${pad('articles', 10)}${pad('import s', 10)}${pad('home KB raw/gz', 16)}${pad('home', 12)}${pad('article', 12)}${pad('archive', 12)}${pad('sitemap', 12)}${pad('search', 12)}${pad('review', 12)}${pad('table', 12)}${pad('cached ×', 10)}RSS MB`)
  for (const r of rows)
    console.log(
      `${pad(r.size, 10)}${pad(r.importS ? r.importS.toFixed(1) : '-', 10)}${pad(`${(r.homeRaw / 1024).toFixed(1)}/${(r.homeGz / 1024).toFixed(1)}`, 16)}${pad(f(r.lat.home), 12)}${pad(f(r.lat.article), 12)}${pad(f(r.lat.archive), 12)}${pad(f(r.lat.sitemap), 12)}${pad(f(r.lat.search), 12)}${pad(f(r.lat.review), 12)}${pad(f(r.lat.table), 12)}${pad(r.cachedRatio ? r.cachedRatio.toFixed(2) : '-', 10)}${r.rss.toFixed(0)}`,
    )
  const big = rows.find((r) => r.size === 100_000)
  const small = rows.find((r) => r.size === 20)
  if (big && small) {
    const worst = Math.max(...Object.values(big.lat).map((l) => l.p99))
    console.log(
      `targets at 100,000: home ${(big.homeGz / 1024).toFixed(1)} KB gz (≤ 60) · uncached p99 ≤ 50 ms: worst ${worst.toFixed(1)} · search p99 ${big.lat.search.p99.toFixed(1)} (≤ 30) · RSS ${big.rss.toFixed(0)} MB (≤ 300) · import ${big.importS.toFixed(0)} s (≤ 120) · home render ${(big.lat.home.p50 / small.lat.home.p50).toFixed(2)}× its time at 20 (≤ 2) · brand with review p50 ${big.lat.review.p50.toFixed(1)} and guide with a table p50 ${big.lat.table.p50.toFixed(1)} (≤ 15)`,
    )
  }
}
