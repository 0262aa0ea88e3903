/**
 * A reader of the SQLite file on a thread of its own (db/sqlite/counters.ts, `sumCounters`): a 90-day report's sums
 * read hundreds of thousands of counter rows, and bun:sqlite is synchronous, so on the server's thread
 * that would stall every request meanwhile (a /go redirect, a page). Its own read-only connection sees
 * the last committed state (WAL), as any other reader does.
 */
import { Database } from 'bun:sqlite'

declare const self: Worker
let db: Database | null = null

self.onmessage = (e: MessageEvent<{ id: number; file: string; sql: string; params: (string | number)[] }>) => {
  const { id, file, sql, params } = e.data
  try {
    db ??= new Database(file, { readonly: true, strict: true })
    db.exec('PRAGMA busy_timeout = 5000;')
    postMessage({ id, rows: db.query(sql).all(...params) })
  } catch (err) {
    postMessage({ id, error: String((err as Error).message ?? err) })
  }
}
