import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Doc } from '../db/port.ts'
import { hasRole } from '../lib/roles.ts'
import { bodyBytes, clip, describeBody, type FuzzRequest, type FuzzWorld, requestTo } from '../test/fuzz/requests.ts'
import { junkString, pct, PNG } from '../test/fuzz/values.ts'
import { type Snapshot, storeSnapshots } from '../test/fuzz/store-snapshot.ts'
import { loginAs, makeTestApp } from '../test/make-app.ts'
import { type DeclaredRoute, declaredRoutes } from './router.ts'

/**
 * Property-based fuzz of every route in the route table (`declaredRoutes`), as anonymous, `user`,
 * `editor`, `manager` and `admin`, with generated path parameters, query strings, headers and bodies (test/fuzz/). Fails on
 * any 5xx, any /api 4xx that is not JSON `{ message, code }`, and any answer below 400 from a
 * protected route to a caller whose role lacks the rule's rights (a manager's route to an editor); a refused request must leave the store as it
 * was; a public answer from the render cache must be what the handler renders for that request.
 * Every run starts from the same store (demo content, a click, an upload), so a failure replays from
 * its seed. Widen it locally: FUZZ_SEED=<n> FUZZ_RUNS=<runs per route> (docs/security.md, "Hardening and fuzzing").
 */

const SEED = Number(process.env.FUZZ_SEED ?? 1414)
const RUNS = process.env.FUZZ_RUNS ? Number(process.env.FUZZ_RUNS) : undefined
/** Runs per route in CI, measured to keep the file well under a minute on 2 cores (docs/security.md). */
const DEFAULT_RUNS = 100
const RUNS_BY_ROUTE: Record<string, number> = {
  // a valid sign-up or login costs a password hash (~100 ms), and so does a new spare session after a logout
  'POST /api/auth/signup': 30,
  'POST /api/auth/login': 30,
  'POST /api/auth/logout': 40,
  // where the interesting inputs are: uploads, replacements, conversions
  'POST /api/brands': 200,
  'PUT /api/brands/:id': 200,
  'PUT /api/posts/:id': 150,
  'POST /api/postback': 150,
  'GET /api/postback': 150,
}

/** The only 5xx a route may answer here: AI writing with no AI_* configured says so with 503. */
const EXPECTED_5XX: Record<string, number> = {
  'POST /api/posts/generate-featured': 503,
  'POST /api/posts/generate-article': 503,
  'POST /api/posts/generate-article-bottom': 503,
}
/** better-auth's tables: counted, not read (their rows are not the port's documents). */
const AUTH_TABLES = new Set(['user', 'account', 'session', 'verification', 'jwks'])
/** What a refused request may still write, by design: failed logins are counted, every postback is logged. */
const BOOKKEEPING = new Set(['rate_limits', 'claims', 'postback_log'])
/** Refusals that record by design: /go's 451 (brand not available in the visitor's country) stores a blocked click, its counts and the counters' version. */
const RECORDED_REFUSALS: Record<string, { status: number; writes: string[] }> = {
  'GET /go/:brandId': { status: 451, writes: ['clicks', 'counters', 'settings'] },
  'HEAD /go/:brandId': { status: 451, writes: ['clicks', 'counters', 'settings'] },
}

const NOW = new Date('2026-06-11T12:00:00.000Z')
const SECRET = 'fuzz-postback-secret-0123456789'
const CLICK_ID = 'fuzz-click-1'
const PASSWORD = 'correct horse battery'
/** Stands for the spare account's refresh token in generated requests; a run may log that session out, so it is filled in when sent. */
const SPARE_REFRESH = 'fuzz-spare-refresh-token'
let spareRefresh = ''

// built at load: the route table decides which properties exist
const t = await makeTestApp({ env: { POSTBACK_SECRET: SECRET, TRUST_PROXY: '1' }, now: () => NOW })
const routes = declaredRoutes(t.app)

