/**
 * `bun run bench`: requests/s and p50/p99 latency at 50 connections for 10 s per target, against the
 * production server on a freshly seeded store, each printed as a ratio to a bare Bun.serve answering
 * the same home HTML as a static string (this machine's ceiling, measured in the same run, in a process
 * of its own: bench/ceiling.ts).
 * Also prints the gzipped JavaScript the home page loads. Loopback only; bounded in time.
 *
 * Load comes from wrk when installed (apt-get install wrk), else from a built-in Bun client, which is
 * slower and so flatters nothing: both sides of every ratio are measured with the same client. Each
 * server target also prints the server's CPU time per request, which other load on the machine does not
 * move as it moves requests/s.
 *
 * MONGODB_URI set: the server's store is a fresh database on that server instead of SQLite (bench/
 * compare-stores.ts runs both, one after the other, and prints MongoDB's figures as ratios to SQLite's).
 * BENCH_JSON=<file>: the headline figures also as JSON.
 */
import { startProductionServer } from '../scripts/production-server.ts'

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50)
const hasWrk = Bun.spawnSync(['sh', '-c', 'command -v wrk']).exitCode === 0

type Result = { rps: number; p50: number; p99: number; errors: number; requests: number }

async function loadWithWrk(url: string, headers: Record<string, string> = {}): Promise<Result> {
  const asked = Object.entries(headers).flatMap(([k, v]) => ['-H', `${k}: ${v}`])
  const proc = Bun.spawn(['wrk', '-t2', `-c${CONNECTIONS}`, `-d${SECONDS}s`, '--latency', ...asked, url], { stdout: 'pipe', stderr: 'pipe' })
  const out = await new Response(proc.stdout).text()
  await proc.exited
  const ms = (s: string) => (s.endsWith('us') ? Number.parseFloat(s) / 1000 : s.endsWith('ms') ? Number.parseFloat(s) : Number.parseFloat(s) * 1000)
  const rps = Number(out.match(/Requests\/sec:\s+([\d.]+)/)?.[1] ?? 0)
  const p50 = ms(out.match(/\s50%\s+(\S+)/)?.[1] ?? '0')
  const p99 = ms(out.match(/\s99%\s+(\S+)/)?.[1] ?? '0')
  const errors = Number(out.match(/Non-2xx or 3xx responses:\s+(\d+)/)?.[1] ?? 0) + Number(out.match(/Socket errors:.*?timeout (\d+)/)?.[1] ?? 0)
  const requests = Number(out.match(/(\d+) requests in/)?.[1] ?? 0)
  return { rps, p50, p99, errors, requests }
}

/** A client that counts every answer exactly (wrk cannot vary bodies or tell what the server acknowledged). */
async function loadWithBun(url: string | (() => string), opts: { init?: () => RequestInit; okStatus?: number; headers?: Record<string, string> } = {}): Promise<Result & { ok: number }> {
  const latencies: number[] = []
  let errors = 0
  let ok = 0
  const okStatus = opts.okStatus ?? 200
  const end = performance.now() + SECONDS * 1000
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < end) {
        const t = performance.now()
        // bodies as sent: a gzipped answer is not inflated by the client (it would be measured, not the server)
        const res = await fetch(typeof url === 'string' ? url : url(), { redirect: 'manual', decompress: false, headers: opts.headers, ...opts.init?.() } as RequestInit)
        await res.arrayBuffer()
        if (res.status === okStatus) ok++
        else errors++
        latencies.push(performance.now() - t)
      }
    }),
  )
  latencies.sort((a, b) => a - b)
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0
  return { rps: latencies.length / SECONDS, p50: at(0.5), p99: at(0.99), errors, ok, requests: latencies.length }
}

const load = (url: string, headers?: Record<string, string>) => (hasWrk ? loadWithWrk(url, headers) : loadWithBun(url, { headers }))

