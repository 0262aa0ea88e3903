import type { Store } from '../db/port.ts'
import { SqliteStore } from '../db/sqlite/index.ts'

/**
 * The store a test app gets: SQLite in memory, or with TEST_STORE=mongodb a fresh database of its own on
 * the server MONGODB_URI names (`bun scripts/ferretdb.ts test` starts a FerretDB and sets both), so the
 * same test files run on either backend. Each store is its own database, named for this test file (one
 * random tag per file: vitest loads this module once per file) and a counter: files running at once never
 * share one. Closing the store drops its database.
 */
export function testBackend(): 'sqlite' | 'mongodb' {
  const wanted = process.env.TEST_STORE ?? 'sqlite'
  if (wanted === 'sqlite') return 'sqlite'
  if (wanted !== 'mongodb') throw new Error(`TEST_STORE must be sqlite or mongodb, not "${wanted}"`)
  if (!process.env.MONGODB_URI) throw new Error('TEST_STORE=mongodb needs MONGODB_URI (bun scripts/ferretdb.ts test starts a FerretDB and sets it)')
  return 'mongodb'
}

const fileTag = Math.random().toString(36).slice(2, 8)
let opened = 0

/** The URI of a database no other test uses (MONGODB_URI's server, another database name). */
export function freshMongoUri(label = 't'): string {
  const uri = new URL(process.env.MONGODB_URI!)
  uri.pathname = `/${label}_${fileTag}_${opened++}`
  return uri.toString()
}

export async function openTestStore(): Promise<Store> {
  if (testBackend() === 'sqlite') return new SqliteStore(':memory:')
  const { MongoStore } = await import('../db/mongo.ts')
  const store = await MongoStore.connect(freshMongoUri())
  const close = store.close.bind(store)
  Object.defineProperty(store, 'close', {
    configurable: true, // the metrics' timing proxy (db/timed-store.ts) reads it through
    writable: true,
    value: async () => {
      await store.db.dropDatabase().catch(() => {}) // leave nothing behind on a shared server
      await close()
    },
  })
  return store
}
