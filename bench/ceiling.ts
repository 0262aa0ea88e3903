/**
 * The bare Bun.serve ceiling `bun run bench` measures against, in a process of its own as the server under
 * test is (in the bench's own process it would share a thread with the built-in load client, and flatter
 * every ratio). It answers the pages bench/ceilings.ts wrote under `<root>` (`index.html` is `/`), each
 * with its own bytes: the identity body, or its `.gz` twin (the server's own gzip bytes) to a client that
 * accepts gzip, both held in memory. Prints its port, then serves until killed.
 *
 * bun bench/ceiling.ts <root>
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'

const root = process.argv[2]!
// Blobs: a Response shares a Blob's bytes where it copies a Uint8Array's (the render cache does the same)
const pages = new Map<string, { body: Blob; gzip?: Blob }>()
const walk = (dir: string) => {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const file = join(dir, e.name)
    if (e.isDirectory()) walk(file)
    else if (!e.name.endsWith('.gz')) {
      const path = `/${relative(root, file)}`.replace(/\/index\.html$/, '/')
      let gzip: Blob | undefined
      try {
        gzip = new Blob([readFileSync(`${file}.gz`)])
      } catch {}
      pages.set(path, { body: new Blob([readFileSync(file)]), gzip })
    }
  }
}
walk(root)
const plain = { 'Content-Type': 'text/html;charset=utf-8', Vary: 'Accept-Encoding' }
const gzipped = { ...plain, 'Content-Encoding': 'gzip' }
const server = Bun.serve({
  port: 0,
  hostname: '127.0.0.1',
  fetch(req) {
    const url = req.url
    const page = pages.get(url.slice(url.indexOf('/', url.indexOf('//') + 2)))
    if (!page) return new Response('not found', { status: 404 })
    if (page.gzip && /\bgzip\b/.test(req.headers.get('accept-encoding') ?? '')) return new Response(page.gzip, { headers: gzipped })
    return new Response(page.body, { headers: plain })
  },
})
console.log(server.port)