/** bench/ceiling.ts serving `html` in its own process: its URL, and how to stop it. */
async function startCeiling(html: string, dir: string) {
  const file = `${dir}/ceiling.html`
  await Bun.write(file, html)
  const proc = Bun.spawn([process.execPath, `${import.meta.dir}/ceiling.ts`, file], { stdout: 'pipe', stderr: 'inherit' })
  const reader = proc.stdout.getReader()
  let out = ''
  while (!out.includes('\n')) {
    const { value, done } = await reader.read()
    if (done) throw new Error('the ceiling server did not start')
    out += new TextDecoder().decode(value)
  }
  reader.releaseLock()
  return { url: `http://127.0.0.1:${out.trim()}/`, stop: async () => (proc.kill(), await proc.exited) }
}

// one proxy hop believed, so a tracking target can send each click from another network (X-Forwarded-For);
// the other targets send no such header and are answered as before
process.env.TRUST_PROXY = '1'
/** MONGODB_URI: a database of this run's own on that server */
const mongodbUri = process.env.MONGODB_URI ? Object.assign(new URL(process.env.MONGODB_URI), { pathname: `/bench_${Date.now().toString(36)}` }).toString() : undefined
const { baseUrl: base, dataDir, stop, pid } = await startProductionServer({ label: 'bench', portBase: 3900, mongodbUri })
console.log(`store: ${mongodbUri ? `MongoDB ${mongodbUri}` : 'SQLite'}`)
/** How many clicks of `source` with `position` the store holds (each acknowledged click must be one). */
async function storedClicks(source: string, position: number): Promise<number> {
  if (mongodbUri) {
    const { MongoClient } = await import('mongodb')
    const client = new MongoClient(mongodbUri)
    try {
      return await client.db().collection('clicks').countDocuments({ source, 'placement.position': position })
    } finally {
      await client.close()
    }
  }
  const { Database } = await import('bun:sqlite')
  const db = new Database(`${dataDir}/gamewise.db`, { readonly: true })
  try {
    return db.query<{ n: number }, [string, number]>("SELECT count(*) AS n FROM clicks WHERE json_extract(doc, '$.source') = ? AND json_extract(doc, '$.placement.position') = ?").get(source, position)!.n
  } finally {
    db.close()
  }
}
const headline: Record<string, number> = {}
/** The server process's resident memory, in MB (Linux). */
const rssMb = async () => Number((await Bun.file(`/proc/${pid}/status`).text()).match(/VmRSS:\s+(\d+)/)?.[1] ?? 0) / 1024
/**
 * The server process's CPU time so far (user + system), in µs. Per request, it says what an answer costs
 * the server whatever else the machine runs, where requests/s falls with any other load.
 */
const CLOCK_TICK_US = 1_000_000 / Number(Bun.spawnSync(['getconf', 'CLK_TCK']).stdout.toString().trim() || 100)
const cpuUs = async () => {
  const fields = (await Bun.file(`/proc/${pid}/stat`).text()).split(') ')[1]!.split(' ')
  return (Number(fields[11]) + Number(fields[12])) * CLOCK_TICK_US
}
/** `run`'s load, and the server CPU it cost per request. */
async function measured<R extends Result>(run: () => Promise<R>): Promise<R & { cpuPerRequest: number }> {
  const before = await cpuUs()
  const r = await run()
  return { ...r, cpuPerRequest: r.requests ? ((await cpuUs()) - before) / r.requests : 0 }
}

