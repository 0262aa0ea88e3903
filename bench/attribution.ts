/**
 * `bun run bench:attribution` (also part of `bun run bench`): the earnings reports of issue 21 at scale,
 * and a programme's CSV import.
 *
 * 1. A fresh store gets the counters 1,000,000 clicks, 10,000,000 page views and 20,000 conversions add
 *    over 90 days — computed by the same code production uses (attribution/counters.ts increments,
 *    merged per row, then written by incrementOps in batches) — on 100,000 article pages with a Zipf (s = 1.05) spread of traffic, the
 *    shape content sites see, plus the home page and the brand pages. No event records: reports never read
 *    them.
 * 2. A production server on that store answers GET /api/reports/pages, /placements, /breakdown and
 *    /daily over the 90 days: the first (cold) answer, then 300 one at a time (p50/p99) with the kept
 *    sums as shipped; then 300 more, each right after a reader's view is written, which every answer must
 *    include (sums are never behind a write: server/attribution/figures.ts).
 * 3. The CLI imports a programme CSV of 100,000 rows that match stored clicks, twice: timed; the second
 *    must add nothing.
 *
 * Loopback only; bounded in count. BENCH_ATTR_CLICKS=200000 bun bench/attribution.ts for a quick run.
 * MONGODB_URI set: a fresh database on that server is the store instead of SQLite. BENCH_JSON=<file>: the
 * headline figures also as JSON (bench/compare-stores.ts).
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const root = join(import.meta.dir, '..')
const CLICKS = Number(process.env.BENCH_ATTR_CLICKS ?? 1_000_000)
const VIEWS = CLICKS * 10
const CONVERSIONS = Math.round(CLICKS / 50)
const ARTICLES = 100_000
const DAYS = 90
const CSV_ROWS = Number(process.env.BENCH_ATTR_CSV_ROWS ?? 100_000)
const SAMPLES = 300

// BENCH_ATTR_DATA=<dir>: the seeded store is kept there and reused by the next run (seeding takes minutes)
const keptDir = process.env.BENCH_ATTR_DATA
const reuse = !!keptDir && existsSync(join(keptDir, 'seeded'))
const dir = keptDir ?? mkdtempSync(join(tmpdir(), 'gamewise-bench-attr-'))
mkdirSync(dir, { recursive: true })
const mongodbUri = process.env.MONGODB_URI ? Object.assign(new URL(process.env.MONGODB_URI), { pathname: `/bench_attr_${Date.now().toString(36)}` }).toString() : ''
const env = { DATA_DIR: dir, MONGODB_URI: mongodbUri, SEED_DEMO: '0', LOG_LEVEL: 'warn', AUTH_SECRET: 'bench-attribution-secret-0123456789abcdef', ADMIN_USERNAME: 'bench_admin', ADMIN_PASSWORD: 'bench-admin-password' }
for (const [k, v] of Object.entries(env)) process.env[k] = v

const { loadConfig } = await import('../server/config.ts')
const { freePort } = await import('../scripts/production-server.ts')
const { createAppContext } = await import('../server/context.ts')
const { incrementOps } = await import('../db/repositories/counters.ts')
const { op } = await import('../db/batch.ts')
type Increment = import('../db/repositories/counters.ts').Increment
const { countsForClick, countsForConversion, countsForSlotViews, countsForView } = await import('../server/attribution/counters.ts')

const today = new Date()
const dayAgo = (n: number) => new Date(today.getTime() - n * 86_400_000)
const from = dayAgo(DAYS - 1).toISOString().slice(0, 10)
const to = today.toISOString().slice(0, 10)

// Zipf over the article pages: a few earn most; the long tail each a little
const weights = Float64Array.from({ length: ARTICLES }, (_, i) => 1 / Math.pow(i + 1, 1.05))
const total = weights.reduce((a, b) => a + b)
const cum = new Float64Array(ARTICLES)
for (let i = 0, acc = 0; i < ARTICLES; i++) cum[i] = acc += weights[i]! / total
const article = () => {
  const r = Math.random()
  let lo = 0
  let hi = ARTICLES - 1
  while (lo < hi) {
    const m = (lo + hi) >> 1
    if (cum[m]! < r) lo = m + 1
    else hi = m
  }
  return `bench-article-${lo}`
}
const BRANDS = ['nova-spins', 'luckyforge', 'arcadia-bet', 'satoshi-slots', 'royal-reel', 'velocity-bet', 'pixel-poker', 'crown-court-bingo']
const COUNTRIES = ['GB', 'IE', 'DE', 'CA', 'US', null]
const DEVICES = ['mobile', 'desktop', 'tablet'] as const
const pick = <T>(a: readonly T[]) => a[Math.floor(Math.random() * a.length)]!
type Where = { page: 'article' | 'home' | 'brand'; pageId: string; slot: 'article-offers' | 'home-offers' | 'brand-cta'; position: number }
const where = (): Where => {
  const r = Math.random()
  if (r < 0.6) return { page: 'article', pageId: article(), slot: 'article-offers', position: 1 + Math.floor(Math.random() * 3) }
  if (r < 0.85) return { page: 'home', pageId: '', slot: 'home-offers', position: 1 + Math.floor(Math.random() * 5) }
  const b = pick(BRANDS)
  return { page: 'brand', pageId: b, slot: 'brand-cta', position: 1 }
}

console.log(`attribution bench on ${mongodbUri ? `MongoDB ${mongodbUri}` : 'SQLite'}: ${CLICKS.toLocaleString('en-GB')} clicks, ${VIEWS.toLocaleString('en-GB')} views, ${CONVERSIONS.toLocaleString('en-GB')} conversions over ${DAYS} days on ${ARTICLES.toLocaleString('en-GB')} article pages`)
/** Seeds the store (counters, rates, stored clicks) and imports the programme CSV twice. */
async function seed() {
  const config = loadConfig(env)
  const ctx = await createAppContext(config)
  const started = performance.now()
  // Every event's increments through production's countsFor* functions, merged per counter row across the
  // whole run (the same sums the server's batches reach, one upsert per row instead of one per batch: the
  // reports read the same rows, and seeding 1,000,000 clicks no longer takes half an hour on a busy machine).
  const merged = new Map<string, Increment>()
  const add = (incs: readonly Increment[]) => {
    for (const i of incs) {
      const k = `${i.dim}\u0000${i.key}\u0000${i.day}\u0000${i.sub ?? ''}`
      const row = merged.get(k)
      if (!row) merged.set(k, { ...i, inc: { ...i.inc } } as Increment)
      else for (const [m, v] of Object.entries(i.inc)) (row.inc as Record<string, number>)[m] = ((row.inc as Record<string, number>)[m] ?? 0) + (v ?? 0)
    }
  }
  for (let done = 0; done < CLICKS; done++) {
    const at = dayAgo(Math.floor(Math.random() * DAYS))
    const w = where()
    add(countsForClick({ brandId: pick(BRANDS), receivedAt: at, unique: Math.random() < 0.8, country: pick(COUNTRIES), device: pick(DEVICES), placement: { page: w.page, pageId: w.pageId, slot: w.slot, position: w.position } }))
    for (let v = 0; v < 10; v++) {
      const vw = where()
      const seen = dayAgo(Math.floor(Math.random() * DAYS))
      add(countsForView({ page: { page: vw.page, pageId: vw.pageId }, at: seen }))
      add(countsForSlotViews({ page: { page: vw.page, pageId: vw.pageId }, slots: [vw.slot], at: seen }))
    }
    if (done % 50 === 0) {
      add(
        countsForConversion({
          brandId: pick(BRANDS),
          goal: Math.random() < 0.5 ? 1011 : 1002,
          payout: Math.round(Math.random() * 200),
          currency: pick(['EUR', 'EUR', 'USD', 'GBP']),
          status: 'approved',
          clickDay: at.toISOString().slice(0, 10),
          attribution: { placement: { page: w.page, pageId: w.pageId, slot: w.slot, position: w.position }, country: pick(COUNTRIES), device: pick(DEVICES) },
        }),
      )
    }
    if (done % 100_000 === 0) process.stderr.write(`  ${done.toLocaleString('en-GB')} clicks counted…\r`)
  }
  const rows = [...merged.values()]
  merged.clear()
  for (let i = 0; i < rows.length; i += 20_000) await ctx.store.batch(incrementOps(rows.slice(i, i + 20_000)))
  // exchange rates for USD and GBP on every day, so revenue converts
  const rates = []
  for (let d = 0; d < DAYS + 5; d++) {
    const day = dayAgo(d).toISOString().slice(0, 10)
    rates.push(`${day},USD,1.08`, `${day},GBP,0.85`)
  }
  await ctx.services.currency.import(`date,currency,rate\n${rates.join('\n')}\n`, 'bench-rates.csv')
  const counterRows = (await ctx.store.readCounters('counters')).length
  console.log(`counters written in ${((performance.now() - started) / 1000).toFixed(0)} s: ${counterRows.toLocaleString('en-GB')} rows`)

  // 100,000 stored clicks for the CSV to match (inserted as the tracker stores them, without their counters)
  const clickIds: string[] = []
  for (let done = 0; done < CSV_ROWS; done += 5_000) {
    const ops = []
    for (let i = 0; i < Math.min(5_000, CSV_ROWS - done); i++) {
      const clickid = crypto.randomUUID()
      clickIds.push(clickid)
      const w = where()
      ops.push(op.insert('clicks', { _id: `bench-${done + i}`, clickid, brandId: pick(BRANDS), userId: null, user_agent: 'bench', gaid: null, timestamp: today.toISOString(), customParams: [], receivedAt: dayAgo(1), source: 'redirect', visitor: 'v', bot: false, unique: true, placement: w, device: 'mobile', country: 'GB' }))
    }
    await ctx.store.batch(ops)
  }
  await ctx.close()

  const csv = join(dir, 'programme.csv')
  writeFileSync(csv, ['subid,event,amount,currency,transaction,date', ...clickIds.map((id, i) => `${id},${i % 3 ? 'Registration' : 'FTD'},${i % 3 ? 0 : 100},EUR,txn-${i},${dayAgo(1).toISOString().slice(0, 10)}`)].join('\n'))
  const importOnce = () => {
    const t = performance.now()
    const p = Bun.spawnSync([process.execPath, 'cli/index.ts', 'conversions', 'import', csv, '--map', 'click_id=subid,goal=event,payout=amount,txn_id=transaction'], { cwd: root, env: process.env, stdout: 'pipe', stderr: 'pipe' })
    if (p.exitCode !== 0) throw new Error(`import failed: ${p.stderr.toString().slice(-500)}`)
    return { seconds: (performance.now() - t) / 1000, out: p.stdout.toString().split('\n')[0] }
  }
  const first = importOnce()
  const second = importOnce()
  const marker = { counterRows, first, second }
  writeFileSync(join(dir, 'seeded'), JSON.stringify(marker))
  return marker
}
const { counterRows, first: firstImport, second: secondImport } = reuse ? (JSON.parse(readFileSync(join(dir, 'seeded'), 'utf8')) as Awaited<ReturnType<typeof seed>>) : await seed()
if (reuse) console.log(`reusing the store seeded in ${dir}: ${counterRows.toLocaleString('en-GB')} counter rows`)

