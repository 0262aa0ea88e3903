/**
 * Revisions (issue 13; docs/decisions/013-drafts-and-revisions.md): every save of a post or brand page
 * keeps the whole record, so an editor can see what changed between two and restore one. Shared by the
 * server (the diff) and the admin panels (types).
 */

export type RevisionKind = 'post' | 'brand'
/** What made a revision: a save from the admin or the CLI, a restore, or the scheduler publishing it. */
export type RevisionAction = 'create' | 'update' | 'restore' | 'publish'

/** A revision as the list shows it (the record is read one at a time). */
export type RevisionSummary = {
  _id: string
  at: string
  actor: string
  action: RevisionAction
  /** for a restore: the revision it brought back */
  restoredFrom?: string
  /** the item's title (or brand name) in this revision */
  title: string
}
export type RevisionJson = RevisionSummary & { record: Record<string, unknown> }

/** One field that differs between two revisions; values are shown as text. */
export type FieldChange = { field: string; from: string; to: string }

/** The default number of revisions kept per item (REVISIONS_KEEP). */
export const REVISIONS_KEEP_DEFAULT = 50

/** Fields every save changes, or the store derives: not what an editor changed. */
const IGNORED = new Set(['_id', 'createdAt', 'updatedAt', 'mediaRefs', 'rank', 'live', 'listed', 'tagSlug', 'derived', 'type'])

const isPlainObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v)

/** A value as an editor reads it: text as is, anything else as indented JSON; nothing is ''. */
export function showValue(v: unknown): string {
  if (v === undefined || v === null) return ''
  if (typeof v === 'string') return v
  if (typeof v === 'number' || typeof v === 'boolean') return String(v)
  return JSON.stringify(v, null, 2)
}

function fields(record: Record<string, unknown>): Map<string, string> {
  const out = new Map<string, string>()
  for (const [k, v] of Object.entries(record)) {
    if (IGNORED.has(k)) continue
    // one level down for the grouped fields (content.summary, content.body, meta.author, dealBox.ctaUrl…)
    if (isPlainObject(v)) for (const [k2, v2] of Object.entries(v)) out.set(`${k}.${k2}`, showValue(v2))
    else out.set(k, showValue(v))
  }
  return out
}

/** Field by field, what changed from `older` to `newer` (sorted by field name). */
export function diffRecords(older: Record<string, unknown>, newer: Record<string, unknown>): FieldChange[] {
  const a = fields(older)
  const b = fields(newer)
  const out: FieldChange[] = []
  for (const field of new Set([...a.keys(), ...b.keys()])) {
    const from = a.get(field) ?? ''
    const to = b.get(field) ?? ''
    if (from !== to) out.push({ field, from, to })
  }
  return out.sort((x, y) => (x.field < y.field ? -1 : x.field > y.field ? 1 : 0))
}
