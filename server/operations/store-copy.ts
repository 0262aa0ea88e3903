import { createHash } from 'node:crypto'
import { stringify } from '../../db/extended-json.ts'
import type { Store } from '../../db/port.ts'
import type { MovableCollection, Registry } from '../../db/registry.ts'
import { AppError } from '../errors.ts'
import type { AuditService } from './audit.ts'
import { canonical } from './transfer-format.ts'

/**
 * A whole store copied to another one, whatever their backends (SQLite → MongoDB as a site grows, and
 * back): every collection the registry moves (db/registry.ts `movable`: everything a backup with
 * secrets holds, and the audit log), record for record, then checked: each collection's count and a
 * checksum of its records (SHA-256 of each record's canonical JSON, keys sorted and dates as
 * `{"$date"}`, in id order) must be the same on both sides. Logins do not move (sessions, signing keys,
 * verification tokens), nor do rate limits, claims or per-installation settings: the copy starts logged
 * out, like a restore.
 */

/** One side of a copy: a store and the registry its repositories filled (an app context has both). */
export type CopySide = { store: Store; registry: Registry; audit: AuditService }
export type CollectionCheck = { name: string; count: number; checksum: string }
export type CopyReport = { collections: CollectionCheck[]; records: number }

const PAGE = 1_000

/** A collection's records, read in id order, counted and hashed as they pass (`each` sees every page). */
async function summarise(c: MovableCollection, each?: (page: Record<string, unknown>[]) => Promise<void>): Promise<CollectionCheck> {
  const hash = createHash('sha256')
  let count = 0
  for await (const page of c.pages(PAGE)) {
    for (const record of page) hash.update(`${stringify(canonical(record))}\n`)
    count += page.length
    await each?.(page)
  }
  return { name: c.name, count, checksum: hash.digest('hex') }
}

/**
 * Copies `from` into `to`. `to` must hold nothing in the collections that move, unless `replace`, which
 * empties them first. Throws, naming the collection, when a count or checksum differs afterwards.
 */
export async function copyStore(from: CopySide, to: CopySide, opts: { replace?: boolean; describe: { from: string; to: string } }): Promise<CopyReport> {
  const source = from.registry.movable()
  const target = new Map(to.registry.movable().map((c) => [c.name, c]))
  const missing = source.filter((c) => !target.has(c.name)).map((c) => c.name)
  if (missing.length) throw new AppError('conflict', `The target keeps no ${missing.join(', ')}: is it another version of GameWise?`)
  const taken = []
  for (const c of target.values()) if ((await c.count()) > 0) taken.push(c.name)
  if (taken.length && !opts.replace) throw new AppError('conflict', `The target is not empty (${taken.join(', ')} hold records); nothing was copied. Copy into an empty store, or add --force to replace what it holds.`)
  for (const name of taken) await target.get(name)!.clear()

  const copied: CollectionCheck[] = []
  for (const c of source) {
    const into = target.get(c.name)!
    copied.push(await summarise(c, (page) => into.write(page)))
  }
  // read back from the target: what landed there, not what was sent
  const wrong: string[] = []
  for (const sent of copied) {
    const landed = await summarise(target.get(sent.name)!)
    if (landed.count !== sent.count) wrong.push(`${sent.name}: ${sent.count} sent, ${landed.count} there`)
    else if (landed.checksum !== sent.checksum) wrong.push(`${sent.name}: the records differ (checksum ${sent.checksum.slice(0, 12)} sent, ${landed.checksum.slice(0, 12)} there)`)
  }
  if (wrong.length) throw new AppError('internal', `The copy does not match its source: ${wrong.join('; ')}`)
  const records = copied.reduce((n, c) => n + c.count, 0)
  // after the check, so the copied log is compared as it was
  await to.audit.record({ action: 'store.copy', target: 'store', note: `${records} records from ${opts.describe.from}` })
  await from.audit.record({ action: 'store.copy', target: 'store', note: `${records} records to ${opts.describe.to}` })
  return { collections: copied, records }
}