const snapshots = storeSnapshots(t.ctx.store, AUTH_TABLES)
let world: FuzzWorld
let baseline: Snapshot
let baselineDocs: Map<string, Doc[]>
const slowest = new Map<string, number>()
/** FUZZ_VERBOSE=1: statuses per route and caller, to see how far generated requests get */
const statuses = new Map<string, Map<string, number>>()

/** Every run starts from the baseline store: after a run that changed it, it is put back and the render cache emptied. */
async function reset(after: Snapshot) {
  await snapshots.restore(baselineDocs, after)
  t.ctx.renderCache.clear()
}

beforeAll(async () => {
  const editor = await loginAs(t, 'editor', 'fuzz_editor')
  const manager = await loginAs(t, 'manager', 'fuzz_manager')
  const admin = await loginAs(t, 'admin', 'fuzz_admin')
  const user = await loginAs(t, 'user', 'fuzz_user')
  spareRefresh = (await loginAs(t, 'user', 'fuzz_spare')).refreshToken
  const media = await t.ctx.services.media.saveImage(PNG, { filename: 'fuzz.png', alt: 'fuzz' })
  await t.ctx.services.clicks.record({ clickid: CLICK_ID, brandId: 'nova-spins', timestamp: NOW.toISOString() }, { ip: '203.0.113.9', userAgent: 'fuzz', method: 'POST' })
  const ids = async (name: string) => (await t.ctx.store.collection(name).find({})).map((d) => d._id)
  world = {
    tokens: { user: user.accessToken, editor: editor.accessToken, manager: manager.accessToken, admin: admin.accessToken },
    forgedTokens: await forgedTokens(user.accessToken, editor.accessToken),
    ids: { brands: await ids('brands'), posts: await ids('posts'), media: [media.id], infoPages: await ids('info_pages') },
    clickId: CLICK_ID,
    postbackSecret: SECRET,
    refreshToken: SPARE_REFRESH,
    usernames: ['fuzz_user', 'fuzz_editor', 'fuzz_manager', 'fuzz_spare'],
    password: PASSWORD,
  }
  const read = await snapshots.read()
  baseline = read.snapshot
  baselineDocs = read.docs
})

afterAll(() => {
  if (!process.env.FUZZ_VERBOSE) return
  const counts = (k: string) => [...(statuses.get(k) ?? [])].sort().map(([s, n]) => `${s}×${n}`).join(' ')
  console.log([...slowest].map(([k, ms]) => `${ms.toFixed(0).padStart(6)} ms  ${k}  ${counts(k)}`).join('\n'))
})

/** Each route's own seed from FUZZ_SEED, so routes do not all draw the same callers and shapes in the same order. */
const seedFor = (key: string) => [...key].reduce((h, ch) => Math.imul(h ^ ch.charCodeAt(0), 16_777_619), SEED ^ 0x811c9dc5) | 0

/** Tokens that must give no rights: a user's payload saying editor, manager or admin under its own signature, a broken signature, alg none, and a well-signed token claiming editor for the user. */
async function forgedTokens(userToken: string, editorToken: string) {
  const [h, p, s] = userToken.split('.')
  const claims = JSON.parse(Buffer.from(p, 'base64url').toString())
  const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url')
  const { token: signedClaim } = await t.ctx.auth.api.signJWT({ body: { payload: { ...claims, role: 'editor' } } })
  const [, ep, es] = editorToken.split('.')
  return [
    `${h}.${b64({ ...claims, role: 'editor' })}.${s}`,
    `${h}.${b64({ ...claims, role: 'manager' })}.${s}`,
    `${h}.${b64({ ...claims, role: 'admin' })}.${s}`,
    `${h}.${ep}.${s}`,
    `${h}.${ep}.${es.slice(0, -2)}${es.endsWith('AA') ? 'BB' : 'AA'}`,
    `${b64({ alg: 'none', typ: 'JWT' })}.${ep}.`,
    signedClaim,
  ]
}

function send(r: FuzzRequest) {
  const fill = (s: string) => s.replaceAll(SPARE_REFRESH, spareRefresh)
  const headers = Object.fromEntries(Object.entries(r.headers).map(([k, v]) => [k, fill(v)]))
  const body = r.body.kind === 'text' ? fill(r.body.text) : bodyBytes(r.body)
  return t.app.request(fill(r.url), { method: r.method, headers, body })
}

