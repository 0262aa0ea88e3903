import { Database } from 'bun:sqlite'
import { chmodSync, closeSync, mkdirSync, openSync } from 'node:fs'
import { dirname } from 'node:path'

/**
 * The store holds password hashes and visitors' clicks: only the server's user may read it. A new
 * DATA_DIR is made 0700; the database file is created 0600 before SQLite opens it, because SQLite gives
 * its -wal and -shm files the database file's mode; an older store's files are tightened too. (Creating
 * the file ourselves rather than setting a umask around the open: the umask is process-wide state.)
 */
function restrictFiles(file: string) {
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 })
  closeSync(openSync(file, 'a', 0o600))
  for (const f of [file, `${file}-wal`, `${file}-shm`]) {
    try {
      chmodSync(f, 0o600)
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err
    }
  }
}

/** The store's connection (`:memory:` or a file, made private to the server's user), with the pragmas it runs under. */
export function openDatabase(file: string): Database {
  if (file !== ':memory:') restrictFiles(file)
  const db = new Database(file, { create: true, strict: true })
  db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA busy_timeout = 5000;')
  // Checkpoint every 4,000 WAL pages (16 MB) instead of SQLite's 1,000: the click counters and index
  // pages every commit rewrites are then copied to the database once per checkpoint, not four times
  // (bench, /go under load: 8,700 → 11,300 requests/s); the file is cut back to 64 MB after one.
  db.exec('PRAGMA wal_autocheckpoint = 4000; PRAGMA journal_size_limit = 67108864;')
  // 32 MB of page cache (SQLite's default is 2 MB): at 100,000 articles a text search's keys and
  // document-size lookups otherwise read most pages from the OS (bench/search.ts: 21 → 14 ms). It is
  // part of the process's memory under any traffic (≤ 300 MB, the product's memory budget): 64 MB held
  // about 50 MB more RSS after the bench's click loads, and searched no faster at 100,000 articles (p50
  // 15–16 ms at 16, 32 and 64 MB, measured side by side)
  db.exec('PRAGMA cache_size = -32768;')
  return db
}
