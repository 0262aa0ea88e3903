import { defineCollection, ensureCollection } from '../collections.ts'
import type { Store } from '../port.ts'
import type { Registry } from '../registry.ts'

type WindowCount = { _id: string; count: number; expiresAt: Date }
type Claim = { _id: string; expiresAt: Date }

/** Each document goes once its `expiresAt` has passed. */
const EXPIRES = { field: 'expiresAt', afterSeconds: 0 }
const RATE_LIMITS = defineCollection({ name: 'rate_limits', backup: 'skip', reason: 'short-lived rate-limit and click windows: a restored store starts with fresh limits', ttl: EXPIRES })
const CLAIMS = defineCollection({ name: 'claims', backup: 'skip', reason: 'short-lived unique-view claims: they expire within the hour', ttl: EXPIRES })

/**
 * State that rate limits and de-duplication share across server processes: fixed-window counters
 * (`rate_limits`: login and sign-up attempts, a network's clicks on a brand and its counted views in an
 * hour) and one-time claims (`claims`: "this network's view of this page this hour was counted"). Both
 * expire (their declared `ttl`: a TTL index on MongoDB, the maintenance job's `registry.pruneExpired`
 * on SQLite). Neither is backed up.
 */
export function createLimitsRepository(store: Store, registry: Registry) {
  registry.add(RATE_LIMITS)
  registry.add(CLAIMS)
  const counters = store.collection<WindowCount>(RATE_LIMITS.name)
  const claims = store.collection<Claim>(CLAIMS.name)
  return {
    async init() {
      await ensureCollection(store, RATE_LIMITS)
      await ensureCollection(store, CLAIMS)
    },
    /** Adds `by` to a window's counter (created on first use) and answers its count after. */
    async add(id: string, by: number, expiresAt: Date): Promise<number> {
      const doc = await counters.findOneAndUpdate({ _id: id }, { $inc: { count: by }, $setOnInsert: { expiresAt } }, { upsert: true })
      return doc?.count ?? by
    },
    /**
     * Adds to many windows' counters in one store call (created on first use); answers each count after,
     * by id. Each counter moves atomically, so callers in several processes never read the same count.
     */
    async addMany(windows: readonly { id: string; by: number; expiresAt: Date }[]): Promise<Map<string, number>> {
      const docs = await counters.incrementMany(windows.map((w) => ({ _id: w.id, inc: { count: w.by }, setOnInsert: { expiresAt: w.expiresAt } })))
      return new Map(docs.map((d) => [d._id, d.count]))
    },
    async clear(id: string) {
      await counters.deleteOne({ _id: id })
    },
    /** Claims each key until its `expiresAt`; answers the keys this call claimed (nobody had before). */
    async claim(keys: { key: string; expiresAt: Date }[]): Promise<Set<string>> {
      if (!keys.length) return new Set()
      return new Set(await claims.insertMissing(keys.map(({ key, expiresAt }) => ({ _id: key, expiresAt }))))
    },
  }
}
export type LimitsRepository = ReturnType<typeof createLimitsRepository>