const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')

/**
 * The reports, through a production server of `checkout` on the store in `dataDir`: the time from spawn
 * to ready (a store's derived tables are built at start), the cold report, then warm, then right after writes.
 */
async function measure(label: string, checkout: string, dataDir: string) {
const port = await freePort(4700)
const base = `http://127.0.0.1:${port}`
console.log(`\n== ${label} (${checkout}) — load average ${loadAverage()}`)
const start = async () => {
  const spawned = performance.now()
  const server = Bun.spawn([process.execPath, 'server/start.ts'], { cwd: checkout, env: { ...process.env, DATA_DIR: dataDir, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', SITE_URL: base, TRUST_PROXY: '1', VIEW_VELOCITY_LIMIT: '100000' }, stdout: 'ignore', stderr: 'inherit' })
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/api/health/ready`)).ok) break
    } catch {}
    if (i > 6_000) throw (server.kill(), new Error('the server did not start')) // 10 minutes: a first start on an existing store builds the counters' blocks
    await Bun.sleep(100)
  }
  return { server, ready: performance.now() - spawned }
}
// a first start builds what the store lacks (the counters' blocks of this checkout's levels, once); the reports are
// measured after a second start, on the store as that version keeps it, not right after a rebuild's writes
const first = await start()
first.server.kill()
await first.server.exited
const { server, ready: again } = await start()
const ready = first.ready
console.log(`server ready in ${(ready / 1000).toFixed(1)} s at its first start on this store (process start, store opened and derived tables built), ${(again / 1000).toFixed(1)} s at the next`)
try {
  const { accessToken } = await (await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: env.ADMIN_USERNAME, password: env.ADMIN_PASSWORD }) })).json()
  const get = async (path: string) => {
    const t = performance.now()
    const res = await fetch(base + path, { headers: { authorization: `Bearer ${accessToken}` } })
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`)
    await res.arrayBuffer()
    return performance.now() - t
  }
  const range = `from=${from}&to=${to}`
  const targets = [`/api/reports/pages?${range}`, `/api/reports/pages?${range}&sort=clicks&offset=50`, `/api/reports/placements?${range}&by=position`, `/api/reports/breakdown?${range}&by=country`, `/api/reports/daily?${range}`]
  const pad = (s: string, n: number) => s.padEnd(n)
  console.log(`\n${pad('report (90 days, through HTTP)', 62)}${pad('cold ms', 10)}${pad('p50 ms', 9)}p99 ms`)
  const headline: Record<string, number> = {}
  for (const path of targets) {
    // Bun.serve closes a connection idle for 10 s: a cold answer slower than that (a loaded machine) reads as NaN
    const cold = await get(path).catch((err: Error) => (console.log(`${path.replace(range, 'from&to')}: no answer, ${err.message.split(':')[0]} (over Bun.serve's 10 s idle timeout)`), Number.NaN))
    const ms: number[] = []
    for (let i = 0; i < SAMPLES; i++) ms.push(await get(path))
    ms.sort((a, b) => a - b)
    const at = (q: number) => ms[Math.min(ms.length - 1, Math.floor(q * ms.length))]!
    console.log(`${pad(path.replace(range, 'from&to'), 62)}${pad(cold.toFixed(0), 10)}${pad(at(0.5).toFixed(1), 9)}${at(0.99).toFixed(1)}`)
    if (path === targets[0]) Object.assign(headline, { 'report cold ms': cold, 'report p50 ms': at(0.5), 'report p99 ms': at(0.99) })
  }
  // fresh under writes: a reader's view is written before every request (each on an article page, from an
  // address of its own), so every answer is a read right after a write, which it must include
  let written = 0
  const writeView = async () => {
    const page = `article:${article()}`
    const res = await fetch(`${base}/api/track/view`, { method: 'POST', headers: { 'content-type': 'application/json', 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0 bench-reader', 'x-forwarded-for': `10.${(written >> 16) & 255}.${(written >> 8) & 255}.${written & 255}` }, body: JSON.stringify({ page, slots: ['article-offers'] }) })
    if (res.status !== 204) throw new Error(`view beacon: ${res.status}`)
    written++
  }
  console.log(`\n${pad('each right after a view is written', 62)}${pad('', 10)}${pad('p50 ms', 9)}p99 ms`)
  for (const path of targets) {
    const ms: number[] = []
    for (let i = 0; i < SAMPLES; i++) {
      await writeView()
      ms.push(await get(path))
    }
    ms.sort((a, b) => a - b)
    const at = (q: number) => ms[Math.min(ms.length - 1, Math.floor(q * ms.length))]!
    console.log(`${pad(path.replace(range, 'from&to'), 62)}${pad('', 10)}${pad(at(0.5).toFixed(1), 9)}${at(0.99).toFixed(1)}`)
  }
  // every view written is in the report at once
  const site = await (await fetch(`${base}/api/reports/daily?${range}`, { headers: { authorization: `Bearer ${accessToken}` } })).json()
  console.log(`${written.toLocaleString('en-GB')} views written during the run; the daily report's views: ${site.totals.views.toLocaleString('en-GB')} (${(VIEWS + written).toLocaleString('en-GB')} expected)`)

  console.log(`load average after: ${loadAverage()}`)
  return { ...headline, 'ready ms': ready } as Record<string, number>
} finally {
  server.kill()
  await server.exited
}
}

// BENCH_BASELINE=<other checkout>: its server first, on a copy of the same store (SQLite), then this one on
// another copy: a before and an after in one run, under the same load
const copyOf = (name: string) => {
  const to = join(tmpdir(), `gamewise-bench-attr-${name}-${process.pid}`)
  rmSync(to, { recursive: true, force: true })
  cpSync(dir, to, { recursive: true })
  return to
}
const baselineRoot = process.env.BENCH_BASELINE
const copies: string[] = []
try {
  if (baselineRoot && mongodbUri) throw new Error('BENCH_BASELINE compares on SQLite only (a copy of the store each)')
  const before = baselineRoot ? await measure('baseline', baselineRoot, copies[copies.push(copyOf('baseline')) - 1]!) : undefined
  const headline = await measure('this checkout', root, keptDir || baselineRoot ? copies[copies.push(copyOf('run')) - 1]! : dir)
  if (before) console.log(`\ncold pages report: ${before['report cold ms']!.toFixed(0)} ms before, ${headline['report cold ms']!.toFixed(0)} ms after (${(before['report cold ms']! / headline['report cold ms']!).toFixed(1)}× faster); ready ${(before['ready ms']! / 1000).toFixed(1)} s before, ${(headline['ready ms']! / 1000).toFixed(1)} s after`)
  Object.assign(headline, { 'CSV import s': firstImport.seconds, 'counter rows': counterRows })
  if (process.env.BENCH_JSON) await Bun.write(process.env.BENCH_JSON, JSON.stringify({ store: mongodbUri ? 'mongodb' : 'sqlite', ...headline }, null, 2))
  console.log(`\nprogramme CSV of ${CSV_ROWS.toLocaleString('en-GB')} rows (CLI, process start included): first import ${firstImport.seconds.toFixed(1)} s (goal ≤ 30 s) — ${firstImport.out}`)
  console.log(`second import of the same file ${secondImport.seconds.toFixed(1)} s — ${secondImport.out}`)
} finally {
  for (const c of copies) rmSync(c, { recursive: true, force: true })
  if (!keptDir) rmSync(dir, { recursive: true, force: true })
}
