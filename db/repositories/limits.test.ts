import { describe, expect, it } from 'vitest'
import { SqliteStore } from '../sqlite/index.ts'
import { createRegistry } from '../registry.ts'
import { createLimitsRepository } from './limits.ts'

describe('limits repository', () => {
  it('counts per window, claims once, and prunes what expired', async () => {
    const store = new SqliteStore(':memory:')
    const registry = createRegistry(store)
    const limits = createLimitsRepository(store, registry)
    await limits.init()
    const soon = new Date('2026-11-01T10:15:00Z')
    const later = new Date('2026-11-01T11:00:00Z')
    expect(await limits.add('login:x@1', 1, soon)).toBe(1)
    expect(await limits.add('login:x@1', 1, soon)).toBe(2)
    expect(await limits.add('login:x@1', -1, soon)).toBe(1)
    expect(await limits.addMany([{ id: 'login:x@1', by: 2, expiresAt: soon }, { id: 'clicks:y@1', by: 3, expiresAt: later }])).toEqual(new Map([['login:x@1', 3], ['clicks:y@1', 3]]))
    expect(await limits.add('clicks:y@1', 1, later)).toBe(4) // one counter, whichever way it is added to
    expect([...(await limits.claim([{ key: 'a', expiresAt: soon }, { key: 'b', expiresAt: later }]))].sort()).toEqual(['a', 'b'])
    expect([...(await limits.claim([{ key: 'a', expiresAt: soon }, { key: 'c', expiresAt: later }]))]).toEqual(['c'])
    // their declared expiry: the login window counter and claim a go
    expect(await registry.pruneExpired(new Date('2026-11-01T10:30:00Z'))).toBe(2)
    expect([...(await limits.claim([{ key: 'a', expiresAt: later }]))]).toEqual(['a']) // free again once pruned
    await store.close()
  })
})
