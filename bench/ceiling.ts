/**
 * The bare Bun.serve ceiling `bun run bench` measures against, in a process of its own as the server under
 * test is (in the bench's own process it would share a thread with the built-in load client, and flatter
 * every ratio). It answers the pages bench/ceilings.ts wrote under `<root>` (`index.html` is `/`), each
 * with its own bytes: the identity body, or its `.gz` twin (the server's own gzip bytes) to a client that
 * accepts gzip, both held in memory, with the page's own headers (`<file>.headers.json`: the site's
 * security headers, Cache-Control, ETag). Prints its port, then serves until killed.
 *
 * bun bench/ceiling.ts <root>
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'

const root = process.argv[2]!
// Blobs: a Response shares a Blob's bytes where it copies a Uint8Array's (the render cache does the same)
type Page = { body: Blob; gzip?: Blob; plain: Headers; gzipped: Headers }
const pages = new Map<string, Page>()
const walk = (dir: string) => {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const file = join(dir, e.name)
    if (e.isDirectory()) walk(file)
    else if (e.name.endsWith('.html') || !e.name.includes('.')) {
      const path = `/${relative(root, file)}`.replace(/\/index\.html$/, '/')
      let gzip: Blob | undefined
      try {
        gzip = new Blob([readFileSync(`${file}.gz`)])
      } catch {}
      const own: [string, string][] = JSON.parse(readFileSync(`${file}.headers.json`, 'utf8'))
      const plain = { 'Content-Type': 'text/html;charset=utf-8', ...Object.fromEntries(own), Vary: 'Accept-Encoding' }
      pages.set(path, { body: new Blob([readFileSync(file)]), gzip, plain: new Headers(plain), gzipped: new Headers({ ...plain, 'Content-Encoding': 'gzip' }) })
    }
  }
}
walk(root)
const server = Bun.serve({
  port: 0,
  hostname: '127.0.0.1',
  fetch(req) {
    const url = req.url
    const page = pages.get(url.slice(url.indexOf('/', url.indexOf('//') + 2)))
    if (!page) return new Response('not found', { status: 404 })
    if (page.gzip && /\bgzip\b/.test(req.headers.get('accept-encoding') ?? '')) return new Response(page.gzip, { headers: page.gzipped })
    return new Response(page.body, { headers: page.plain })
  },
})
console.log(server.port)
