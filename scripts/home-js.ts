/**
 * `bun scripts/home-js.ts`: the gzipped JavaScript public pages load (their scripts and module preloads,
 * as served to a client that accepts only gzip): the home page (issue 12's budget, 100 KB) and, since
 * issue 22, a brand page with facts, a review and a bonus code and a guide with a comparison table
 * (budget 60 KB each). The home figure is the one `bun run bench` prints, without the load tests around it.
 */
import { startProductionServer } from './production-server.ts'

const PAGES = ['/', '/brands/nova-spins', '/article/fastest-casino-payment-methods']
const server = await startProductionServer({ label: 'home-js', portBase: 5200 })
try {
  for (const path of PAGES) {
    const html = await (await fetch(`${server.baseUrl}${path}`)).text()
    const scripts = [...new Set([...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]))]
    let total = 0
    for (const src of scripts) {
      const res = await fetch(server.baseUrl + src, { headers: { 'accept-encoding': 'gzip' }, decompress: false } as RequestInit)
      const bytes = (await res.arrayBuffer()).byteLength
      total += res.headers.get('content-encoding') === 'gzip' ? bytes : Bun.gzipSync(new Uint8Array(bytes), { level: 9 }).byteLength
      if (process.argv.includes('--files')) console.log(`${String(bytes).padStart(7)}  ${src}`)
    }
    const goal = path === '/' ? 100 : 60
    console.log(`${path}: ${scripts.length} files, ${total.toLocaleString('en')} bytes gzipped = ${(total / 1024).toFixed(1)} KiB (goal ≤ ${goal} KB)`)
  }
} finally {
  await server.stop()
}
