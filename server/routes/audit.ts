import * as z from 'zod'
import { AUDIT_PAGE_MAX } from '../../lib/audit.ts'
import { parseIsoInstant } from '../../lib/format.ts'
import { createRouter, rule } from '../router.ts'
import { toAuditJson } from '../operations/audit.ts'
import { validate } from '../validate.ts'

const day = /^\d{4}-\d{2}-\d{2}$/
/**
 * A day (from its start, UTC) or an instant; `to` is exclusive, and a bare day for `to` means up to that
 * day's end. A day that does not exist (2026-02-30) is refused, never rolled over.
 */
const when = (end: boolean) =>
  z
    .string()
    .refine((v) => parseIsoInstant(v) !== null, 'must be a real date (YYYY-MM-DD) or an ISO time')
    .transform((v) => {
      const at = parseIsoInstant(v)!
      return day.test(v.trim()) && end ? new Date(at.getTime() + 86_400_000) : at
    })
const text = z.string().trim().max(200)
export const auditQuerySchema = z
  .object({
    actor: text.optional(),
    target: text.optional(),
    action: text.optional(),
    from: when(false).optional(),
    to: when(true).optional(),
    limit: z.coerce.number().int('must be a whole number').min(1).max(AUDIT_PAGE_MAX).optional(),
    cursor: z.string().regex(/^[a-f0-9]{1,48}$/, 'is not a cursor from this log').optional(),
  })
  .refine((q) => !q.from || !q.to || q.from < q.to, { message: 'from must be before to', path: ['from'] })

/** The audit log for admins (issue 13): read only; nothing here writes or removes an entry. */
export function auditRouter() {
  const app = createRouter()

  // GET /api/audit – newest first, filtered by actor, target, action (or kind), from/to; paged by cursor
  app.get('/', rule({ access: 'admin' }), validate('query', auditQuerySchema), async (c) => {
    const { entries, nextCursor } = await c.var.services.audit.list(c.req.valid('query'))
    return c.json({ entries: entries.map(toAuditJson), nextCursor })
  })

  return app
}
