import { Database } from 'bun:sqlite'
import { chmodSync, existsSync, mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { SqliteStore } from './index.ts'

const root = mkdtempSync(join(tmpdir(), 'gamewise-modes-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))
const mode = (path: string) => statSync(path).mode & 0o777

// the store holds password hashes and click data: nobody but the server's user may read it
describe('SQLite store file modes', () => {
  it('creates DATA_DIR 0700 and the database with its -wal and -shm files 0600', async () => {
    const dir = join(root, 'fresh', 'data')
    const store = new SqliteStore(join(dir, 'gamewise.db'))
    await store.collection('things').insertOne({ _id: 'a' })
    expect(mode(dir)).toBe(0o700)
    for (const f of ['gamewise.db', 'gamewise.db-wal', 'gamewise.db-shm']) {
      expect(existsSync(join(dir, f)), f).toBe(true)
      expect(mode(join(dir, f)), f).toBe(0o600)
    }
    await store.close()
  })

  it('tightens an old store that was world-readable', async () => {
    const file = join(root, 'old.db')
    const old = new Database(file, { create: true })
    old.exec('PRAGMA journal_mode = WAL; CREATE TABLE t (id TEXT)')
    for (const f of [file, `${file}-wal`, `${file}-shm`]) chmodSync(f, 0o644)
    const store = new SqliteStore(file) // opened while the old connection still holds the -wal and -shm files
    await store.collection('things').insertOne({ _id: 'a' })
    for (const f of [file, `${file}-wal`, `${file}-shm`]) expect(mode(f), f).toBe(0o600)
    old.close()
    await store.close()
  })
})
