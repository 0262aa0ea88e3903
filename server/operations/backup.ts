import { boxDates, unboxDates } from '../../db/extended-json.ts'
import type { Store } from '../../db/port.ts'
import type { Registry, StoredRecord } from '../../db/registry.ts'
import { AppError } from '../errors.ts'
import type { AuditService } from './audit.ts'
import { sniffImageType } from '../media/service.ts'
import { canonical, type Problem, problems } from './transfer-format.ts'
import { COUNTERS, incrementOps } from '../../db/repositories/counters.ts'
import { countsForEvents } from '../attribution/counters.ts'

/**
 * Backups (the CLI's backup and restore): every collection the registry (db/registry.ts) backs up, so
 * a collection cannot be left out by hand. Restore checks every record before it writes any.
 */

/** A backup (version 2): every collection the registry backs up, dates as {"$date": iso} (db/extended-json.ts). */
export type Backup = { format: 'gamewise-backup'; version: 2; includesSecrets: boolean; collections: Record<string, unknown[]> }

// better-auth's records have `id`, the product's `_id`
const idOf = (r: StoredRecord) => String(r._id ?? r.id ?? '')
const byRecordId = (a: StoredRecord, b: StoredRecord) => (idOf(a) < idOf(b) ? -1 : idOf(a) > idOf(b) ? 1 : 0)

/** What a check of one record found wrong, beyond its schema. */
type RecordCheck = (record: StoredRecord) => { field: string; message: string } | null

/** Rules that need a service's knowledge (the registry's schemas check the shape). */
const restoreChecks: Record<string, RecordCheck> = {
  media: (m) => {
    const type = sniffImageType(Buffer.from(String(m.data), 'base64'))
    return type && type === m.contentType ? null : { field: 'data', message: 'the bytes are not the image the record says' }
  },
}

/** Version 1 named a fixed list of collections and left dates as bare ISO strings: read it as version 2. */
function fromVersion1(b: Record<string, unknown>): Record<string, unknown[]> {
  const list = (key: string) => (Array.isArray(b[key]) ? (b[key] as unknown[]) : [])
  const dates = (...fields: string[]) => (r: unknown) => {
    if (!r || typeof r !== 'object' || Array.isArray(r)) return r // the schema reports it
    const out = { ...(r as StoredRecord) }
    for (const f of fields) if (typeof out[f] === 'string') out[f] = new Date(out[f] as string)
    return out
  }
  return {
    posts: list('posts'),
    brands: list('brands'),
    media: list('media').map(dates('createdAt')),
    clicks: list('clicks').map(dates('receivedAt')),
    user: list('users').map(dates('createdAt', 'updatedAt')),
    account: list('accounts').map(dates('createdAt', 'updatedAt')),
  }
}

/**
 * Collections earlier versions kept and this one no longer does, and why: a backup that holds them is
 * restored without them. The brands' day counters (issue 7) were a second home for the figures the
 * attribution counters hold; a backup with no attribution counters has them added up again from its
 * clicks and conversions (restore, below).
 */
const RETIRED: Record<string, string> = { click_counters: 'the attribution counters (counters) hold these figures' }

/** Every record against its collection's schema and rules: what to write, or everything that is wrong. */
function checkRecords(collections: Record<string, unknown[]>, registry: Registry) {
  const invalid: Problem[] = []
  for (const [name, records] of Object.entries(collections)) {
    const entry = registry.get(name)
    if (!entry && name in RETIRED) continue
    if (!entry) invalid.push({ record: name, field: '(collection)', message: 'not a collection this version keeps' })
    else if (entry.backup === 'skip') invalid.push({ record: name, field: '(collection)', message: `never restored: ${entry.reason}` })
    else if (!Array.isArray(records)) invalid.push({ record: name, field: '(collection)', message: 'must be a list of records' })
  }
  const checked = new Map<string, StoredRecord[]>()
  for (const c of registry.backedUp({ includeSecrets: true })) {
    const records = collections[c.name]
    if (!Array.isArray(records)) continue
    const ids = new Set<string>()
    const ok: StoredRecord[] = []
    records.forEach((rec, i) => {
      const name = `${c.name}[${i}]`
      const parsed = c.schema.safeParse(rec)
      if (!parsed.success) return invalid.push(...problems(name, parsed.error))
      const wrong = restoreChecks[c.name]?.(parsed.data)
      if (wrong) return invalid.push({ record: name, ...wrong })
      const id = idOf(parsed.data)
      if (ids.has(id)) return invalid.push({ record: name, field: '_id', message: `a second record with id ${id}` })
      ids.add(id)
      ok.push(parsed.data)
    })
    checked.set(c.name, ok)
  }
  return { checked, invalid }
}

