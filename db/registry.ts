import type * as z from 'zod'
import type { BatchOp, Store } from './port.ts'

/**
 * Every collection the product keeps, registered by the repository that owns it, so backup and
 * restore walk one list instead of naming collections by hand: a new collection is either backed up
 * or skipped for a stated reason, never forgotten. A test fails when the store holds a collection
 * that is not registered here (server/operations/backup.test.ts).
 */

export type StoredRecord = Record<string, unknown>

/**
 * - `data`: in every backup
 * - `secrets`: only with `backup --include-secrets` (password hashes)
 * - `skip`: never, with the reason (ephemeral, per-installation or derived state)
 */
export type BackupPolicy = 'data' | 'secrets' | 'skip'

/** How to reach a collection the storage port does not hold (better-auth's tables, through its adapter). */
export type CollectionIo = {
  /** Every record. */
  readAll(): Promise<StoredRecord[]>
  count(): Promise<number>
  /** Writes checked records into the empty collection. */
  writeAll(records: StoredRecord[]): Promise<void>
}

export type BackedUpCollection = {
  name: string
  backup: 'data' | 'secrets'
  /** Checks one restored record (dates already revived) and answers what to write. */
  schema: z.ZodType<StoredRecord>
  /** Left out: the store collection of that name, restored inside one store batch. */
  io?: CollectionIo
}
export type SkippedCollection = { name: string; backup: 'skip'; reason: string }
export type RegisteredCollection = BackedUpCollection | SkippedCollection

/** A backed-up collection with its way in and out resolved: the store's, or its own `io`. */
export type ResolvedCollection = BackedUpCollection & {
  readAll(): Promise<StoredRecord[]>
  count(): Promise<number>
  /** Store collections: the inserts, so every one of them lands in one batch. */
  insertOps?: (records: StoredRecord[]) => BatchOp[]
  writeAll?: (records: StoredRecord[]) => Promise<void>
}

export function createRegistry(store: Store) {
  const entries = new Map<string, RegisteredCollection>()

  function add(entry: RegisteredCollection) {
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
    get(name: string): RegisteredCollection | undefined {
      return entries.get(name)
    },
    /** Everything registered, in registration order (restore writes in this order). */
    list(): RegisteredCollection[] {
      return [...entries.values()]
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
          insertOps: (records) => records.map((r) => ({ collection: e.name, insert: r as never })),
        })
      }
      return out
    },
  }
}
export type Registry = ReturnType<typeof createRegistry>
