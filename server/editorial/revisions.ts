import { itemKey, type RevisionDoc, type RevisionsRepository } from '../../db/repositories/revisions.ts'
import { diffWordsWithSpace } from 'diff'
import { type ChangePart, diffRecords, type FieldChange, type RevisionAction, type RevisionJson, type RevisionKind, type RevisionSummary } from '../../lib/revisions.ts'
import { notFound } from '../errors.ts'
import type { Logger } from '../logger.ts'
import { auditId, currentActor } from '../operations/audit.ts'

/** The words that changed between two texts (jsdiff), as runs to show kept, inserted or deleted. */
export const wordParts = (a: string, b: string): ChangePart[] => diffWordsWithSpace(a, b).map((c) => ({ text: c.value, op: c.added ? 'ins' : c.removed ? 'del' : 'same' }))

const toSummary = (r: Omit<RevisionDoc, 'record' | 'mediaRefs'>): RevisionSummary => ({
  _id: r._id,
  at: r.at,
  actor: r.actor,
  action: r.action,
  ...(r.restoredFrom ? { restoredFrom: r.restoredFrom } : {}),
  title: r.title ?? '',
})

/**
 * Revisions of posts and brand pages (issue 13; docs/decisions/013-drafts-and-revisions.md): the
 * services that save an item call `keep` once the save has landed; the newest `keep` per item stay
 * (REVISIONS_KEEP, 50 unless configured). Restoring is the owning service's write (posts, brand admin):
 * it reads the revision here and saves it as a new one.
 */
export function createRevisionsService(deps: { revisions: RevisionsRepository; keep: number; now: () => Date; log: Logger }) {
  const { revisions } = deps
  return {
    keepCount: deps.keep,

    /**
     * Keeps `record` as the item's newest revision and drops the oldest beyond the limit. The save has
     * already landed: if the store refuses the revision, the save stands and the error is logged.
     */
    async keep(kind: RevisionKind, itemId: string, record: object, action: RevisionAction, restoredFrom?: string): Promise<void> {
      const item = itemKey(kind, itemId)
      try {
        const at = deps.now()
        await revisions.insert({ _id: auditId(), item, kind, itemId, at: at.toISOString(), actor: currentActor().actor, action, ...(restoredFrom ? { restoredFrom } : {}), record: { ...record } })
        await revisions.prune(item, deps.keep)
      } catch (err) {
        deps.log.error({ err, item, action }, 'revision not kept: the save stands')
      }
    },

    /** An item's revisions, newest first. */
    async list(kind: RevisionKind, itemId: string): Promise<RevisionSummary[]> {
      return (await revisions.list(itemKey(kind, itemId), deps.keep)).map(toSummary)
    },

    /** One revision with its record; a revision of another item, or none, is 404. */
    async get(kind: RevisionKind, itemId: string, revisionId: string): Promise<RevisionJson> {
      const found = revisionId.length <= 100 ? await revisions.find(itemKey(kind, itemId), revisionId) : null
      if (!found) throw notFound('Revision not found')
      return { ...toSummary(found), record: found.record }
    },

    /** What changed, field by field, from revision `from` to revision `to` (both of this item). */
    async diff(kind: RevisionKind, itemId: string, fromId: string, toId: string): Promise<{ from: RevisionSummary; to: RevisionSummary; changes: FieldChange[] }> {
      const [a, b] = await Promise.all([this.get(kind, itemId, fromId), this.get(kind, itemId, toId)])
      const { record: ra, ...from } = a
      const { record: rb, ...to } = b
      return { from, to, changes: diffRecords(ra, rb, wordParts) }
    },

    /** A deleted item's revisions go with it (a backup is the undo for a delete). */
    async removeAll(kind: RevisionKind, itemId: string): Promise<void> {
      try {
        await revisions.removeAll(itemKey(kind, itemId))
      } catch (err) {
        deps.log.error({ err, item: itemKey(kind, itemId) }, 'revisions of a deleted item not removed')
      }
    },
  }
}
export type RevisionsService = ReturnType<typeof createRevisionsService>
