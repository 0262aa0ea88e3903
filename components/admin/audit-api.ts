import type { AuditEntryJson } from '../../lib/audit.ts'
import { apiCall } from '../api-client.ts'

/** The Audit log screen's one call (admin only: GET /api/audit). */
export type AuditFilters = { actor?: string; target?: string; action?: string; from?: string; to?: string }
export type AuditPage = { entries: AuditEntryJson[]; nextCursor: string | null }

export const auditApi = {
  list: (filters: AuditFilters, cursor?: string) => {
    const q = new URLSearchParams()
    for (const [k, v] of Object.entries(filters)) if (v?.trim()) q.set(k, v.trim())
    if (cursor) q.set('cursor', cursor)
    const qs = q.toString()
    return apiCall<AuditPage>(`/api/audit${qs ? `?${qs}` : ''}`)
  },
}
