import type { AuditEntry } from '../../lib/audit.ts'
import type { Filter, Store } from '../port.ts'
import type { Registry } from '../registry.ts'

export type AuditQuery = { actor?: string; target?: string; action?: string; from?: Date; to?: Date; limit: number; cursor?: string }

/**
 * The audit log (lib/audit.ts): append and read, nothing else. There is no update or delete: an entry,
 * once written, stays (docs/decisions/012-audit-log.md).
 */
export function createAuditRepository(store: Store, registry: Registry) {
  registry.skip('audit_log', "this installation's own history, kept where it was written: a restored store starts its own log with the restore; keep the old store, or `audit --json`, to keep the old one")
  const log = store.collection<AuditEntry & Record<string, unknown>>('audit_log')
  return {
    async init() {
      // each filter the admin offers is answered from an index, newest first by the time-ordered _id
      await store.ensureIndex('audit_log', { fields: { at: -1 } })
      await store.ensureIndex('audit_log', { fields: { actor: 1, _id: -1 } })
      await store.ensureIndex('audit_log', { fields: { target: 1, _id: -1 } })
      await store.ensureIndex('audit_log', { fields: { action: 1, _id: -1 } })
      await store.ensureIndex('audit_log', { fields: { kind: 1, _id: -1 } })
    },
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
