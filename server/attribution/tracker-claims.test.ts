import { describe, expect, it, vi } from 'vitest'
import { createBrandsRepository } from '../../db/repositories/brands.ts'
import { createClicksRepository } from '../../db/repositories/clicks.ts'
import { createCountersRepository } from '../../db/repositories/counters.ts'
import { createLimitsRepository } from '../../db/repositories/limits.ts'
import { createRegistry } from '../../db/registry.ts'
import { SqliteStore } from '../../db/sqlite/index.ts'
import { UNKNOWN_PLACEMENT } from '../../lib/attribution.ts'
import { createTracker, uuidV7 } from './tracker.ts'

/**
 * Two trackers over one store play two server processes; a network's count of clicks on a brand in an
 * hour (its first unique, those past the velocity limit suspect) is shared through it.
 */
async function setup(limit = 3) {
  const store = new SqliteStore(':memory:')
  const registry = createRegistry(store)
  const repos = { clicks: createClicksRepository(store, registry), counters: createCountersRepository(store, registry), limits: createLimitsRepository(store, registry), brands: createBrandsRepository(store, registry) }
  await repos.clicks.init()
  await repos.counters.init()
  await repos.limits.init()
  let n = 0
  let now = new Date('2026-11-22T10:15:00Z')
  const tracker = () => createTracker({ ...repos, secret: 's', now: () => now, newId: () => `c${String(++n).padStart(4, '0')}`, generation: () => 0, clickVelocityLimit: limit })
  const hasher = tracker()
  // a person's click from `ip` (any user agent: only the network counts)
  const click = (ip: string, brandId = 'nova') => ({
    _id: `c${String(++n).padStart(4, '0')}`,
    clickid: `k${n}`,
    userId: null,
    brandId,
    user_agent: `ua ${n}`,
    gaid: null,
    timestamp: now.toISOString(),
    customParams: [],
    receivedAt: now,
    source: 'browser' as const,
    visitor: hasher.visitorHash(ip),
    bot: false,
    placement: UNKNOWN_PLACEMENT,
    device: 'desktop' as const,
  })
  const later = (ms: number) => (now = new Date(now.getTime() + ms))
  return { store, repos, tracker, click, later }
}
/** What each stored click counted as, in the order stored: U unique, S suspect, - a plain repeat. */
const marks = async (store: SqliteStore) =>
  (await store.collection<{ _id: string; unique?: boolean; suspect?: boolean }>('clicks').find({}, { sort: { _id: 1 } })).map((c) => (c.suspect ? (c.unique ? '?' : 'S') : c.unique ? 'U' : '-')).join('')

describe('unique and suspect clicks: one count per network, brand and hour, shared through the store (issue 24)', () => {
  it('the click past the limit is suspect, never unique, and so is every later one that hour', async () => {
    const { store, tracker, click } = await setup(3)
    const a = tracker()
    for (let i = 0; i < 5; i++) await a.record(click('203.0.113.1'))
    expect(await marks(store)).toBe('U--SS')
  })

  it('another brand, another network and the next hour start counts of their own', async () => {
    const { store, tracker, click, later } = await setup(3)
    const a = tracker()
    for (let i = 0; i < 4; i++) await a.record(click('203.0.113.1'))
    await a.record(click('203.0.113.1', 'royal'))
    await a.record(click('203.0.113.2'))
    later(60 * 60 * 1000)
    await a.record(click('203.0.113.1'))
    expect(await marks(store)).toBe('U--S' + 'U' + 'U' + 'U')
  })

  it('two processes count one network together: the first click is unique on one, the limit holds across both', async () => {
    const { store, tracker, click } = await setup(3)
    const [a, b] = [tracker(), tracker()]
    for (const p of [a, b, a, b, a]) await p.record(click('198.51.100.9'))
    expect(await marks(store)).toBe('U--SS')
    const [site] = await store.sumCounters('counters', { dim: 'site', from: '2000-01-01', to: '2100-01-01', subs: '', by: 'key' })
    expect(site?.values).toMatchObject({ clicks: 5, uniques: 1, suspect: 2 })
  })

  it('a group commit counts all its clicks in one store call, in the order they arrived', async () => {
    const { store, repos, tracker, click } = await setup(3)
    const a = tracker()
    const addMany = vi.spyOn(repos.limits, 'addMany')
    // one turn of the event loop: 3 networks × 2 brands, 4 clicks each
    const batch = ['203.0.113.1', '203.0.113.2', '203.0.113.3'].flatMap((ip) => ['nova', 'royal'].flatMap((brand) => Array.from({ length: 4 }, () => click(ip, brand))))
    await Promise.all(batch.map((c) => a.record(c)))
    expect(addMany).toHaveBeenCalledTimes(1)
    expect(addMany.mock.calls[0][0]).toHaveLength(6)
    expect(await marks(store)).toBe('U--S'.repeat(6))
  })

  it('once a network is past the limit, its clicks ask the store nothing (a flood costs no store call per click)', async () => {
    const { store, repos, tracker, click } = await setup(3)
    const a = tracker()
    const addMany = vi.spyOn(repos.limits, 'addMany')
    for (let i = 0; i < 10; i++) await a.record(click('203.0.113.1'))
    expect(addMany).toHaveBeenCalledTimes(3) // the clicks up to the limit; the 4th on are known suspect
    expect(await marks(store)).toBe('U--SSSSSSS')
  })

  it('another process learns from the store that a network is past the limit, then remembers it', async () => {
    const { store, repos, tracker, click } = await setup(3)
    const [a, b] = [tracker(), tracker()]
    for (let i = 0; i < 3; i++) await a.record(click('203.0.113.1'))
    const addMany = vi.spyOn(repos.limits, 'addMany')
    await b.record(click('203.0.113.1')) // b has never seen this network: it must ask, and the count says past the limit
    await b.record(click('203.0.113.1'))
    expect(addMany).toHaveBeenCalledTimes(1)
    await b.record(click('203.0.113.2')) // a new network is asked about, and is unique
    expect(addMany).toHaveBeenCalledTimes(2)
    expect(await marks(store)).toBe('U--SSU')
  })

  it('a store that cannot count marks nothing suspect or unique, and still stores the clicks', async () => {
    const { store, repos, tracker, click } = await setup(3)
    const a = tracker()
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {}) // the failure is logged, as it should be
    vi.spyOn(repos.limits, 'addMany').mockRejectedValue(new Error('store down'))
    await a.record(click('203.0.113.1'))
    expect(await marks(store)).toBe('-')
    expect(logged).toHaveBeenCalledTimes(1)
  })
})

describe('ids of click records', () => {
  it('click ids from /go are UUIDv7 (time first, 74 random bits): the unique index grows at its end', () => {
    const a = uuidV7(1_700_000_000_000)
    const b = uuidV7(1_700_000_000_001)
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    expect(a < b).toBe(true)
    expect(a.slice(0, 13)).toBe('018bcfe5-6800')
    expect(new Set(Array.from({ length: 1000 }, () => uuidV7(1)))).toHaveProperty('size', 1000)
  })
  it('document ids sort by creation time', async () => {
    const { newId } = await import('../context.ts')
    const first = newId()
    await new Promise((r) => setTimeout(r, 2))
    expect(newId() > first).toBe(true)
    expect(first).toMatch(/^[0-9a-f]{24}$/)
  })
})
