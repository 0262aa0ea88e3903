import { op } from './batch.ts'
import { type BackedUpCollection, type CollectionDef, pruneExpired, type StoredRecord } from './collections.ts'
import type { BatchOp, Doc, Store } from './port.ts'

export type { BackedUpCollection, BackupPolicy, CollectionDef, CollectionIo, RegisteredCollection, SkippedCollection, StoredRecord } from './collections.ts'

/**
 * Every collection the product keeps, declared by the repository that owns it (./collections.ts), so
 * backup and restore walk one list instead of naming collections by hand: a new collection is either
 * backed up or skipped for a stated reason, never forgotten. A test fails when the store holds a
 * collection that is not registered here (server/operations/backup.test.ts). Maintenance prunes the
 * expired documents of those declaring an expiry.
 */

/** A backed-up collection with its way in and out resolved: the store's, or its own `io`. */
export type ResolvedCollection = BackedUpCollection & {
  readAll(): Promise<StoredRecord[]>
  count(): Promise<number>
  /** Store collections: the inserts, so every one of them lands in one batch. */
  insertOps?: (records: StoredRecord[]) => BatchOp[]
  writeAll?: (records: StoredRecord[]) => Promise<void>
}

export function createRegistry(store: Store) {
  const entries = new Map<string, CollectionDef>()

  function add(entry: CollectionDef) {
    if (entries.has(entry.name)) throw new Error(`collection "${entry.name}" is registered twice`)
    if (entry.backup === 'skip' && !entry.reason.trim()) throw new Error(`collection "${entry.name}" is skipped without a reason`)
    entries.set(entry.name, entry)
  }

  return {
    /** A collection kept in backups (`data`) or only in backups with secrets (`secrets`). */
    add,
    /** A collection left out of backups: one line in the repository that owns it. */
    skip(name: string, reason: string) {
      add({ name, backup: 'skip', reason })
    },
    get(name: string): CollectionDef | undefined {
      return entries.get(name)
    },
    /** Everything registered, in registration order (restore writes in this order). */
    list(): CollectionDef[] {
      return [...entries.values()]
    },
    /** Deletes what has expired in every collection declaring an expiry; answers how many documents went (maintenance). */
    pruneExpired(now: Date) {
      return pruneExpired(store, [...entries.values()], now)
    },
    /** The collections a backup holds, in registration order; `secrets` ones only when asked. */
    backedUp(opts: { includeSecrets?: boolean } = { includeSecrets: true }): ResolvedCollection[] {
      const out: ResolvedCollection[] = []
      for (const e of entries.values()) {
        if (e.backup === 'skip' || (e.backup === 'secrets' && !opts.includeSecrets)) continue
        if (e.io) {
          out.push({ ...e, readAll: e.io.readAll, count: e.io.count, writeAll: e.io.writeAll })
          continue
        }
        const c = store.collection(e.name)
        out.push({
          ...e,
          readAll: () => c.find({}),
          count: () => c.count(),
          insertOps: (records) => records.map((r) => op.insert(e.name, r as Doc)),
        })
      }
      return out
    },
  }
}
export type Registry = ReturnType<typeof createRegistry>
