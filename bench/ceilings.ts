/**
 * The two ceilings cached pages are measured against, each serving every page's own bytes (the server's
 * identity HTML and its own gzip bytes), never the home page's for all:
 * - a bare Bun.serve holding them in memory (bench/ceiling.ts): what this runtime can answer at most;
 * - nginx serving them as static files (`gzip_static`), one worker process like the one-threaded server
 *   under test, no access log: what a web server in front of files does on this machine.
 * Both send each page's own header set too (the site's security headers, Cache-Control, its ETag): the
 * server answers about 670 bytes of headers against a ceiling's 150 without them, and a ceiling that
 * skipped them would measure what those headers cost, not what the server adds to the same answer.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { freePort } from '../scripts/production-server.ts'

export type PageBytes = { path: string; body: Uint8Array; gzip: Uint8Array | null; headers: [string, string][] }

/** Headers each answer makes for itself (its date, length, encoding, request id) or the ceiling sets (Vary). */
const OWN = new Set(['date', 'content-length', 'content-encoding', 'x-request-id', 'vary', 'transfer-encoding', 'connection', 'keep-alive'])

/** A page's bytes as the server sends them: identity, and gzip to a client that accepts only gzip, and its headers. */
export async function pageBytes(base: string, path: string): Promise<PageBytes> {
  const plain = await fetch(base + path, { headers: { 'accept-encoding': 'identity' } })
  const body = new Uint8Array(await plain.arrayBuffer())
  const res = await fetch(base + path, { headers: { 'accept-encoding': 'gzip' }, decompress: false } as RequestInit)
  const gzip = res.headers.get('content-encoding') === 'gzip' ? new Uint8Array(await res.arrayBuffer()) : null
  const headers = [...plain.headers].filter(([name]) => !OWN.has(name.toLowerCase()))
  return { path, body, gzip, headers }
}

const fileOf = (root: string, path: string) => join(root, path === '/' ? 'index.html' : path.slice(1))

/**
 * Writes the pages as files under `root` (`/` as index.html), each with its `.gz` twin, its headers as
 * `<file>.headers.json` (read by bench/ceiling.ts) and nginx's `add_header` lines for it in `headers.conf`.
 */
export function writePages(root: string, pages: PageBytes[]) {
  const nginx: string[] = []
  for (const p of pages) {
    const file = fileOf(root, p.path)
    mkdirSync(dirname(file), { recursive: true })
    writeFileSync(file, p.body)
    if (p.gzip) writeFileSync(`${file}.gz`, p.gzip)
    writeFileSync(`${file}.headers.json`, JSON.stringify(p.headers))
    // nginx makes its own Content-Type, ETag and Last-Modified; every other header of the page's, as sent
    const adds = p.headers
      .filter(([name]) => !['content-type', 'etag', 'last-modified'].includes(name.toLowerCase()))
      .map(([name, value]) => {
        if (/["$\\]/.test(value)) throw new Error(`header ${name} cannot be written into nginx.conf as is: ${value}`)
        return `add_header ${name} "${value}" always;`
      })
      .join(' ')
    const uri = p.path === '/' ? '/index.html' : p.path
    nginx.push(`location = ${uri} { ${adds} }`)
  }
  writeFileSync(join(root, 'headers.conf'), `${nginx.join('\n')}\n`)
}

/** `pid`: the process answering (nginx's one worker), whose CPU per request the bench reads beside the server's. */
type Ceiling = { url: string; pid?: number; stop: () => Promise<void> }

/** bench/ceiling.ts over `root`: its base URL (no trailing slash), and how to stop it. */
export async function startBunCeiling(root: string): Promise<Ceiling> {
  const proc = Bun.spawn([process.execPath, join(import.meta.dir, 'ceiling.ts'), root], { stdout: 'pipe', stderr: 'inherit' })
  const reader = proc.stdout.getReader()
  let out = ''
  while (!out.includes('\n')) {
    const { value, done } = await reader.read()
    if (done) throw new Error('the Bun.serve ceiling did not start')
    out += new TextDecoder().decode(value)
  }
  reader.releaseLock()
  return { url: `http://127.0.0.1:${out.trim()}`, pid: proc.pid, stop: async () => (proc.kill(), void (await proc.exited)) }
}

export const hasNginx = Bun.spawnSync(['sh', '-c', 'command -v nginx || test -x /usr/sbin/nginx']).exitCode === 0

/** nginx over `root` (files written by `writePages`), its own prefix under `dir`; undefined when not installed. */
export async function startNginx(root: string, dir: string): Promise<Ceiling | undefined> {
  if (!hasNginx) return undefined
  const port = await freePort(3900)
  const prefix = join(dir, 'nginx')
  mkdirSync(join(prefix, 'tmp'), { recursive: true })
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `${t}_temp_path ${prefix}/tmp/${t};`).join(' ')
  writeFileSync(
    join(prefix, 'nginx.conf'),
    `${process.getuid?.() === 0 ? 'user root;' : ''}
worker_processes 1;
error_log ${prefix}/error.log warn;
pid ${prefix}/nginx.pid;
events { worker_connections 1024; }
http {
  access_log off;
  default_type text/html;
  charset utf-8;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 1000000;
  open_file_cache max=100 inactive=60s;
  ${temp}
  server {
    listen 127.0.0.1:${port};
    root ${root};
    gzip_static on;
    gzip_vary on;
    location / { }
    include ${join(root, 'headers.conf')};
  }
}
`,
  )
  const nginx = Bun.spawnSync(['sh', '-c', 'command -v nginx || echo /usr/sbin/nginx']).stdout.toString().trim()
  const proc = Bun.spawn([nginx, '-p', prefix, '-c', join(prefix, 'nginx.conf'), '-g', 'daemon off;'], { stdout: 'ignore', stderr: 'inherit' })
  const url = `http://127.0.0.1:${port}`
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${url}/`)).ok) break
    } catch {}
    if (i > 50 || proc.exitCode !== null) {
      proc.kill()
      return undefined
    }
    await Bun.sleep(100)
  }
  const worker = Number(Bun.spawnSync(['pgrep', '-P', String(proc.pid)]).stdout.toString().trim().split('\n')[0]) || undefined
  return { url, pid: worker, stop: async () => (proc.kill('SIGQUIT'), void (await proc.exited)) }
}
