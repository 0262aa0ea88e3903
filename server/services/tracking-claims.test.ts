import { describe, expect, it, vi } from 'vitest'
import { createBrandsRepository } from '../../db/repositories/brands.ts'
import { createClicksRepository } from '../../db/repositories/clicks.ts'
import { createCountersRepository } from '../../db/repositories/counters.ts'
import { createLimitsRepository } from '../../db/repositories/limits.ts'
import { createRegistry } from '../../db/registry.ts'
import { SqliteStore } from '../../db/sqlite.ts'
import { UNKNOWN_PLACEMENT } from '../../lib/attribution.ts'
import { createTracker, uuidV7 } from './tracking.ts'

/** Two trackers over one store play two server processes; the unique-click claim is shared through it. */
async function setup() {
  const store = new SqliteStore(':memory:')
  const registry = createRegistry(store)
  const repos = { clicks: createClicksRepository(store, registry), counters: createCountersRepository(store, registry), limits: createLimitsRepository(store, registry), brands: createBrandsRepository(store, registry) }
  await repos.clicks.init()
  await repos.counters.init()
  await repos.limits.init()
  let n = 0
  const now = new Date('2026-11-22T10:15:00Z')
  const tracker = () => createTracker({ ...repos, secret: 's', now: () => now, newId: () => `c${++n}`, generation: () => 0 })
  const click = (visitor: string) => ({
    _id: `c${++n}`,
    clickid: `k${n}`,
    userId: null,
    brandId: 'nova',
    user_agent: 'ua',
    gaid: null,
    timestamp: now.toISOString(),
    customParams: [],
    receivedAt: now,
    source: 'browser' as const,
    visitor,
    bot: false,
    placement: UNKNOWN_PLACEMENT,
    device: 'desktop' as const,
  })
  return { store, repos, tracker, click }
}
const uniques = async (store: SqliteStore) => (await store.collection<{ _id: string; unique?: boolean }>('clicks').find({})).map((c) => Boolean(c.unique))

describe('unique clicks: claims this process knows are taken', () => {
  it("a visitor's repeat clicks ask the store nothing, and stay repeats", async () => {
    const { store, repos, tracker, click } = await setup()
    const a = tracker()
    const claim = vi.spyOn(repos.limits, 'claim')
    await a.record(click('v1'))
    await a.record(click('v1'))
    await a.record(click('v1'))
    expect(claim).toHaveBeenCalledTimes(1)
    expect(await uniques(store)).toEqual([true, false, false])
  })

  it('another process learns from the store that the claim is taken, then remembers it', async () => {
    const { store, repos, tracker, click } = await setup()
    const [a, b] = [tracker(), tracker()]
    await a.record(click('v2'))
    const claim = vi.spyOn(repos.limits, 'claim')
    await b.record(click('v2')) // b has never seen v2: it must ask, and the store says taken
    await b.record(click('v2'))
    expect(claim).toHaveBeenCalledTimes(1)
    await b.record(click('v3')) // a new visitor is asked about, and is unique
    expect(claim).toHaveBeenCalledTimes(2)
    expect(await uniques(store)).toEqual([true, false, false, true])
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
