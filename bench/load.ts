/**
 * The load clients and the server-CPU meter `bun run bench`'s parts share. Load comes from wrk when
 * installed (apt-get install wrk), else from a built-in Bun client, which is slower and so flatters
 * nothing: both sides of every ratio are measured with the same client.
 */
export const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50)
export const hasWrk = Bun.spawnSync(['sh', '-c', 'command -v wrk']).exitCode === 0

export type Result = { rps: number; p50: number; p99: number; errors: number; requests: number }

export async function loadWithWrk(url: string, headers: Record<string, string> = {}): Promise<Result> {
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
export async function loadWithBun(url: string | (() => string), opts: { init?: () => RequestInit; okStatus?: number; headers?: Record<string, string> } = {}): Promise<Result & { ok: number }> {
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

export const load = (url: string, headers?: Record<string, string>) => (hasWrk ? loadWithWrk(url, headers) : loadWithBun(url, { headers }))

const CLOCK_TICK_US = 1_000_000 / Number(Bun.spawnSync(['getconf', 'CLK_TCK']).stdout.toString().trim() || 100)

/**
 * A process's CPU time so far (user + system), in µs. Per request, it says what an answer costs the
 * server whatever else the machine runs, where requests/s falls with any other load.
 */
export async function cpuUs(pid: number) {
  const fields = (await Bun.file(`/proc/${pid}/stat`).text()).split(') ')[1]!.split(' ')
  return (Number(fields[11]) + Number(fields[12])) * CLOCK_TICK_US
}

/** `run`'s load, and the CPU it cost process `pid` per request. */
export async function measured<R extends Result>(pid: number, run: () => Promise<R>): Promise<R & { cpuPerRequest: number }> {
  const before = await cpuUs(pid)
  const r = await run()
  return { ...r, cpuPerRequest: r.requests ? ((await cpuUs(pid)) - before) / r.requests : 0 }
}

/** The machine's load average over the last minute, as `uptime` prints it. */
export async function loadAverage() {
  return (await Bun.file('/proc/loadavg').text()).split(' ').slice(0, 3).join(', ')
}

export const pad = (s: string, n: number) => s.padEnd(n)
