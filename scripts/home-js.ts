/**
 * `bun scripts/home-js.ts`: the gzipped JavaScript the home page loads (its scripts and module preloads,
 * as served to a client that accepts only gzip), the figure issue 12 budgets at 100 KB. The same count
 * `bun run bench` prints, without the load tests around it.
 */
import { startProductionServer } from './production-server.ts'

const server = await startProductionServer({ label: 'home-js', portBase: 5200 })
try {
  const html = await (await fetch(`${server.baseUrl}/`)).text()
  const scripts = [...new Set([...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]))]
  let total = 0
  for (const src of scripts) {
    const res = await fetch(server.baseUrl + src, { headers: { 'accept-encoding': 'gzip' }, decompress: false } as RequestInit)
    const bytes = (await res.arrayBuffer()).byteLength
    total += res.headers.get('content-encoding') === 'gzip' ? bytes : Bun.gzipSync(new Uint8Array(bytes), { level: 9 }).byteLength
    console.log(`${String(bytes).padStart(7)}  ${src}`)
  }
  console.log(`home page JavaScript: ${scripts.length} files, ${total.toLocaleString('en')} bytes gzipped = ${(total / 1024).toFixed(1)} KiB (goal ≤ 100 KB)`)
} finally {
  await server.stop()
}