/** Sends one request and answers what is wrong with the answer and the store afterwards (nothing: []). */
async function probe(route: DeclaredRoute, r: FuzzRequest): Promise<string[]> {
  const logged: unknown[][] = []
  const original = console.error
  console.error = (...args: unknown[]) => {
    logged.push(args)
    original(...args)
  }
  const before = await snapshots.withAuthCounts(baseline) // better-auth's tables change with logins and logouts
  const started = performance.now()
  let res: Response
  let text: string
  try {
    res = await send(r)
    text = await res.text()
  } finally {
    console.error = original
  }
  const key = `${route.method} ${route.path}`
  slowest.set(key, Math.max(slowest.get(key) ?? 0, performance.now() - started))
  const seen = statuses.get(key) ?? new Map<string, number>()
  seen.set(`${r.who}:${res.status}`, (seen.get(`${r.who}:${res.status}`) ?? 0) + 1)
  statuses.set(key, seen)
  const { snapshot: after } = await snapshots.read()
  const problems = [...answerProblems(route, r, res, text), ...logged.map((a) => `logged an error: ${String(a[0]).slice(0, 300)}`)]
  if (route.rule.access === 'public' && route.rule.cache === 'public' && r.method === 'GET' && res.status === 200 && !('authorization' in r.headers)) {
    // what the render cache answered (perhaps an entry an earlier run's request filled) is what the handler renders now
    t.ctx.renderCache.clear()
    const fresh = await send(r)
    const freshText = await fresh.text()
    if (fresh.status !== res.status || freshText !== text) problems.push(`the render cache answered ${clip(text, 120)} where the handler renders ${fresh.status} ${clip(freshText, 120)}`)
  }

  const { access } = route.rule
  if (access !== 'public' && !(r.who !== 'anonymous' && hasRole(r.who, access))) {
    if (res.status < 400) problems.push(`answered ${res.status} to ${r.who} on a route for ${access}s`)
    else if (res.status !== 401 && res.status !== 403) problems.push(`answered ${res.status} to ${r.who} instead of 401/403`)
    const diff = snapshots.changed(before, after)
    if (diff.length) problems.push(`a request refused for lack of rights changed ${diff.join(', ')}`)
  } else if (res.status >= 400) {
    const recorded = RECORDED_REFUSALS[`${route.method} ${route.path}`]
    const diff = snapshots.changed(before, after, recorded?.status === res.status ? new Set([...BOOKKEEPING, ...recorded.writes]) : BOOKKEEPING)
    if (diff.length) problems.push(`a refused request (${res.status}) changed ${diff.join(', ')}`)
  }
  if (snapshots.changed(baseline, after, AUTH_TABLES).length) await reset(after)
  // a run that logged the spare session out: a new one for the next run
  if ((after.counts.get('session') ?? 0) < (before.counts.get('session') ?? 0)) spareRefresh = (await t.ctx.services.users.login('fuzz_spare', PASSWORD)).refreshToken
  return problems
}

function answerProblems(route: DeclaredRoute, r: FuzzRequest, res: Response, text: string): string[] {
  const key = `${route.method} ${route.path}`
  const problems: string[] = []
  if (res.status >= 500 && EXPECTED_5XX[key] !== res.status) problems.push(`answered ${res.status}: ${text.slice(0, 300)}`)
  if (res.status >= 400 && new URL(r.url, 'http://x').pathname.startsWith('/api/')) {
    let body: unknown
    try {
      body = JSON.parse(text)
    } catch {
      return [...problems, `answered ${res.status} with a body that is not JSON: ${text.slice(0, 200)}`]
    }
    const b = body as { message?: unknown; code?: unknown }
    if (!b || typeof b !== 'object' || Array.isArray(b) || typeof b.message !== 'string' || !b.message) problems.push(`answered ${res.status} without { message }: ${text.slice(0, 200)}`)
    else if (typeof b.code !== 'string') problems.push(`answered ${res.status} { message } without a code: ${text.slice(0, 200)}`)
    if (!/^application\/json/.test(res.headers.get('content-type') ?? '')) problems.push(`answered ${res.status} as ${res.headers.get('content-type')}`)
  }
  return problems
}

