import type { AuditEntry } from '../../lib/audit.ts'
import { defineCollection, ensureCollection } from '../collections.ts'
import type { Filter, Store } from '../port.ts'
import type { Registry } from '../registry.ts'

export type AuditQuery = { actor?: string; target?: string; action?: string; from?: Date; to?: Date; limit: number; cursor?: string }

/**
 * The audit log (lib/audit.ts): append and read, nothing else. There is no update or delete: an entry,
 * once written, stays (docs/decisions/012-audit-log.md).
 */
const AUDIT_LOG = defineCollection({
  name: 'audit_log',
  backup: 'skip',
  reason: "this installation's own history, kept where it was written: a restored store starts its own log with the restore; keep the old store, or `audit --json`, to keep the old one",
  moves: true, // a store copied to another backend is the same installation: its history goes with it
  // each filter the admin offers is answered from an index, newest first by the time-ordered _id
  indexes: [{ fields: { at: -1 } }, { fields: { actor: 1, _id: -1 } }, { fields: { target: 1, _id: -1 } }, { fields: { action: 1, _id: -1 } }, { fields: { kind: 1, _id: -1 } }],
})

export function createAuditRepository(store: Store, registry: Registry) {
  registry.add(AUDIT_LOG)
  const log = store.collection<AuditEntry & Record<string, unknown>>(AUDIT_LOG.name)
  return {
    init: () => ensureCollection(store, AUDIT_LOG),
    async append(entry: AuditEntry) {
      await log.insertOne(entry as AuditEntry & Record<string, unknown>)
    },
    /** Newest first; `cursor` is the last `_id` of the previous page. An `action` without a dot is a kind (post, brand…). */
    async list(q: AuditQuery): Promise<AuditEntry[]> {
      const filter: Filter = {}
      if (q.actor) filter.actor = q.actor
      if (q.target) filter.target = q.target
      if (q.action) filter[q.action.includes('.') ? 'action' : 'kind'] = q.action
      if (q.from || q.to) filter.at = { ...(q.from ? { $gte: q.from } : {}), ...(q.to ? { $lt: q.to } : {}) }
      if (q.cursor) filter._id = { $lt: q.cursor }
      return (await log.find(filter, { sort: { _id: -1 }, limit: q.limit })) as AuditEntry[]
    },
  }
}
export type AuditRepository = ReturnType<typeof createAuditRepository>
