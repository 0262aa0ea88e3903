import type * as z from 'zod'
import { op } from './batch.ts'
import type { BatchOp, CountersSpec, IndexSpec, Store, TextIndexSpec } from './port.ts'

/**
 * A collection declared once, in one literal (`defineCollection`), by the repository that owns it: its
 * name, whether and how backups hold it, and what the store keeps for it (indexes, a text index, list
 * indexes, expiry, or a counters table). The registry (./registry.ts) lists the declarations for backup,
 * restore and maintenance; `ensureCollection` has the store create what one declares.
 */

export type StoredRecord = Record<string, unknown>

/**
 * - `data`: in every backup
 * - `secrets`: only with `backup --include-secrets` (password hashes)
 * - `skip`: never, with the reason (ephemeral, per-installation or derived state)
 */
export type BackupPolicy = 'data' | 'secrets' | 'skip'

/** How to reach a collection the storage port does not hold as documents (a counters table, better-auth's tables). */
export type CollectionIo = {
  /** Every record. */
  readAll(): Promise<StoredRecord[]>
  count(): Promise<number>
  /** Writes checked records into the empty collection. */
  writeAll(records: StoredRecord[]): Promise<void>
  /** Deletes every record (a store copy told to replace what the target holds). */
  clear?(): Promise<void>
}

export type BackedUpCollection = {
  name: string
  backup: 'data' | 'secrets'
  /** Checks one restored record (dates already revived) and answers what to write. */
  schema: z.ZodType<StoredRecord>
  /** Left out: the store collection of that name, restored inside one store batch. */
  io?: CollectionIo
}
/**
 * `moves`: a store copied to another backend (`copy-store`, server/operations/store-copy.ts) takes it
 * along though backups leave it out: the installation's own history moves with the installation.
 */
export type SkippedCollection = { name: string; backup: 'skip'; reason: string; moves?: true }
export type RegisteredCollection = BackedUpCollection | SkippedCollection

/** What the store keeps for a collection, created in this order by `ensureCollection`. */
export type CollectionStorage = {
  /** Indexes (db/port.ts `IndexSpec`: their fields hold scalars in every document). */
  indexes?: readonly IndexSpec[]
  /**
   * Documents expire `afterSeconds` after the Date in `field`: on MongoDB a TTL index removes them; on
   * SQLite (and FerretDB, which has no TTL indexes) the maintenance job does (`Registry.pruneExpired`).
   */
  ttl?: { field: string; afterSeconds: number }
  textIndex?: TextIndexSpec
  /**
   * Indexes created after the text index. On SQLite the text index keeps the values of the index fields
   * declared before it (a search filter on them never reads a document), and a change in those fields
   * rebuilds it on every existing store: an index added to a collection with a text index goes here.
   */
  indexesAfterText?: readonly IndexSpec[]
  /** Fields holding a list of strings, each list-indexed (db/port.ts `ListIndexSpec`). */
  listIndexes?: readonly string[]
  /** A counters table (db/port.ts `CountersSpec`) instead of documents: then nothing else is declared. */
  counters?: CountersSpec
}

export type CollectionDef = RegisteredCollection & CollectionStorage

/** One collection's declaration; checked once, when the module holding it loads. */
export function defineCollection<const D extends CollectionDef>(def: D): D {
  const documents = def.indexes?.length || def.ttl || def.textIndex || def.indexesAfterText?.length || def.listIndexes?.length
  if (def.counters && documents) throw new Error(`collection "${def.name}" is a counters table: it declares no indexes, text index or expiry`)
  if (def.indexesAfterText?.length && !def.textIndex) throw new Error(`collection "${def.name}" declares indexes after a text index it does not have`)
  return def
}

/** Has the store create what `def` declares (each call is idempotent: every start makes it again). */
export async function ensureCollection(store: Store, def: CollectionDef) {
  if (def.counters) return store.ensureCounters(def.name, def.counters)
  for (const spec of def.indexes ?? []) await store.ensureIndex(def.name, spec)
  if (def.ttl) await store.ensureIndex(def.name, { fields: { [def.ttl.field]: 1 }, expireAfterSeconds: def.ttl.afterSeconds })
  if (def.textIndex) await store.ensureTextIndex(def.name, def.textIndex)
  for (const spec of def.indexesAfterText ?? []) await store.ensureIndex(def.name, spec)
  for (const field of def.listIndexes ?? []) await store.ensureListIndex(def.name, { field })
}

/**
 * Deletes the documents of `defs` whose declared expiry has passed at `now`, answering how many. On
 * MongoDB the TTL index's monitor does this by itself (about once a minute): this takes what it has not yet.
 */
export async function pruneExpired(store: Store, defs: readonly CollectionDef[], now: Date) {
  let pruned = 0
  for (const def of defs) {
    if (!def.ttl) continue
    const before = new Date(now.getTime() - def.ttl.afterSeconds * 1000)
    pruned += await store.collection(def.name).deleteMany({ [def.ttl.field]: { $lt: before } })
  }
  return pruned
}

/**
 * A counters table's records as backups and store copies see them: one per row (`dim|day|key`, then `|sub`
 * where there is one), the metrics beside the key; written back as increments, 5,000 to a batch.
 */
export function counterTableIo(store: Store, name: string, metrics: readonly string[]): CollectionIo {
  return {
    async readAll() {
      return (await store.readCounters(name)).map((r) => ({ _id: [r.dim, r.day, r.key, ...(r.sub ? [r.sub] : [])].join('|'), dim: r.dim, key: r.key, day: r.day, sub: r.sub, ...r.values }))
    },
    async count() {
      return (await store.readCounters(name)).length
    },
    async writeAll(records) {
      const ops: BatchOp[] = records.map((r) => {
        const values = Object.fromEntries(metrics.filter((m) => typeof r[m] === 'number').map((m) => [m, r[m] as number]))
        return op.count(name, { dim: String(r.dim), key: String(r.key), day: String(r.day), sub: String(r.sub ?? '') }, values)
      })
      for (let i = 0; i < ops.length; i += 5_000) await store.batch(ops.slice(i, i + 5_000))
    },
  }
}

/**
 * A backfill of derived fields: writes `update(doc)` for every document `stale()` still finds, a batch at a
 * time, until it finds none (each update must make its document no longer stale, or this never ends).
 */
export async function backfill<T>(store: Store, stale: () => Promise<T[]>, update: (doc: T) => BatchOp) {
  for (let found = await stale(); found.length; found = await stale()) await store.batch(found.map(update))
}

/** A counters table declared (`rollup`: it also keeps 8- and 32-day blocks, db/counter-rollup.ts): backed up as data, its rows checked by `schema`, read and written through counterTableIo. */
export function counterTable(store: Store, name: string, schema: z.ZodType<StoredRecord>, metrics: readonly string[], opts: { rollup?: boolean } = {}) {
  return defineCollection({ name, backup: 'data', schema, counters: { metrics, ...(opts.rollup ? { rollup: true } : {}) }, io: counterTableIo(store, name, metrics) })
}
