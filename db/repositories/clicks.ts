import * as z from 'zod'
import { type ClickRecord, idSchema } from '../../lib/schemas.ts'
import { op } from '../batch.ts'
import { defineCollection, ensureCollection } from '../collections.ts'
import type { BatchOp, Store } from '../port.ts'
import type { Registry } from '../registry.ts'

type ClickDoc = ClickRecord & Record<string, unknown>

/** A stored click: what reports and postbacks rely on is checked, the rest (visitor hash, subs…) kept as is. */
const storedClickSchema = z.looseObject({ _id: z.string().min(1), clickid: z.string().min(1).max(200), brandId: idSchema, receivedAt: z.date() })

const CLICKS = defineCollection({ name: 'clicks', backup: 'data', schema: storedClickSchema, indexes: [{ fields: { brandId: 1 } }, { fields: { clickid: 1 }, unique: true }] })

/** Clicks (what they add to the reports is in the attribution counters: ./counters.ts). */
export function createClicksRepository(store: Store, registry: Registry) {
  registry.add(CLICKS)
  const clicks = store.collection<ClickDoc>(CLICKS.name)
  return {
    async init() {
      await ensureCollection(store, CLICKS)
    },
    /**
     * Clicks and the counter writes they cause (server/attribution/counters.ts says which) in one
     * batch: together or not at all, one transaction however many clicks (the tracker's group commit).
     */
    async recordMany(clicks: ClickRecord[], counterOps: BatchOp[]) {
      await store.batch([...clicks.map((c) => op.insert('clicks', c as ClickDoc)), ...counterOps])
    },
    /** Many by clickid, a chunk at a time, from the unique index (an import of 100,000 rows). */
    async findByClickIds(ids: readonly string[]) {
      const out: ClickRecord[] = []
      for (let i = 0; i < ids.length; i += 500) out.push(...((await clicks.find({ clickid: { $in: ids.slice(i, i + 500) } })) as ClickRecord[]))
      return out
    },
    findByClickId(clickid: string) {
      return clicks.findOne({ clickid }) as Promise<ClickRecord | null>
    },
    count(filter: Record<string, unknown> = {}) {
      return clicks.count(filter)
    },
  }
}
export type ClicksRepository = ReturnType<typeof createClicksRepository>
