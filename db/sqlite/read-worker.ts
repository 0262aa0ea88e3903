/**
 * A reader of the SQLite file on a thread of its own (db/sqlite/counters.ts, `sumCounters`): a 90-day report's sums
 * read hundreds of thousands of counter rows, and bun:sqlite is synchronous, so on the server's thread
 * that would stall every request meanwhile (a /go redirect, a page). Its own read-only connection sees
 * the last committed state (WAL), as any other reader does.
 *
 * Answers columns, not row objects: text columns as arrays, numeric ones as Float64Arrays handed over
 * without a copy. Posting 100,000 row objects of 19 fields cost 3.9 s of structured cloning on a loaded
 * machine, more than the sum itself (issue 37).
 */
import { Database } from 'bun:sqlite'
import { toColumns } from './columns.ts'

declare const self: Worker
let db: Database | null = null

self.onmessage = (e: MessageEvent<{ id: number; file: string; sql: string; params: (string | number)[]; text: string[] }>) => {
  const { id, file, sql, params, text } = e.data
  try {
    if (!db) {
      db = new Database(file, { readonly: true, strict: true })
      // a 90-day sum groups hundreds of thousands of rows: its sorter kept in memory (SQLite bounds it by the page cache, 2 MB by default, then spills to files)
      db.exec('PRAGMA busy_timeout = 5000; PRAGMA cache_size = -65536; PRAGMA temp_store = MEMORY;')
    }
    const columns = toColumns(db.query(sql), params, text)
    postMessage({ id, columns }, columns.numbers.map((c) => c.buffer) as never)
  } catch (err) {
    postMessage({ id, error: String((err as Error).message ?? err) })
  }
}
