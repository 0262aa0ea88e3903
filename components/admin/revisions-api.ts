import type { FieldChange, RevisionJson, RevisionKind, RevisionSummary } from '../../lib/revisions.ts'
import { apiCall } from '../api-client.ts'

/** An item's revisions (issue 13): GET/POST /api/{posts,brands}/:id/revisions… */
const base = (kind: RevisionKind, id: string) => `/api/${kind === 'post' ? 'posts' : 'brands'}/${encodeURIComponent(id)}/revisions`

export const revisionsApi = {
  list: (kind: RevisionKind, id: string) => apiCall<{ revisions: RevisionSummary[]; keep: number }>(base(kind, id)),
  get: (kind: RevisionKind, id: string, revisionId: string) => apiCall<RevisionJson>(`${base(kind, id)}/${encodeURIComponent(revisionId)}`),
  diff: (kind: RevisionKind, id: string, from: string, to: string) =>
    apiCall<{ from: RevisionSummary; to: RevisionSummary; changes: FieldChange[] }>(`${base(kind, id)}/diff?${new URLSearchParams({ from, to })}`),
  /** answers the item as saved by the restore */
  restore: <T>(kind: RevisionKind, id: string, revisionId: string) => apiCall<T>(`${base(kind, id)}/${encodeURIComponent(revisionId)}/restore`, { method: 'POST' }),
}
