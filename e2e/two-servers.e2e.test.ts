import { Database } from 'bun:sqlite'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PERSON_UA } from './browser.ts'
import { freePort } from '../scripts/production-server.ts'
import { LOGIN_LIMITS } from '../server/routes/auth.ts'

/**
 * Issue 14: several server processes over one store. Two (and for the kill test, a third) real
 * production servers (`bun server/start.ts`, built by the e2e runner) share one SQLite file in WAL mode,
 * or in the MongoDB run (E2E_STORE=mongodb) one database on the runner's FerretDB.
 */
const root = join(import.meta.dirname, '..')
const dataDir = mkdtempSync(join(tmpdir(), 'gamewise-two-servers-'))
const mongodbUri = process.env.E2E_STORE === 'mongodb' ? Object.assign(new URL(process.env.E2E_MONGODB_URI!), { pathname: `/two_servers_${Date.now().toString(36)}` }).toString() : ''
const storeName = mongodbUri ? 'one MongoDB database (FerretDB)' : 'one SQLite file'

/** The stored clicks with these click ids (or every stored click id), read from the store itself. */
async function storedClicks(ids?: string[]): Promise<{ clickid: string; unique?: boolean }[]> {
  if (mongodbUri) {
    const { MongoClient } = await import('mongodb')
    const client = new MongoClient(mongodbUri)
    try {
      const docs = await client.db().collection('clicks').find(ids ? { clickid: { $in: ids } } : {}, { projection: { clickid: 1, unique: 1 } }).toArray()
      return docs.map((d) => ({ clickid: d.clickid as string, unique: d.unique as boolean | undefined }))
    } finally {
      await client.close()
    }
  }
  const db = new Database(join(dataDir, 'gamewise.db'), { readonly: true })
  try {
    return db.query<{ doc: string }, []>('SELECT doc FROM clicks').all().map((r) => JSON.parse(r.doc)).filter((c) => !ids || ids.includes(c.clickid))
  } finally {
    db.close()
  }
}
const admin = { username: 'two_admin', password: crypto.randomUUID() }
type Server = { base: string; proc: Bun.Subprocess }
const servers: Server[] = []

async function startServer(): Promise<Server> {
  const port = await freePort(4600)
  const base = `http://127.0.0.1:${port}`
  const proc = Bun.spawn([process.execPath, 'server/start.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SITE_URL: base,
      SEED_DEMO: '1',
      MONGODB_URI: mongodbUri,
      TRUST_PROXY: '1',
      ADMIN_USERNAME: admin.username,
      ADMIN_PASSWORD: admin.password,
      LOG_LEVEL: 'warn',
    },
    stdout: 'ignore',
    stderr: 'inherit',
  })
  const server = { base, proc }
  servers.push(server)
  const deadline = Date.now() + 90_000 // the first start seeds raster demo images (about 13 s here, more on a busy machine)
  for (;;) {
    try {
      if ((await fetch(`${base}/api/health/ready`)).ok) return server
    } catch {}
    if (Date.now() > deadline || proc.exitCode !== null) throw new Error(`server on ${base} did not start`)
    await Bun.sleep(100)
  }
}

let a: Server
let b: Server
beforeAll(async () => {
  a = await startServer() // seeds the empty store
  b = await startServer()
})
afterAll(async () => {
  for (const s of servers) {
    s.proc.kill()
    await s.proc.exited
  }
  rmSync(dataDir, { recursive: true, force: true })
})

const post = (base: string, path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) })

