import { type Db, MongoBulkWriteError } from 'mongodb'

/**
 * What the MongoDB backend does differently on FerretDB 1.x (a MongoDB-wire server; docs/mongodb.md),
 * each where MongoDB's own way is refused or wrong there, and never on MongoDB itself.
 */

/**
 * The database as better-auth's adapter sees it. The adapter builds its indexes in the background (it
 * never awaits them), so each build is handed to `track`, which the store's close waits for: a CLI
 * command closing right after its work cut them off ("MongoClientClosedError", logged as an error). On
 * FerretDB, which has no partial indexes (createIndexes answers NotImplemented, logged at every start),
 * the adapter's one partial index, its unique `username` (partial so that accounts without a username
 * may repeat), becomes the plain unique index the app declares anyway (server/accounts/auth.ts): every
 * account here has a username, so it holds the same rule.
 */
export function authDatabase(db: Db, opts: { ferretDb: boolean; track: <T>(work: Promise<T>) => Promise<T> }): Db {
  const bound = <T extends object>(target: T, prop: string | symbol) => {
    const v = Reflect.get(target, prop, target)
    return typeof v === 'function' ? v.bind(target) : v
  }
  return new Proxy(db, {
    get(target, prop) {
      if (prop !== 'collection') return bound(target, prop)
      return (...args: Parameters<Db['collection']>) => {
        const collection = target.collection(...args)
        return new Proxy(collection, {
          get(c, p) {
            if (p !== 'createIndex') return bound(c, p)
            return (keys: Parameters<typeof c.createIndex>[0], options: Parameters<typeof c.createIndex>[1] = {}) => {
              if (!opts.ferretDb || !options.partialFilterExpression) return opts.track(c.createIndex(keys, options))
              const { partialFilterExpression: _partial, name: _name, ...rest } = options
              return opts.track(c.createIndex(keys, rest))
            }
          },
        })
      }
    },
  })
}

/** The collection holding the locks below: the backend's own, never listed (MongoStore.listCollections). */
export const LOCKS_COLLECTION = '__gamewise_locks'
/** A lock older than this was left by a process that died holding it: the next caller takes it over. */
const STALE_MS = 10_000

/**
 * One writer at a time per document, across every process on the database, for FerretDB 1.x: its
 * update, findAndModify and upsert read the document and write it back in two steps (its handler's
 * `updateDocument`, the same for its SQLite and PostgreSQL backends), so two callers adding 1 at once
 * both write the same value (20 concurrent `$inc` of one document added 2). An insert with a taken
 * `_id` is refused atomically there, so a lock is a document whose `_id` names the locked one: taken by
 * inserting it, given back by deleting it. Callers in this process queue here first, so the server sees
 * one of them at a time. MongoDB updates one document atomically by itself and never comes here.
 */
export function createDocumentLocks(db: Db, isDuplicate: (err: unknown) => boolean) {
  const locks = db.collection<{ _id: string; at: Date }>(LOCKS_COLLECTION)
  const queues = new Map<string, Promise<unknown>>()

  async function acquire(key: string) {
    for (let attempt = 1; ; attempt++) {
      try {
        await locks.insertOne({ _id: key, at: new Date() })
        return
      } catch (err) {
        if (!isDuplicate(err)) throw err
      }
      if (attempt % 50 === 0) await locks.deleteOne({ _id: key, at: { $lt: new Date(Date.now() - STALE_MS) } })
      await Bun.sleep(1 + Math.random() * Math.min(attempt, 20)) // held by another process: back off a little, with jitter
    }
  }

  return {
    /**
     * Runs `fn` holding the locks of every document named (a batch's updates), taken together: those it
     * could take are given back whenever one is held elsewhere, and it tries again, so two batches never
     * each hold a part and wait for the rest.
     */
    async withAll<T>(docs: readonly { collection: string; id: string }[], fn: () => Promise<T>): Promise<T> {
      const keys = [...new Set(docs.map((d) => `${d.collection}\u0000${d.id}`))]
      for (let attempt = 1; ; attempt++) {
        const at = new Date()
        let held = keys
        try {
          await locks.insertMany(keys.map((_id) => ({ _id, at })), { ordered: false })
        } catch (err) {
          if (!(err instanceof MongoBulkWriteError) || [err.writeErrors].flat().some((e) => e.code !== 11000)) throw err
          const taken = new Set([err.writeErrors].flat().map((e) => e.index))
          held = keys.filter((_, i) => !taken.has(i))
        }
        if (held.length === keys.length) break
        if (held.length) await locks.deleteMany({ _id: { $in: held } })
        if (attempt % 50 === 0) await locks.deleteMany({ _id: { $in: keys }, at: { $lt: new Date(Date.now() - STALE_MS) } })
        await Bun.sleep(1 + Math.random() * Math.min(attempt, 20))
      }
      try {
        return await fn()
      } finally {
        await locks.deleteMany({ _id: { $in: keys } })
      }
    },
    /** Runs `fn` holding the lock of document `id` of `collection`. */
    async with<T>(collection: string, id: string, fn: () => Promise<T>): Promise<T> {
      const key = `${collection}\u0000${id}`
      const before = queues.get(key) ?? Promise.resolve()
      const run = before.then(async () => {
        await acquire(key)
        try {
          return await fn()
        } finally {
          await locks.deleteOne({ _id: key })
        }
      })
      const tail = run.catch(() => {})
      queues.set(key, tail)
      void tail.then(() => {
        if (queues.get(key) === tail) queues.delete(key)
      })
      return run
    },
  }
}
export type DocumentLocks = ReturnType<typeof createDocumentLocks>
