import { join } from 'node:path'
import type { Store } from './port.ts'

export type { Store } from './port.ts'

/** Opens the store the configuration names: MongoDB when a URI is given, otherwise SQLite in `dataDir`. */
export async function openStore(opts: { mongodbUri?: string; dataDir: string }): Promise<Store> {
  if (opts.mongodbUri) {
    const { MongoStore } = await import('./mongo.ts')
    return MongoStore.connect(opts.mongodbUri)
  }
  const { SqliteStore } = await import('./sqlite/index.ts')
  return new SqliteStore(opts.dataDir === ':memory:' ? ':memory:' : join(opts.dataDir, 'gamewise.db'))
}