describe(`two server processes over ${storeName}`, () => {
  it('the login limit holds across both: 10 failures spread over them, then both answer 429', async () => {
    const from = { 'x-forwarded-for': '203.0.113.77' }
    for (let i = 0; i < 10; i++) {
      const res = await post(i % 2 ? a.base : b.base, '/api/auth/login', { username: admin.username, password: `wrong ${i}` }, from)
      expect(res.status).toBe(401)
    }
    for (const s of [a, b]) expect((await post(s.base, '/api/auth/login', admin, from)).status).toBe(429)
    expect((await post(b.base, '/api/auth/login', admin, { 'x-forwarded-for': '198.51.100.77' })).status).toBe(200) // the owner, elsewhere
  })

  it('20 failed logins at once, spread over both, let exactly the limit through: the shared counter never loses a step', async () => {
    const from = { 'x-forwarded-for': '203.0.113.99' }
    const username = `nobody_${Date.now().toString(36)}`
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => post(i % 2 ? a.base : b.base, '/api/auth/login', { username, password: `wrong ${i}` }, from)))
    const statuses = answers.map((r) => r.status).sort()
    const limit = LOGIN_LIMITS.addressAndName.limit
    expect(statuses).toEqual([...Array(limit).fill(401), ...Array(20 - limit).fill(429)])
  })

  it("a visitor's clicks through both count one unique", async () => {
    const headers = { 'user-agent': PERSON_UA, 'x-forwarded-for': '203.0.113.88' }
    const ids: string[] = []
    for (const s of [a, b, a]) {
      const res = await fetch(`${s.base}/go/nova-spins`, { redirect: 'manual', headers })
      expect(res.status).toBe(302)
      ids.push(new URL(res.headers.get('location')!).searchParams.get('click_id')!)
    }
    const rows = await storedClicks(ids)
    expect(ids.map((id) => rows.find((r) => r.clickid === id)?.unique)).toEqual([true, false, false]) // stored before each 302
  })

  it('a scheduled post goes live by itself on both, published once (issue 13)', async () => {
    const tokens = await (await post(a.base, '/api/auth/login', admin, { 'x-forwarded-for': '198.51.100.2' })).json()
    const auth = { authorization: `Bearer ${tokens.accessToken}` }
    const title = `Scheduled launch ${Date.now().toString(36)}`
    const publishAt = new Date(Date.now() + 4_000).toISOString()
    const res = await post(a.base, '/api/posts/article', { title, status: 'scheduled', publishAt }, auth)
    expect(res.status).toBe(201)
    const { _id: id } = await res.json()
    // before its time: on neither server's home, article page, sitemap or feed (each render cached now)
    const shows = async (base: string) => {
      const [home, article, sitemap, feed] = await Promise.all([
        fetch(`${base}/`).then((r) => r.text()),
        fetch(`${base}/article/${id}`).then((r) => r.status),
        fetch(`${base}/sitemap-articles-1.xml`).then((r) => r.text()),
        fetch(`${base}/rss.xml`).then((r) => r.text()),
      ])
      return { home: home.includes(title), article, sitemap: sitemap.includes(`/article/${id}`), feed: feed.includes(`/article/${id}`) }
    }
    for (const s of [a, b]) expect(await shows(s.base)).toEqual({ home: false, article: 404, sitemap: false, feed: false })
    // no editor does anything: within a few seconds of its time, both serve it everywhere
    for (const s of [a, b]) {
      const deadline = Date.now() + 20_000
      let seen = await shows(s.base)
      while (Date.now() < deadline && !(seen.home && seen.article === 200 && seen.sitemap && seen.feed)) {
        await Bun.sleep(250)
        seen = await shows(s.base)
      }
      expect(seen, s.base).toEqual({ home: true, article: 200, sitemap: true, feed: true })
    }
    const answer = await fetch(`${a.base}/api/audit?action=post.publish&target=post:${id}`, { headers: auth })
    const audit = await answer.json()
    expect(answer.status, JSON.stringify(audit)).toBe(200)
    expect(audit.entries.map((e: { actor: string }) => e.actor)).toEqual(['scheduler'])
  })

  it('a content write on one is visible on the other within a second', async () => {
    const tokens = await (await post(a.base, '/api/auth/login', admin, { 'x-forwarded-for': '198.51.100.1' })).json()
    const auth = { authorization: `Bearer ${tokens.accessToken}` }
    const before = await (await fetch(`${b.base}/api/posts/blog-content`)).json() // B's render cache now holds it
    const target = before.articles[0]
    const title = `Edited on A at ${Date.now()}`
    const res = await fetch(`${a.base}/api/posts/${target._id}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', ...auth },
      body: JSON.stringify({ ...target, title }),
    })
    expect(res.status).toBe(200)
    const written = Date.now()
    let seenAfter = Number.POSITIVE_INFINITY
    // the slowest answer B gave meanwhile: what this machine's load adds to a store read and a render (on
    // FerretDB at load 8 an uncached article took most of a second, and a fixed 1.2 s failed the test)
    let slowest = 0
    while (Date.now() - written < 6_000) {
      const asked = Date.now()
      const page = await fetch(`${b.base}/article/${target._id}`)
      const shown = (await page.text()).includes(title)
      slowest = Math.max(slowest, Date.now() - asked)
      if (shown) {
        seenAfter = asked - written
        break
      }
      await Bun.sleep(50)
    }
    // one version check a second (answered in the background, a store read) and a render, each at most as
    // long as B's slowest answer: asked after that, the page shows the write
    expect(seenAfter, `seen ${seenAfter} ms after the write; B's slowest answer ${slowest} ms`).toBeLessThanOrEqual(1_000 + 2 * slowest + 150)
  })
})

describe('kill -9 during a click burst', () => {
  it('loses no acknowledged click', async () => {
    const c = await startServer()
    const acked = new Set<string>()
    let stop = false
    const worker = async (n: number) => {
      for (let i = 0; !stop; i++) {
        try {
          if (i % 2) {
            const clickid = crypto.randomUUID()
            // attribution on (issue 21): the click and its counters in one commit
            const res = await post(c.base, '/api/clicks', { clickid, brandId: 'nova-spins', userId: null, user_agent: PERSON_UA, gaid: null, timestamp: new Date().toISOString(), from: 'article:rtp-explained', slot: 'article-offers', pos: 1 }, { 'user-agent': PERSON_UA })
            if (res.status === 201) acked.add(clickid)
          } else {
            const res = await fetch(`${c.base}/go/nova-spins?from=home%3A&slot=home-offers&pos=${1 + (i % 5)}`, { redirect: 'manual', headers: { 'user-agent': `${PERSON_UA} ${n}` } })
            if (res.status === 302) acked.add(new URL(res.headers.get('location')!).searchParams.get('click_id')!)
          }
        } catch {
          return // the server is gone
        }
      }
    }
    const workers = Array.from({ length: 20 }, (_, n) => worker(n))
    // killed in the middle of a burst of a known size rather than after a fixed time: on a loaded machine
    // FerretDB acknowledged 61 clicks in 1.5 s (CI), where the check below needs a burst worth the name
    const started = Date.now()
    await Bun.sleep(500)
    while (acked.size < 300 && Date.now() - started < 20_000) await Bun.sleep(25)
    c.proc.kill('SIGKILL')
    stop = true
    await Promise.all(workers)
    await c.proc.exited
    expect(acked.size).toBeGreaterThan(100)
    const stored = new Set((await storedClicks()).map((c) => c.clickid))
    const lost = [...acked].filter((id) => !stored.has(id))
    console.log(`[kill -9] acknowledged ${acked.size} clicks; lost ${lost.length}`)
    expect(lost).toEqual([])
  })
})
