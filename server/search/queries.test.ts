import { describe, expect, it } from 'vitest'
import type { QueryCount, QueryTotal, SearchQueriesRepository } from '../../db/repositories/search-queries.ts'
import { networkHash } from '../attribution/trust.ts'
import { createSearchQueries, NEW_QUERIES_PER_DAY, NEW_QUERIES_PER_NETWORK, normaliseQuery, RECORDED_QUERY_MAX, RECORDED_WORDS_MAX, SEARCH_QUERIES_KEEP_DAYS } from './queries.ts'

/**
 * Issue 26, what readers search for: counted without identity, bots left out, in batches so a search
 * never waits on a write, bounded, kept 90 days. A repository that records what it is asked to write.
 */
const PERSON = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36'

function fakeRepo(opts: { fail?: boolean } = {}) {
  const state = { fail: opts.fail === true }
  const batches: QueryCount[][] = []
  const prunes: string[] = []
  const repo = {
    async init() {},
    async add(counts: readonly QueryCount[]) {
      if (state.fail) throw new Error('disk full')
      batches.push(counts.map((c) => ({ ...c })))
    },
    async totals(from: string, to: string): Promise<QueryTotal[]> {
      const sums = new Map<string, QueryTotal>()
      for (const c of batches.flat().filter((c) => c.day >= from && c.day <= to)) {
        const row = sums.get(c.query) ?? sums.set(c.query, { query: c.query, searches: 0, empty: 0, visitors: 0 }).get(c.query)!
        row.searches += c.searches
        row.empty += c.empty
        row.visitors += c.visitors
      }
      return [...sums.values()]
    },
    async prune(before: string) {
      prunes.push(before)
      return 0
    },
  } satisfies SearchQueriesRepository
  return { repo, batches, prunes, state }
}

/** The store's one-time claims (the limits repository's `claim`), shared by every process given the same set. */
function fakeClaims(taken = new Set<string>()) {
  return {
    taken,
    async claim(keys: { key: string; expiresAt: Date }[]) {
      const won = new Set<string>()
      for (const { key } of keys) if (!taken.has(key)) (taken.add(key), won.add(key))
      return won
    },
  }
}

function setup(opts: { fail?: boolean; at?: string; claims?: ReturnType<typeof fakeClaims>; repo?: ReturnType<typeof fakeRepo> } = {}) {
  const fake = opts.repo ?? fakeRepo(opts)
  let now = new Date(opts.at ?? '2026-11-20T12:00:00Z')
  const errors: unknown[] = []
  const claims = opts.claims ?? fakeClaims()
  const queries = createSearchQueries({ repo: fake.repo, claim: claims.claim, visitorOf: (ip) => networkHash('test-secret', ip), now: () => now, flushMs: 60_000, onError: (e) => errors.push(e) })
  const search = (q: string, over: { page?: string; userAgent?: string; method?: string; ip?: string } = {}) =>
    queries.record({ q, page: over.page ?? null, userAgent: over.userAgent ?? PERSON, method: over.method ?? 'GET', ip: over.ip ?? '198.51.100.1' })
  return { ...fake, queries, search, errors, claims, setNow: (iso: string) => (now = new Date(iso)) }
}

describe('normaliseQuery', () => {
  it('keeps the words only: lower-case, diacritics folded, one space apart', () => {
    expect(normaliseQuery('  Nova  SPINS! ')).toBe('nova spins')
    expect(normaliseQuery('Café "Royale" — review?')).toBe('cafe royale review')
    expect(normaliseQuery('!!! ???')).toBeNull()
    expect(normaliseQuery('')).toBeNull()
    expect(normaliseQuery(null)).toBeNull()
  })

  it(`is bounded: at most ${RECORDED_WORDS_MAX} words and ${RECORDED_QUERY_MAX} characters, cut at a word`, () => {
    expect(normaliseQuery('a b c d e f g h i j k')).toBe('a b c d e f g h')
    const long = normaliseQuery(`${'abcdefghij '.repeat(7)}${'x'.repeat(60)}`)!
    expect(long.length).toBeLessThanOrEqual(RECORDED_QUERY_MAX)
    expect(long).toBe('abcdefghij '.repeat(7).trim())
    expect(normaliseQuery('y'.repeat(500))!.length).toBe(RECORDED_QUERY_MAX)
  })
})

