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

/** A collection as a store copy reads and writes it (server/operations/store-copy.ts): in pages, sorted by id. */
export type MovableCollection = {
  name: string
  count(): Promise<number>
  /** Every record, in pages of about `size`, sorted by id (`_id`, or better-auth's `id`). */
  pages(size: number): AsyncGenerator<StoredRecord[]>
  /** Writes records into the collection (its own way: a store batch, counter rows, better-auth's adapter). */
  write(records: StoredRecord[]): Promise<void>
  /** Deletes every record. */
  clear(): Promise<void>
}

const idOf = (r: StoredRecord) => String(r._id ?? r.id ?? '')
const byId = (a: StoredRecord, b: StoredRecord) => (idOf(a) < idOf(b) ? -1 : idOf(a) > idOf(b) ? 1 : 0)

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
    /**
     * What a copy of the whole store to another backend moves, in registration order: every backed-up
     * collection, secrets included, and those backups skip but declare `moves` (the audit log).
     */
    movable(): MovableCollection[] {
      const out: MovableCollection[] = []
      for (const e of entries.values()) {
        if (e.backup === 'skip' && !e.moves) continue
        const io = e.backup === 'skip' ? undefined : e.io
        if (io) {
          out.push({
            name: e.name,
            count: io.count,
            async *pages() {
              yield (await io.readAll()).sort(byId)
            },
            write: io.writeAll,
            clear: async () => {
              if (io.clear) return io.clear()
              if (e.counters) return void (await store.pruneCounters(e.name, '\uffff')) // every day sorts before it
              throw new Error(`collection "${e.name}" cannot be emptied`)
            },
          })
          continue
        }
        const c = store.collection(e.name)
        out.push({
          name: e.name,
          count: () => c.count(),
          async *pages(size: number) {
            for (let after: string | undefined; ; ) {
              const page = await c.find(after === undefined ? {} : { _id: { $gt: after } }, { sort: { _id: 1 }, limit: size })
              if (page.length) yield page
              if (page.length < size) return
              after = page[page.length - 1]._id
            }
          },
          write: (records) => store.batch(records.map((r) => op.insert(e.name, r as Doc))),
          clear: async () => void (await c.deleteMany({})),
        })
      }
      return out
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
