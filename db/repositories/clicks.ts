import * as z from 'zod'
import { type ClickRecord, idSchema } from '../../lib/schemas.ts'
import { op } from '../batch.ts'
import { defineCollection, ensureCollection } from '../collections.ts'
import type { BatchOp, Store } from '../port.ts'
import type { Registry } from '../registry.ts'

type ClickDoc = ClickRecord & Record<string, unknown>

/** A stored click: what reports and postbacks rely on is checked, the rest (visitor hash, subs…) kept as is. */
const storedClickSchema = z.looseObject({ _id: z.string().min(1), clickid: z.string().min(1).max(200), brandId: idSchema, receivedAt: z.date() })

const count = z.number().int().min(0).optional()

/** The key a visitor's country is counted under: the alpha-2 code, or `unknown`. */
export const UNKNOWN_COUNTRY = 'unknown'
export const countryKey = (country: string | null | undefined) => (country && /^[A-Z]{2}$/.test(country) ? country : UNKNOWN_COUNTRY)
/** People's clicks of one country on one brand and day (bots are not split: their address says nothing). */
export const countryCountsSchema = z.object({ clicks: count, uniques: count, blocked: count })
export type CountryCounts = z.infer<typeof countryCountsSchema>

/** Clicks per brand per day, `_id` = `${brandId}:${day}` (what each event adds: server/attribution/counters.ts). */
export const clickCounterSchema = z
  .object({
    _id: z.string(),
    brandId: idSchema,
    day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
    /** people's clicks (bots excluded), unique people's clicks, and bot clicks */
    clicks: count,
    uniques: count,
    bots: count,
    views: count,
    /** people's clicks on a brand that may not be shown in their country (compliance): nobody was sent on */
    blocked: count,
    /** people who copied the brand's bonus code (issue 22) */
    copies: count,
    /** issue 24: people's clicks past their network's velocity limit (also in `clicks`, never in `uniques`) */
    suspect: count,
    /** the same split by the visitor's country (counted from when geo-targeting shipped) */
    countries: z.record(z.string().regex(/^([A-Z]{2}|unknown)$/, 'must be a country code or unknown'), countryCountsSchema).optional(),
    conversions: count,
    /** conversions whose click was suspect (also in `conversions`) */
    suspectConversions: count,
    goals: z.record(z.string(), z.number().int().min(0)).optional(),
    revenue: z.record(z.string(), z.number()).optional(),
  })
  .refine((c) => c._id === `${c.brandId}:${c.day}`, { message: 'must be brandId:day', path: ['_id'] })
export type ClickCounter = z.infer<typeof clickCounterSchema>

export const dayOf = (d: Date) => d.toISOString().slice(0, 10)

/** Adds `inc` to one brand's counter for one day (nothing when `inc` is empty): every brand counter write goes through here. */
export function dayCounterOps(brandId: string, day: string, inc: Record<string, number>): BatchOp[] {
  if (Object.keys(inc).length === 0) return []
  return [op.update('click_counters', { _id: `${brandId}:${day}` }, { $inc: inc, $setOnInsert: { brandId, day } }, { upsert: true })]
}

const CLICKS = defineCollection({ name: 'clicks', backup: 'data', schema: storedClickSchema, indexes: [{ fields: { brandId: 1 } }, { fields: { clickid: 1 }, unique: true }] })
const CLICK_COUNTERS = defineCollection({ name: 'click_counters', backup: 'data', schema: clickCounterSchema, indexes: [{ fields: { brandId: 1 } }] })

/** Clicks, plus per-brand-per-day counters that writes maintain so reports never scan clicks. */
export function createClicksRepository(store: Store, registry: Registry) {
  registry.add(CLICKS)
  registry.add(CLICK_COUNTERS)
  const clicks = store.collection<ClickDoc>(CLICKS.name)
  const counters = store.collection<ClickCounter>(CLICK_COUNTERS.name)
  return {
    async init() {
      await ensureCollection(store, CLICKS)
      await ensureCollection(store, CLICK_COUNTERS)
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
    countersFor(brandId: string) {
      return counters.find({ brandId }, { sort: { day: 1 } })
    },
    /** Daily counters for days `from`..`to` (YYYY-MM-DD, both included), optionally for one brand. */
    countersBetween(from: string, to: string, brandId?: string) {
      return counters.find({ day: { $gte: from, $lte: to }, ...(brandId ? { brandId } : {}) }, { sort: { day: 1, brandId: 1 } })
    },
  }
}
export type ClicksRepository = ReturnType<typeof createClicksRepository>