try {
  const homeHtml = await (await fetch(`${base}/`)).text()
  const ceiling = await startCeiling(homeHtml, dataDir)

  // the gzipped JavaScript the home page loads: its scripts and module preloads
  const scripts = [...new Set([...homeHtml.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]))]
  // bytes as served to a client that accepts only gzip (the server precompresses at level 9)
  let jsGzip = 0
  for (const src of scripts) {
    const res = await fetch(base + src, { headers: { 'accept-encoding': 'gzip' } })
    const sent = Number(res.headers.get('content-length'))
    jsGzip += res.headers.get('content-encoding') === 'gzip' && sent ? sent : Bun.gzipSync(new Uint8Array(await res.arrayBuffer()), { level: 9 }).byteLength
  }

  const { pages } = await (await fetch(`${base}/api/brands/static-offers`)).json()
  const { articles } = await (await fetch(`${base}/api/posts/blog-content`)).json()
  const gzip = { 'accept-encoding': 'gzip' }
  const targets: [string, string, Record<string, string>?][] = [
    ['ceiling: Bun.serve static home HTML', ceiling.url],
    ['/', `${base}/`],
    ['/ (gzip)', `${base}/`, gzip],
    [`/article/${articles[0]._id}`, `${base}/article/${articles[0]._id}`],
    [`/brands/${pages[0]._id}`, `${base}/brands/${pages[0]._id}`],
    // issue 23: the same brand page under a market's prefix (the demo's Ontario): one map lookup more
    [`/ca-on/brands/${pages[0]._id} (market)`, `${base}/ca-on/brands/${pages[0]._id}`],
    ['GET /api/posts/blog-content', `${base}/api/posts/blog-content`],
  ]
  for (const [, url, headers] of targets) await fetch(url, { headers }) // warm the render cache

  console.log(`load: ${hasWrk ? 'wrk' : 'built-in Bun client (install wrk for a lighter client)'}, ${CONNECTIONS} connections, ${SECONDS} s per target, uncompressed answers unless marked (gzip)`)
  const results: (Result & { name: string; cpuPerRequest?: number })[] = []
  for (const [i, [name, url, headers]] of targets.entries()) results.push({ name, ...(i ? await measured(() => load(url, headers)) : await load(url, headers)) })
  await ceiling.stop()

  const top = results[0].rps
  const pad = (s: string, n: number) => s.padEnd(n)
  const cpu = (r: { cpuPerRequest?: number }) => (r.cpuPerRequest ? r.cpuPerRequest.toFixed(0) : '-')
  console.log(`\n${pad('target', 40)}${pad('req/s', 10)}${pad('p50 ms', 9)}${pad('p99 ms', 9)}${pad('errors', 8)}${pad('× ceiling', 11)}server CPU µs/req`)
  for (const r of results)
    console.log(`${pad(r.name, 40)}${pad(r.rps.toFixed(0), 10)}${pad(r.p50.toFixed(2), 9)}${pad(r.p99.toFixed(2), 9)}${pad(String(r.errors), 8)}${pad((r.rps / top).toFixed(2), 11)}${cpu(r)}`)
  const worst = Math.min(...results.slice(1).map((r) => r.rps / top))
  console.log(`\nslowest public target: ${worst.toFixed(2)}× ceiling (goal ≥ 0.30)`)
  const plain = results.find((r) => r.name === `/brands/${pages[0]._id}`)
  const inMarket = results.find((r) => r.name.endsWith('(market)'))
  if (plain && inMarket) console.log(`market page: ${(inMarket.rps / top).toFixed(2)}× ceiling vs ${(plain.rps / top).toFixed(2)}× for the same page unprefixed (goal: within 0.1×)`)

  // Tracking: every acknowledged click (302 from /go, 201 from POST /api/clicks) must leave exactly one record.
  const ceiling2 = await startCeiling(homeHtml, dataDir)
  const ua = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36 bench'
  const bunCeiling = await loadWithBun(ceiling2.url)
  await ceiling2.stop()
  // attribution on (issue 21): every click says its page, slot and position, and where the visit arrived from
  const placement = 'from=article%3Artp-explained&slot=article-offers&pos=1&ref=news.example.com&utm_source=bench'
  const go = await measured(() => loadWithBun(`${base}/go/${pages[0]._id}?${placement}`, { okStatus: 302, init: () => ({ headers: { 'user-agent': ua } }) }))
  // issue 24: each click from a network not seen before, so every group commit counts every click's network
  // in the store (the line above is one network: past its velocity limit, its clicks ask the store nothing)
  let network = 0
  const spread = await measured(() =>
    loadWithBun(`${base}/go/${pages[0]._id}?${placement.replace('pos=1', 'pos=2')}`, {
      okStatus: 302,
      init: () => {
        const n = ++network
        return { headers: { 'user-agent': ua, 'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` } }
      },
    }),
  )
  const posted = await measured(() =>
    loadWithBun(`${base}/api/clicks`, {
      okStatus: 201,
      init: () => ({
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-agent': ua },
        body: JSON.stringify({ clickid: crypto.randomUUID(), brandId: pages[0]._id, userId: null, user_agent: ua, gaid: 'bench', timestamp: new Date().toISOString(), customParams: [], from: 'article:rtp-explained', slot: 'article-offers', pos: 1 }),
      }),
    }),
  )
  await Bun.sleep(500) // the redirect queue commits every few milliseconds
  const [redirects, spreadRedirects, browser] = [await storedClicks('redirect', 1), await storedClicks('redirect', 2), await storedClicks('browser', 1)]
  console.log(`\ntracking (same exact-counting client for all three; ceiling re-measured with it)`)
  console.log(`${pad('target', 40)}${pad('req/s', 10)}${pad('p50 ms', 9)}${pad('p99 ms', 9)}${pad('acked', 9)}${pad('stored', 9)}${pad('× ceiling', 11)}server CPU µs/req`)
  console.log(`${pad('ceiling (this client)', 40)}${pad(bunCeiling.rps.toFixed(0), 10)}${pad(bunCeiling.p50.toFixed(2), 9)}${pad(bunCeiling.p99.toFixed(2), 9)}${pad('-', 9)}${pad('-', 9)}${pad('1.00', 11)}-`)
  for (const [name, r, stored] of [[`GET /go/${pages[0]._id} (with placement)`, go, redirects], ['GET /go, a new network every click', spread, spreadRedirects], ['POST /api/clicks (with placement)', posted, browser]] as const)
    console.log(`${pad(name, 40)}${pad(r.rps.toFixed(0), 10)}${pad(r.p50.toFixed(2), 9)}${pad(r.p99.toFixed(2), 9)}${pad(String(r.ok), 9)}${pad(String(stored), 9)}${pad((r.rps / bunCeiling.rps).toFixed(2), 11)}${cpu(r)}`)
  const lost = go.ok - redirects + (spread.ok - spreadRedirects) + (posted.ok - browser)
  console.log(`clicks acknowledged but not stored: ${lost} (goal 0); slowest tracking target ${Math.min(go.rps, posted.rps) / bunCeiling.rps >= 0.2 ? '≥' : '<'} 0.2× ceiling`)

  // site search: a query no visitor asked before on every request, so each is the store's search, never the cache's
  const words0 = ['casino', 'bonus', 'slots', 'poker', 'odds', 'esports', 'jackpot', 'crypto', 'wallet', 'bankroll']
  let asked = 0
  const search = await measured(() => loadWithBun(() => `${base}/api/search?q=${words0[asked % words0.length]}+${(asked++).toString(36)}`))
  console.log(`\nsearch, a new query every request (GET /api/search): ${search.rps.toFixed(0)} req/s, p50 ${search.p50.toFixed(2)} ms, p99 ${search.p99.toFixed(2)} ms, ${search.errors} errors, server CPU ${cpu(search)} µs/req`)
  for (const r of results.slice(1)) headline[`cached ${r.name}`] = r.rps
  Object.assign(headline, { 'GET /go': go.rps, 'GET /go, a new network every click': spread.rps, 'POST /api/clicks': posted.rps, 'search (uncached)': search.rps, 'search p99 ms': search.p99, 'clicks lost': lost })
  // BENCH_MEMORY_PROBE=0 leaves the memory probes out (bench/compare-stores.ts: they measure the cache, not the store)
  if (process.env.BENCH_MEMORY_PROBE !== '0') await memoryProbes()
  async function memoryProbes() {
  // Issue 14's probe: cache-busting query strings and many variants of every article must not grow the heap
  const before = await rssMb()
  const get = async (url: string) => (await fetch(url)).arrayBuffer()
  const urls = [...Array.from({ length: 2_100 }, (_, i) => `${base}/?x=${i}`), ...articles.flatMap((a: { _id: string }) => Array.from({ length: 60 }, (_, i) => `${base}/article/${a._id}?v=${i}`))]
  for (let i = 0; i < urls.length; i += 20) await Promise.all(urls.slice(i, i + 20).map(get))
  const after = await rssMb()
  console.log(`\ncache-busting probe: ${urls.length} requests with junk query strings; server RSS ${before.toFixed(0)} MB → ${after.toFixed(0)} MB (goal < 300 MB)`)

  // Issue 24's probe: every distinct search is a page a visitor chose, and so is every junk query string
  // and every other spelling of a path; none may grow the process past 300 MB, whatever the mix
  const words = ['casino', 'bonus', 'slots', 'poker', 'odds', 'esports', 'jackpot', 'crypto', 'wallet', 'bankroll']
  const searches = Array.from({ length: 15_000 }, (_, i) => `${base}/search?q=${words[i % words.length]}+${i.toString(36)}`)
  // issue 26: as many distinct suggestion queries (cached like searches), and unknown addresses (a 404 is never cached)
  const suggestions = Array.from({ length: 15_000 }, (_, i) => `${base}/api/search/suggest?q=${words[i % words.length].slice(0, 3)}+${i.toString(36)}`)
  const unknown = Array.from({ length: 2_000 }, (_, i) => `${base}/article/${words[i % words.length]}-${i.toString(36)}-review`)
  const junkPaths = ['/', '/articles', '/brands', `/article/${articles[0]._id}`, `/brands/${pages[0]._id}`, '/search', '/api/posts/blog-content', '/api/brands/static-offers', '/rss.xml']
  // another spelling of the same path: some characters percent-escaped (RFC 3986 says they are one URL)
  const respell = (path: string, i: number) => path.replace(/[a-z]/g, (ch, at: number) => ((i >> at % 12) & 1 ? `%${ch.charCodeAt(0).toString(16)}` : ch))
  const junk = Array.from({ length: 15_000 }, (_, i) => {
    const path = junkPaths[i % junkPaths.length]
    return `${base}${i % 3 ? path : respell(path, i)}?${crypto.randomUUID().slice(0, 8)}=${i}&utm_source=${i}`
  })
  const start = await rssMb()
  let peak = start
  const probe = [...searches, ...suggestions, ...unknown, ...junk]
  for (let i = 0; i < probe.length; i += 20) {
    await Promise.all(probe.slice(i, i + 20).map(get))
    if (i % 1_000 === 0) peak = Math.max(peak, await rssMb())
  }
  const end = await rssMb()
  peak = Math.max(peak, end)
  // and what the process gives back once the burst is over (the engine's idle collection, the allocator's purge)
  await Bun.sleep(5_000)
  const rest = await rssMb()
  console.log(
    `memory probe: ${searches.length.toLocaleString('en')} unique searches, ${suggestions.length.toLocaleString('en')} unique suggestion queries, ${unknown.length.toLocaleString('en')} unknown addresses, then ${junk.length.toLocaleString('en')} junk query strings (a third on re-spelled paths); server RSS ${start.toFixed(0)} → ${end.toFixed(0)} MB at the end (goal ≤ 300 MB: ${end <= 300 ? 'met' : 'NOT met'}), highest sample on the way ${peak.toFixed(0)} MB, ${rest.toFixed(0)} MB after 5 s at rest`,
  )
  }
  console.log(`home page JavaScript: ${scripts.length} files, ${jsGzip} bytes gzipped = ${(jsGzip / 1024).toFixed(1)} KiB (goal ≤ 100 KB)`)
  if (process.env.BENCH_JSON) await Bun.write(process.env.BENCH_JSON, JSON.stringify({ store: mongodbUri ? 'mongodb' : 'sqlite', ...headline }, null, 2))
} finally {
  await stop()
}