/** fast-check's report holds whole bodies (megabytes); this one keeps what reproduces and explains a failure. */
function report(route: DeclaredRoute, details: fc.RunDetails<[FuzzRequest]>) {
  const [r] = details.counterexample ?? []
  const where = `${route.method} ${route.path}`
  const lines = [
    `${where}: ${details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance ?? 'failed')}`,
    r && `  as ${r.who}: ${r.method} ${clip(r.url)}`,
    r && `  headers: ${clip(JSON.stringify(r.headers))}`,
    r && `  body: ${describeBody(r.body)}`,
    `  after ${details.numRuns} runs and ${details.numShrinks} shrinks; replay: FUZZ_SEED=${SEED} bun x --bun vitest run server/fuzz.test.ts -t '${where}' (route seed ${details.seed}, path ${details.counterexamplePath})`,
  ]
  return lines.filter(Boolean).join('\n')
}

describe('fuzz: every declared route, as anonymous, user, editor, manager and admin', () => {
  it('covers the whole route table', () => {
    expect(routes.length).toBeGreaterThan(30)
    expect(routes.filter((r) => r.rule.access !== 'public').length).toBeGreaterThan(10)
  })

  it('sends requests as every kind of caller, each role included', () => {
    const seen = new Set(fc.sample(requestTo(routes.find((r) => r.rule.access !== 'public')!, world), { seed: SEED, numRuns: 200 }).map((r) => r.who))
    expect([...seen].sort()).toEqual(['admin', 'anonymous', 'editor', 'manager', 'user'])
  })

  for (const route of routes) {
    const key = `${route.method} ${route.path}`
    const numRuns = RUNS ?? RUNS_BY_ROUTE[key] ?? DEFAULT_RUNS
    // room for shrinking a failure, and for FUZZ_RUNS in the thousands
    it(key, { timeout: 60_000 + numRuns * 100 }, async () => {
      const property = fc.asyncProperty(requestTo(route, world), async (r) => {
        const problems = await probe(route, r)
        if (problems.length) throw new Error(problems.join('; '))
      })
      const details = await fc.check(property, { seed: seedFor(key), numRuns })
      if (details.failed) expect.fail(report(route, details as fc.RunDetails<[FuzzRequest]>))
    })
  }

  it('any method on any /api path answers JSON { message, code } when it fails, never a 5xx', { timeout: 60_000 + (RUNS ?? DEFAULT_RUNS) * 100 }, async () => {
    const prefixes = [...new Set(routes.map((r) => r.path.split('/:')[0]).filter((p) => p.startsWith('/api/')))]
    const request = fc.record({
      method: fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'),
      url: fc.tuple(fc.constantFrom(...prefixes), fc.array(junkString.map(pct), { maxLength: 2 })).map(([p, rest]) => [p, ...rest].join('/')),
      who: fc.constantFrom('anonymous' as const, 'editor' as const),
    })
    const property = fc.asyncProperty(request, async ({ method, url, who }) => {
      const headers: Record<string, string> = who === 'editor' ? { authorization: `Bearer ${world.tokens.editor}` } : {}
      const res = await t.app.request(url, { method, headers })
      const text = await res.text()
      const problems = answerProblems({ method, path: url, rule: { access: 'public', cache: 'no-store' } }, { who, method, url, headers, body: { kind: 'none' } }, res, text)
      const after = (await snapshots.read()).snapshot
      if (snapshots.changed(baseline, after, AUTH_TABLES).length) await reset(after)
      if (problems.length) throw new Error(`${method} ${clip(url)}: ${problems.join('; ')}`)
    })
    await fc.assert(property, { seed: seedFor('any /api path'), numRuns: RUNS ?? DEFAULT_RUNS })
  })
})