export function createBackupService(deps: { store: Store; registry: Registry; audit: AuditService; onChange: () => void }) {
  const { store } = deps
  return {
    /**
     * Every collection the registry backs up, each sorted by id with its keys sorted: the same store
     * always backs up to the same bytes. `secrets` collections (password hashes) only when asked.
     */
    async create(opts: { includeSecrets?: boolean } = {}): Promise<Backup> {
      const collections: Record<string, unknown[]> = {}
      for (const c of deps.registry.backedUp(opts)) collections[c.name] = canonical(boxDates<StoredRecord[]>((await c.readAll()).sort(byRecordId)))
      return { format: 'gamewise-backup', version: 2, includesSecrets: Boolean(opts.includeSecrets), collections: canonical(collections) }
    },

    /** Collections no backup holds, and why. */
    notBackedUp() {
      return deps.registry.list().flatMap((c) => (c.backup === 'skip' ? [{ name: c.name, reason: c.reason }] : []))
    },

    /**
     * Into an empty store only. Every record is checked first (the registry's schemas: the API's rules
     * for posts, brands and media, known roles for users); with any problem nothing is written.
     */
    async restore(bundle: unknown): Promise<Record<string, number>> {
      const b = bundle as Record<string, unknown> | null
      if (!b || typeof b !== 'object' || b.format !== 'gamewise-backup') throw new AppError('bad_request', 'Not a GameWise backup file (format must be gamewise-backup)')
      let collections: Record<string, unknown[]>
      if (b.version === 1) collections = fromVersion1(b)
      else if (b.version === 2) {
        if (!b.collections || typeof b.collections !== 'object' || Array.isArray(b.collections)) throw new AppError('bad_request', 'Malformed backup: collections must map names to lists of records')
        collections = unboxDates(b.collections)
      } else throw new AppError('bad_request', `Unsupported backup version ${JSON.stringify(b.version)}: this version reads 1 and 2`)

      const targets = deps.registry.backedUp({ includeSecrets: true })
      for (const c of targets) {
        if ((await c.count()) > 0) throw new AppError('conflict', `The store is not empty (${c.name} has records); restore into a fresh DATA_DIR or database`)
      }

      const { checked, invalid } = checkRecords(collections, deps.registry)
      if (invalid.length) {
        const shown = invalid.slice(0, 3).map((p) => `${p.record}.${p.field}: ${p.message}`)
        const more = invalid.length > 3 ? ` (and ${invalid.length - 3} more)` : ''
        throw new AppError('bad_request', `The backup has invalid records; nothing was restored: ${shown.join('; ')}${more}`, invalid)
      }

      // the store's collections in one batch (one transaction on SQLite); then better-auth's, in
      // registration order, so users exist before their accounts
      const records = (name: string) => checked.get(name) ?? []
      await store.batch(targets.flatMap((c) => c.insertOps?.(records(c.name)) ?? []))
      for (const c of targets) if (c.writeAll && records(c.name).length) await c.writeAll(records(c.name))
      // a backup from before the attribution counters: they are added up again from its clicks and conversions
      if (!records(COUNTERS).length && (records('clicks').length || records('conversions').length)) {
        const ops = incrementOps(countsForEvents(records('clicks') as Record<string, unknown>[], records('conversions') as Record<string, unknown>[]))
        for (let i = 0; i < ops.length; i += 5_000) await store.batch(ops.slice(i, i + 5_000))
      }
      deps.onChange()
      const counts = Object.fromEntries(targets.map((c) => [c.name, records(c.name).length]))
      // after the backup's own audit entries, so the log reads in order
      await deps.audit.record({ action: 'backup.restore', target: 'store', note: Object.entries(counts).filter(([, n]) => n).map(([name, n]) => `${n} ${name}`).join(', ') || 'an empty backup' })
      return counts
    },
  }
}
export type BackupService = ReturnType<typeof createBackupService>
