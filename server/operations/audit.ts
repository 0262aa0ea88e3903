import { AsyncLocalStorage } from 'node:async_hooks'
import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { userInfo } from 'node:os'
import type { AuditQuery, AuditRepository } from '../../db/repositories/audit.ts'
import { AUDIT_PAGE_DEFAULT, AUDIT_PAGE_MAX, type AuditChange, type AuditEntry, type AuditEntryJson } from '../../lib/audit.ts'
import type { Logger } from '../logger.ts'

/**
 * The audit log (issue 13; docs/decisions/012-audit-log.md). Who is writing travels with the call in
 * an AsyncLocalStorage: the HTTP layer sets it once the session is known (server/router.ts `rule`),
 * the CLI for each command (`cli:<os user>`); anything else (start-up writes) is `system`. Services
 * call `record` after a write has landed.
 */
export type Actor = { actor: string; actorId: string | null; role: string | null; via: AuditEntry['via']; ip: string | null }

const SYSTEM: Actor = { actor: 'system', actorId: null, role: null, via: 'system', ip: null }
const current = new AsyncLocalStorage<Actor>()

/** Runs `fn` with `actor` as the author of every write it makes. */
export const runAs = <T>(actor: Actor, fn: () => T): T => current.run(actor, fn)
export const currentActor = (): Actor => current.getStore() ?? SYSTEM

/** The CLI's actor: the operating-system account running it. */
export function cliActor(): Actor {
  return { actor: `cli:${osUserName()}`, actorId: null, role: null, via: 'cli', ip: null }
}

/** The account's name; Bun answers 'unknown' where Node reads the password file, so that is read here too. */
export function osUserName(): string {
  let info: { username: string; uid: number } | null = null
  try {
    info = userInfo()
  } catch {}
  if (info?.username && info.username !== 'unknown') return info.username
  const uid = info?.uid ?? process.getuid?.()
  if (uid !== undefined && uid >= 0) {
    try {
      const line = readFileSync('/etc/passwd', 'utf8').split('\n').find((l) => l.split(':')[2] === String(uid))
      if (line) return line.split(':')[0]
    } catch {}
  }
  return process.env.USER || process.env.LOGNAME || (uid !== undefined && uid >= 0 ? `uid-${uid}` : 'unknown')
}

/**
 * Entry ids: the time in milliseconds, a per-process sequence, then random bits. Entries written in the
 * same millisecond keep their order (the log's order is the id order; a random tail alone would shuffle them).
 */
let lastMs = 0
let seq = 0
export function auditId(): string {
  const ms = Date.now()
  seq = ms === lastMs ? seq + 1 : 0
  lastMs = ms
  return ms.toString(16).padStart(12, '0') + (seq & 0xffff).toString(16).padStart(4, '0') + randomBytes(4).toString('hex')
}

export type AuditRecord = { action: string; target: string; changes?: AuditChange[]; note?: string }
export type AuditListQuery = Omit<AuditQuery, 'limit'> & { limit?: number }

export const toAuditJson = ({ at, ...rest }: AuditEntry): AuditEntryJson => ({ ...rest, at: at.toISOString() })

export function createAuditService(deps: { audit: AuditRepository; now: () => Date; newId?: () => string; log: Logger }) {
  const newId = deps.newId ?? auditId
  return {
    /**
     * Appends one entry for a write that has landed. If the store refuses it, the write stands (it is
     * already made, and failing the request would tell the user it was not) and the whole entry goes
     * to the error log instead, so it is never lost without a trace.
     */
    async record(r: AuditRecord): Promise<void> {
      const a = currentActor()
      const entry: AuditEntry = {
        _id: newId(),
        at: deps.now(),
        actor: a.actor,
        actorId: a.actorId,
        role: a.role,
        via: a.via,
        ip: a.ip,
        action: r.action,
        kind: r.action.split('.')[0],
        target: r.target,
        changes: r.changes ?? [],
        ...(r.note ? { note: r.note } : {}),
      }
      try {
        await deps.audit.append(entry)
      } catch (err) {
        deps.log.error({ err, audit: toAuditJson(entry) }, 'audit entry not stored: it is in this log line instead')
      }
    },

    /** Who wrote `target` last, and when (an edit conflict names them): null when the log has nobody. */
    async lastWrite(target: string): Promise<{ actor: string; at: string } | null> {
      const [last] = await deps.audit.list({ target, limit: 1 })
      return last ? { actor: last.actor, at: last.at.toISOString() } : null
    },

    /** A page of entries, newest first, and the cursor of the next page (null: no more). */
    async list(q: AuditListQuery = {}): Promise<{ entries: AuditEntry[]; nextCursor: string | null }> {
      const limit = Math.min(Math.max(1, q.limit ?? AUDIT_PAGE_DEFAULT), AUDIT_PAGE_MAX)
      const rows = await deps.audit.list({ ...q, limit: limit + 1 })
      const entries = rows.slice(0, limit)
      return { entries, nextCursor: rows.length > limit ? entries[entries.length - 1]._id : null }
    },
  }
}
export type AuditService = ReturnType<typeof createAuditService>
