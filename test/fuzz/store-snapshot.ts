import { op } from '../../db/batch.ts'
import type { Doc, Store } from '../../db/port.ts'

/**
 * The store as the route fuzz compares it (server/fuzz.test.ts): every document of every collection,
 * and for better-auth's tables (whose rows are not the port's documents) their counts.
 */
export type Snapshot = { docs: Map<string, string>; counts: Map<string, number> }

/** The attribution counters (issue 21) as a snapshot sees them: rows that count something, by their key. */
const COUNTERS = 'counters'
const countersText = (rows: Awaited<ReturnType<Store['readCounters']>>) => JSON.stringify(rows.filter((r) => Object.keys(r.values).length))

export function storeSnapshots(store: Store, authTables: ReadonlySet<string>) {
  async function read(): Promise<{ snapshot: Snapshot; docs: Map<string, Doc[]> }> {
    const snapshot: Snapshot = { docs: new Map(), counts: new Map() }
    const docs = new Map<string, Doc[]>()
    for (const name of await store.listCollections()) {
      const c = store.collection(name)
      snapshot.counts.set(name, await c.count())
      if (authTables.has(name)) continue
      const all = (await c.find({})).sort((a, b) => (a._id < b._id ? -1 : 1))
      docs.set(name, all)
      snapshot.docs.set(name, JSON.stringify(all))
    }
    const counters = await store.readCounters(COUNTERS)
    snapshot.docs.set(COUNTERS, countersText(counters))
    snapshot.counts.set(COUNTERS, counters.filter((r) => Object.keys(r.values).length).length)
    docs.set(COUNTERS, counters.map((r) => ({ _id: `${r.dim}|${r.day}|${r.key}|${r.sub}`, ...r })))
    return { snapshot, docs }
  }

  return {
    read,

    /** `base` with the auth tables' counts as they are now (logins and logouts change them between runs). */
    async withAuthCounts(base: Snapshot): Promise<Snapshot> {
      const counts = new Map(base.counts)
      for (const name of authTables) counts.set(name, await store.collection(name).count())
      return { docs: base.docs, counts }
    },

    /** Collections whose documents (for auth tables, counts) differ between the two, minus `allowed`. */
    changed(before: Snapshot, after: Snapshot, allowed: ReadonlySet<string> = new Set()) {
      const names = new Set([...before.counts.keys(), ...after.counts.keys()])
      return [...names].filter((n) => {
        if (allowed.has(n)) return false
        if ((before.counts.get(n) ?? 0) !== (after.counts.get(n) ?? 0)) return true
        return !authTables.has(n) && (before.docs.get(n) ?? '[]') !== (after.docs.get(n) ?? '[]')
      })
    },

    /** Puts every store collection back as `docs` had it, in one batch (better-auth's tables are left alone). */
    async restore(docs: Map<string, Doc[]>, current: Snapshot) {
      const names = [...new Set([...docs.keys(), ...current.docs.keys()])].filter((n) => n !== COUNTERS)
      // counters only add: each row is brought back by adding the difference
      const want = new Map((docs.get(COUNTERS) ?? []).map((d) => [d._id, (d as unknown as { values: Record<string, number> }).values]))
      const undo = (await store.readCounters(COUNTERS)).flatMap((r) => {
        const target = want.get(`${r.dim}|${r.day}|${r.key}|${r.sub}`) ?? {}
        const inc = Object.fromEntries([...new Set([...Object.keys(r.values), ...Object.keys(target)])].map((m) => [m, (target[m] ?? 0) - (r.values[m] ?? 0)]).filter(([, v]) => v))
        return Object.keys(inc).length ? [op.count(COUNTERS, { dim: r.dim, key: r.key, day: r.day, sub: r.sub }, inc)] : []
      })
      await store.batch([
        ...names.map((collection) => op.delete(collection, {})),
        ...names.flatMap((collection) => (docs.get(collection) ?? []).map((doc) => op.insert(collection, doc))),
        ...undo,
      ])
    },
  }
}
