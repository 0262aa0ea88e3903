import { itemKey, type RevisionDoc, type RevisionsRepository } from '../../db/repositories/revisions.ts'
import { diffWordsWithSpace } from 'diff'
import type { Publishing } from '../../lib/publish-status.ts'
import { type ChangePart, changeSummary, diffRecords, type FieldChange, type RevisionAction, type RevisionEvent, type RevisionJson, type RevisionKind, revisionEvent, type RevisionSummary } from '../../lib/revisions.ts'
import { notFound } from '../errors.ts'
import type { Logger } from '../logger.ts'
import { auditId, currentActor } from '../operations/audit.ts'

/** The words that changed between two texts (jsdiff), as runs to show kept, inserted or deleted. */
export const wordParts = (a: string, b: string): ChangePart[] => diffWordsWithSpace(a, b).map((c) => ({ text: c.value, op: c.added ? 'ins' : c.removed ? 'del' : 'same' }))

/** A revision kept before events were recorded: its event as far as its action tells. */
const EVENT_OF: Record<RevisionAction, RevisionEvent> = { create: 'saved', update: 'saved', restore: 'restored', publish: 'published', autosave: 'autosaved' }

const toSummary = (r: Omit<RevisionDoc, 'record' | 'mediaRefs'>): RevisionSummary => ({
  _id: r._id,
  at: r.at,
  actor: r.actor,
  action: r.action,
  event: r.event ?? EVENT_OF[r.action] ?? 'saved',
  summary: r.summary ?? '',
  ...(r.restoredFrom ? { restoredFrom: r.restoredFrom } : {}),
  ...(r.baseVersion ? { baseVersion: r.baseVersion } : {}),
  title: r.title ?? '',
})

/** Fields whose value is an id, shown in a diff by the name it stands for (an author's name, a post's title). */
const NAMED_FIELDS = ['authorId', 'reviewerId', 'translationOf'] as const
export type NameOf = (field: (typeof NAMED_FIELDS)[number], id: string) => Promise<string | null>

const sameInstant = (a: string | undefined, b: string | undefined) => a !== undefined && b !== undefined && (a === b || Date.parse(a) === Date.parse(b))

/**
 * Revisions of posts and brand pages (issue 13; docs/decisions/013-drafts-and-revisions.md): the
 * services that save an item call `keep` once the save has landed; the newest `keep` per item stay
 * (REVISIONS_KEEP, 50 unless configured). Restoring is the owning service's write (posts, brand admin):
 * it reads the revision here and saves it as a new one.
 */
export function createRevisionsService(deps: { revisions: RevisionsRepository; keep: number; now: () => Date; log: Logger; nameOf?: NameOf }) {
  const { revisions } = deps

  /** A record with its ids replaced by the names they stand for (an id no longer found stays as it is). */
  async function withNames(record: Record<string, unknown>): Promise<Record<string, unknown>> {
    if (!deps.nameOf) return record
    const out = { ...record }
    for (const field of NAMED_FIELDS) {
      const id = record[field]
      if (typeof id === 'string' && id) out[field] = (await deps.nameOf(field, id).catch(() => null)) ?? id
    }
    return out
  }
  return {
    keepCount: deps.keep,

    /**
     * Keeps `record` as the item's newest revision and drops the oldest beyond the limit. The save has
     * already landed: if the store refuses the revision, the save stands and the error is logged.
     */
    async keep(kind: RevisionKind, itemId: string, record: object, action: RevisionAction, opts: { restoredFrom?: string; baseVersion?: string } = {}): Promise<void> {
      const item = itemKey(kind, itemId)
      try {
        const at = deps.now()
        const actor = currentActor().actor
        // what it did and changed is told against the last saved revision (an autosave is not one)
        const older = await revisions.newest(item, { saved: true })
        const rec = { ...record } as Record<string, unknown>
        const event = revisionEvent(action, older ? (older.record as Publishing) : null, rec as Publishing)
        const summary = older ? changeSummary(diffRecords(older.record, rec, () => [])) : 'First version'
        // an editor's autosaves in a row are one revision: the newest replaces theirs before it
        if (action === 'autosave') {
          const last = await revisions.newest(item)
          if (last?.action === 'autosave' && last.actor === actor) await revisions.remove(item, last._id)
        }
        const { restoredFrom, baseVersion } = opts
        await revisions.insert({ _id: auditId(), item, kind, itemId, at: at.toISOString(), actor, action, event, summary, ...(restoredFrom ? { restoredFrom } : {}), ...(baseVersion ? { baseVersion } : {}), record: rec })
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
      return { from, to, changes: diffRecords(await withNames(ra), await withNames(rb), wordParts) }
    },

    /**
     * The autosave waiting on an item at `version` (its current `updatedAt`): the newest revision, when it is
     * an autosave typed on that very version (a save since, by anyone, leaves it behind); otherwise null.
     */
    async pendingAutosave(kind: RevisionKind, itemId: string, version: string | undefined): Promise<RevisionJson | null> {
      const last = await revisions.newest(itemKey(kind, itemId))
      if (!last || last.action !== 'autosave' || !sameInstant(last.baseVersion, version)) return null
      return { ...toSummary(last), record: last.record }
    },

    /**
     * Who last wrote the item, and when, from its revisions (a draft's autosave is a write; an autosave
     * waiting on a live item is not): what an edit conflict names. Null when none is on record.
     */
    async lastWrite(kind: RevisionKind, itemId: string): Promise<{ actor: string; at: string } | null> {
      const rows = await revisions.list(itemKey(kind, itemId), 5)
      const last = rows.find((r) => !(r.action === 'autosave' && r.baseVersion))
      return last ? { actor: last.actor, at: last.at } : null
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