describe('counting searches', () => {
  it('writes nothing while a visitor searches; one batch, summed per query and day, when flushed', async () => {
    const { queries, search, batches } = setup()
    search('Nova Spins')
    search('nova  spins')
    search('poker')
    expect(batches).toEqual([]) // a search never waits on a write
    await queries.flush()
    expect(batches).toHaveLength(1)
    expect(batches[0]).toEqual(
      expect.arrayContaining([
        { query: 'nova spins', day: '2026-11-20', searches: 2, empty: 0, visitors: 1 },
        { query: 'poker', day: '2026-11-20', searches: 1, empty: 0, visitors: 1 },
      ]),
    )
    expect(batches[0]).toHaveLength(2)
    await queries.flush()
    expect(batches).toHaveLength(1) // nothing pending: nothing written
  })

  it('leaves out bots, HEAD requests, later pages and queries without words', async () => {
    const { queries, search, batches } = setup()
    search('googled', { userAgent: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' })
    search('headless', { userAgent: 'Mozilla/5.0 HeadlessChrome/120.0' })
    search('head request', { method: 'HEAD' })
    search('second page', { page: '2' })
    search('?!')
    search('first page', { page: '1' })
    search('no page', { page: ' ' })
    await queries.flush()
    expect(batches.flat().map((c) => c.query).sort()).toEqual(['first page', 'no page'])
  })

  it('counts a search as finding nothing when its query last found nothing', async () => {
    const { queries, search, batches } = setup()
    queries.noteOutcome('Blorptastic', false)
    queries.noteOutcome('wagering', true)
    search('blorptastic')
    search('BLORPTASTIC')
    search('wagering')
    search('never run before') // its outcome is unknown: counted, not as empty
    await queries.flush()
    expect(batches[0]).toEqual(
      expect.arrayContaining([
        { query: 'blorptastic', day: '2026-11-20', searches: 2, empty: 2, visitors: 1 },
        { query: 'wagering', day: '2026-11-20', searches: 1, empty: 0, visitors: 1 },
        { query: 'never run before', day: '2026-11-20', searches: 1, empty: 0, visitors: 1 },
      ]),
    )
  })

  it(`adds at most ${NEW_QUERIES_PER_DAY.toLocaleString('en')} new queries a day, whatever the number of networks; those already counted still grow, and the next day starts afresh`, async () => {
    const { queries, search, batches, setNow } = setup()
    search('known')
    // a new network every few queries: no network reaches its own budget, the day's ceiling holds
    for (let i = 0; i < NEW_QUERIES_PER_DAY + 50; i++) search(`junk ${i}`, { ip: `10.${i >> 14}.${(i >> 6) & 0xff}.${i & 0x3f}` })
    search('known')
    expect(queries.dropped).toBe(51) // the first query took one place of the day's
    await queries.flush()
    const day = batches.flat()
    expect(day).toHaveLength(NEW_QUERIES_PER_DAY)
    expect(day.find((c) => c.query === 'known')!.searches).toBe(2)
    setNow('2026-11-21T00:00:01Z')
    search('junk 9999')
    await queries.flush()
    expect(batches[1]).toEqual([{ query: 'junk 9999', day: '2026-11-21', searches: 1, empty: 0, visitors: 1 }])
  })

  it(`forgets days older than ${SEARCH_QUERIES_KEEP_DAYS} once a day, at a flush`, async () => {
    const { queries, search, prunes, setNow } = setup()
    search('a')
    await queries.flush()
    await queries.flush()
    expect(prunes).toEqual(['2026-08-22']) // 90 days before 2026-11-20: kept are the 90 days ending today
    setNow('2026-11-21T09:00:00Z')
    await queries.flush()
    expect(prunes).toEqual(['2026-08-22', '2026-08-23'])
  })

  it('writes by itself after flushMs, without anyone asking', async () => {
    const fake = fakeRepo()
    const queries = createSearchQueries({ repo: fake.repo, claim: fakeClaims().claim, visitorOf: (ip) => ip, now: () => new Date('2026-11-20T12:00:00Z'), flushMs: 20 })
    queries.record({ q: 'timer', userAgent: PERSON, method: 'GET', ip: '198.51.100.1' })
    expect(fake.batches).toEqual([])
    await expect.poll(() => fake.batches.length, { timeout: 2_000 }).toBe(1)
  })

  it('a batch the store refuses is reported and dropped; the next is written', async () => {
    const failing = setup({ fail: true })
    failing.search('lost')
    await failing.queries.flush()
    expect(failing.errors).toHaveLength(1)
    expect(String(failing.errors[0])).toMatch(/disk full/)
    failing.state.fail = false
    failing.search('kept')
    await failing.queries.flush()
    expect(failing.batches).toEqual([[{ query: 'kept', day: '2026-11-20', searches: 1, empty: 0, visitors: 1 }]])
  })
})

describe('the report', () => {
  it('lists the queries most visitors searched, or with noResults those that found nothing, in the last N days, pending searches included', async () => {
    const { queries, search, setNow } = setup({ at: '2026-11-10T12:00:00Z' })
    search('old query')
    await queries.flush()
    setNow('2026-11-20T12:00:00Z')
    queries.noteOutcome('nothing here', false)
    for (const [q, n] of [['wagering', 3], ['nothing here', 2], ['poker', 1]] as const) for (let i = 0; i < n; i++) search(q, { ip: `198.51.100.${i + 1}` })
    const top = await queries.report({ days: 7 })
    expect(top).toMatchObject({ from: '2026-11-14', to: '2026-11-20', days: 7, noResults: false })
    expect(top.queries).toEqual([
      { query: 'wagering', searches: 3, visitors: 3, noResults: 0 },
      { query: 'nothing here', searches: 2, visitors: 2, noResults: 2 },
      { query: 'poker', searches: 1, visitors: 1, noResults: 0 },
    ])
    expect((await queries.report({ days: 30 })).queries.map((q) => q.query)).toContain('old query')
    expect((await queries.report({ days: 7, noResults: true })).queries).toEqual([{ query: 'nothing here', searches: 2, visitors: 2, noResults: 2 }])
    expect((await queries.report({ days: 7, limit: 1 })).queries).toHaveLength(1)
  })
})

describe('budgets per network, not per day for everyone (issue 35)', () => {
  it(`5,000 junk searches from one address spend that network's ${NEW_QUERIES_PER_NETWORK} new queries, not the day's: other readers' queries still count`, async () => {
    const { queries, search, batches } = setup()
    for (let i = 0; i < 5_000; i++) search(`junk ${i}`, { ip: '203.0.113.66' })
    expect(queries.dropped).toBe(5_000 - NEW_QUERIES_PER_NETWORK)
    search('nova spins bonus', { ip: '198.51.100.7' })
    search('is rtp fixed', { ip: '2001:db8:1:2::5' })
    // the junk network's own queries still grow (they are today's); only new ones are refused
    search('junk 0', { ip: '203.0.113.66' })
    await queries.flush()
    const counted = batches.flat()
    expect(counted.filter((c) => c.query.startsWith('junk'))).toHaveLength(NEW_QUERIES_PER_NETWORK)
    expect(counted.find((c) => c.query === 'junk 0')).toMatchObject({ searches: 2, visitors: 1 })
    expect(counted.map((c) => c.query)).toEqual(expect.arrayContaining(['nova spins bonus', 'is rtp fixed']))
  })

  it('a network is its /64 on IPv6, as for clicks: rotating the interface id buys no more budget', async () => {
    const { queries, search } = setup()
    for (let i = 0; i < NEW_QUERIES_PER_NETWORK + 10; i++) search(`rotating ${i}`, { ip: `2001:db8:aa:bb::${(i + 1).toString(16)}` })
    expect(queries.dropped).toBe(10)
  })

  it('ranks by distinct visitors (networks), not raw searches: one address repeating a query 300 times is one visitor', async () => {
    const { queries, search } = setup()
    for (let i = 0; i < 300; i++) search('buy followers cheap', { ip: '203.0.113.66' })
    for (let i = 0; i < 3; i++) search('welcome bonus', { ip: `198.51.100.${10 + i}` })
    search('welcome bonus', { ip: '2001:db8:1:2::1' })
    search('welcome bonus', { ip: '2001:db8:1:2::2' }) // the same /64: the same visitor
    const report = await queries.report({ days: 1 })
    expect(report.queries).toEqual([
      { query: 'welcome bonus', searches: 5, visitors: 4, noResults: 0 },
      { query: 'buy followers cheap', searches: 300, visitors: 1, noResults: 0 },
    ])
  })

  it('counts a network once per query a day, across batches and across server processes (claims in the store)', async () => {
    const claims = fakeClaims()
    const repo = fakeRepo()
    const a = setup({ claims, repo })
    const b = setup({ claims, repo })
    a.search('cashback', { ip: '198.51.100.20' })
    await a.queries.flush()
    a.search('cashback', { ip: '198.51.100.20' })
    b.search('cashback', { ip: '198.51.100.20' })
    b.search('cashback', { ip: '198.51.100.21' })
    await a.queries.flush()
    await b.queries.flush()
    expect((await a.queries.report({ days: 1 })).queries).toEqual([{ query: 'cashback', searches: 4, visitors: 2, noResults: 0 }])
    // no raw address is ever part of a claim or a row
    expect([...claims.taken].join(' ')).not.toMatch(/198\.51\.100/)
    expect(JSON.stringify(repo.batches)).not.toMatch(/198\.51\.100/)
  })

  it('keeps its memory bounded: 100,000 junk searches from 100,000 networks track at most the day\'s new queries', async () => {
    const { queries, search } = setup()
    for (let i = 0; i < 100_000; i++) search(`junk ${i}`, { ip: `10.${i >> 16}.${(i >> 8) & 0xff}.${i & 0xff}` })
    expect(queries.networksToday).toBeLessThanOrEqual(NEW_QUERIES_PER_DAY)
    expect(queries.pendingVisitors).toBeLessThanOrEqual(10_000)
    await queries.flush()
  })
})
