import * as z from 'zod'

/**
 * The audit log (issue 13): one entry per write, appended by the service that made it. Shared by the
 * server, the CLI and the admin screen (types only there).
 */

/** A changed field; `from`/`to` only for short scalar values. Secret-looking fields are never listed. */
export const auditChangeSchema = z.object({
  field: z.string(),
  from: z.union([z.string(), z.number(), z.boolean(), z.null()]).optional(),
  to: z.union([z.string(), z.number(), z.boolean(), z.null()]).optional(),
})
export type AuditChange = z.infer<typeof auditChangeSchema>

export const auditEntrySchema = z.object({
  /** time-ordered (server/context.ts newId): the log's order and its paging cursor */
  _id: z.string().min(1),
  at: z.date(),
  /** a username, `cli:<os user>`, `anonymous` (sign-up) or `system` (start-up writes) */
  actor: z.string(),
  actorId: z.string().nullable(),
  role: z.string().nullable(),
  via: z.enum(['http', 'cli', 'system']),
  /** the client's address for HTTP writes (server/client-ip.ts), else null */
  ip: z.string().nullable(),
  /** `<kind>.<verb>`: post.create, brand.update, user.set-role, … */
  action: z.string(),
  /** the action's first part, indexed so the admin can filter by kind */
  kind: z.string(),
  /** `<kind>:<id>` (post:bankroll-basics, user:alice), or just the kind for a bulk write (import) */
  target: z.string(),
  changes: z.array(auditChangeSchema),
  /** a short line for writes whose summary is not a field list (an import's counts) */
  note: z.string().optional(),
})
export type AuditEntry = z.infer<typeof auditEntrySchema>
/** An entry as the API and the CLI's --json answer it. */
export type AuditEntryJson = Omit<AuditEntry, 'at'> & { at: string }

export const AUDIT_PAGE_DEFAULT = 50
export const AUDIT_PAGE_MAX = 200

const SECRET_FIELD = /pass(word)?|secret|token|hash|api_?key|salt|credential/i
const SHORT = 80
/** Fields no summary mentions: bookkeeping every write changes, and derived lists. */
const BOOKKEEPING = new Set(['_id', 'createdAt', 'updatedAt', 'mediaRefs', 'rulesVersion', 'derivedVersion'])

type Scalar = string | number | boolean | null
const isPlainObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v) && !(v instanceof Date)

function flatten(doc: Record<string, unknown> | null | undefined, prefix = '', out = new Map<string, unknown>(), depth = 0) {
  for (const [k, v] of Object.entries(doc ?? {})) {
    if (!prefix && BOOKKEEPING.has(k)) continue
    if (isPlainObject(v) && depth < 2) flatten(v, `${prefix}${k}.`, out, depth + 1)
    else out.set(`${prefix}${k}`, v)
  }
  return out
}

const shortScalar = (v: unknown): v is Scalar | undefined =>
  v === undefined || v === null || typeof v === 'number' || typeof v === 'boolean' || (typeof v === 'string' && v.length <= SHORT && !v.includes('\n'))
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)

/**
 * What changed between two versions of a record (null: created or deleted): the names of the changed
 * fields (nested objects one level down, `dealBox.ctaUrl`), with before → after for short scalar values.
 * A field whose name looks like a secret (password, token, hash, key…) is left out altogether: an
 * action that sets a password says so by its name (user.reset-password) or its note.
 */
export function changedFields(before: Record<string, unknown> | null | undefined, after: Record<string, unknown> | null | undefined): AuditChange[] {
  const a = flatten(before)
  const b = flatten(after)
  const out: AuditChange[] = []
  for (const field of new Set([...a.keys(), ...b.keys()])) {
    const from = a.get(field)
    const to = b.get(field)
    if (same(from, to) || SECRET_FIELD.test(field)) continue
    if (!shortScalar(from) || !shortScalar(to)) out.push({ field })
    else out.push({ field, ...(before ? { from: from ?? null } : {}), ...(after ? { to: to ?? null } : {}) })
  }
  return out.sort((x, y) => (x.field < y.field ? -1 : x.field > y.field ? 1 : 0))
}
