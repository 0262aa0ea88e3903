import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runCli, tempDataDirs } from '../test/cli.ts'
import { freshMongoUri } from '../test/store.ts'

/** `copy-store` from the command line: there and back, the same export; a full target or the store itself refused in one line. */
const { dir, removeAll } = tempDataDirs()
afterAll(removeAll)
const mongo = process.env.MONGODB_URI

let source: string
beforeAll(() => {
  source = dir('copy-source')
  expect(runCli(source, ['seed', 'demo', '--svg-images']).code).toBe(0)
})

describe(`copy-store (${mongo ? 'SQLite → MongoDB → SQLite' : 'SQLite → SQLite'})`, () => {
  it('copies, prints each collection with its count and checksum, and the copy exports what the source does', () => {
    const middle = mongo ? freshMongoUri('cli_copy') : join(dir('copy-middle'), 'data')
    const there = runCli(source, ['copy-store', middle])
    expect(there.code, there.err).toBe(0)
    expect(there.out).toMatch(/^Copied SQLite .* to (MongoDB mongodb:\/\/|SQLite )/)
    expect(there.out).toMatch(/^ {2}posts +24 {2}sha256 [0-9a-f]{16} {2}same on both$/m)
    expect(there.out).toMatch(/^Every collection matches: \d+ collections, [\d,]+ records\. The copy starts logged out/m)
    const back = join(dir('copy-back'), 'data') // made when missing
    const home = runCli(mongo ? source : middle, ['copy-store', back], mongo ? { env: { MONGODB_URI: middle } } : {})
    expect(home.code, home.err).toBe(0)
    expect(runCli(back, ['export', 'all']).out).toBe(runCli(source, ['export', 'all']).out)

    const again = runCli(source, ['copy-store', middle])
    expect(again.code).toBe(1)
    expect(again.err).toMatch(/^error: The target is not empty \(posts, .*\); nothing was copied\. Copy into an empty store, or add --force to replace what it holds\.\n$/)
    expect(runCli(source, ['copy-store', middle, '--force']).code).toBe(0)
  }, 60_000)

  it('refuses to copy a store onto itself', () => {
    const r = runCli(source, ['copy-store', source])
    expect(r.code).toBe(1)
    expect(r.err).toBe(`error: The target is the store itself (SQLite ${source}): name another database or folder\n`)
  })
})
