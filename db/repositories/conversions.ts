import * as z from 'zod'
import { idSchema } from '../../lib/schemas.ts'
import { op } from '../batch.ts'
import { defineCollection, ensureCollection } from '../collections.ts'
import type { BatchOp, Store } from '../port.ts'
import type { Registry } from '../registry.ts'

export const conversionStatuses = ['approved', 'pending', 'rejected'] as const
export type ConversionStatus = (typeof conversionStatuses)[number]

/** One conversion per click + goal + transaction (`_id` is their hash); it counts on its click's day. */
const attributionSchema = z.object({
  placement: z.object({ page: z.string().max(20), pageId: z.string().max(100), slot: z.string().max(40), position: z.number().int().nullable() }),
  country: z.string().max(10).nullable(),
  device: z.string().max(10),
  arrival: z.record(z.string(), z.string().max(300)).optional(),
})

export const conversionSchema = z.object({
  _id: z.string().min(1),
  /** '' for programme revenue no click of ours matched (kept as the brand's unattributed revenue) */
  clickid: z.string(),
  brandId: idSchema,
  goal: z.number().int(),
  goalName: z.string(),
  /** negative only for a revenue-share adjustment (lib/event-codes.ts REVSHARE_EVENT_CODE) */
  payout: z.number(),
  currency: z.string().regex(/^[A-Z]{3}$/),
  txn_id: z.string(),
  status: z.enum(conversionStatuses),
  clickAt: z.date(),
  clickDay: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  receivedAt: z.date(),
  updatedAt: z.date(),
  /** issue 21: the click's placement, country and device at the time of the click (absent on conversions from before) */
  attribution: attributionSchema.optional(),
  /** how it arrived: a network's postback, or a programme's CSV import */
  source: z.enum(['postback', 'import']).optional(),
  /** issue 24: its click was suspect (past the velocity limit of its network): counted, and shown apart in the brand report */
  suspectClick: z.literal(true).optional(),
})
export type Conversion = z.infer<typeof conversionSchema>

/** Every postback, accepted or not, with its outcome and without its key. */
const postbackLogSchema = z.object({
  _id: z.string().min(1),
  at: z.date(),
  params: z.record(z.string(), z.string()),
  status: z.number().int(),
  outcome: z.string().nullish(),
})
export type PostbackLogEntry = z.infer<typeof postbackLogSchema>

// backed up: without them a replayed postback after a restore is stored and counted again
const CONVERSIONS = defineCollection({ name: 'conversions', backup: 'data', schema: conversionSchema, indexes: [{ fields: { clickid: 1 } }] })
const POSTBACK_LOG = defineCollection({ name: 'postback_log', backup: 'data', schema: postbackLogSchema, indexes: [{ fields: { at: 1 } }] })

/** Conversions (with the day counters they move) and the postback log. */
export function createConversionsRepository(store: Store, registry: Registry) {
  registry.add(CONVERSIONS)
  registry.add(POSTBACK_LOG)
  const conversions = store.collection<Conversion>(CONVERSIONS.name)
  const log = store.collection<PostbackLogEntry>(POSTBACK_LOG.name)

  const repo = {
    async init() {
      await ensureCollection(store, CONVERSIONS)
      await ensureCollection(store, POSTBACK_LOG)
    },
    findById(id: string) {
      return conversions.findOne({ _id: id })
    },
    /** Many by id, a chunk at a time (an import of 100,000 rows). */
    async findByIds(ids: readonly string[]) {
      const out: Conversion[] = []
      for (let i = 0; i < ids.length; i += 500) out.push(...(await conversions.find({ _id: { $in: ids.slice(i, i + 500) } })))
      return out
    },
    findByClickId(clickid: string) {
      return conversions.find({ clickid })
    },
    list() {
      return conversions.find({})
    },
    /**
     * New conversions and status changes with the counter writes they cause (attribution/counters.ts),
     * in one batch: together or not at all.
     */
    async save(changes: { inserts?: Conversion[]; statusChanges?: { conversion: Conversion; status: ConversionStatus }[] }, at: Date, counterOps: BatchOp[]) {
      const ops: BatchOp[] = []
      for (const conversion of changes.inserts ?? []) ops.push(op.insert('conversions', conversion))
      for (const { conversion, status } of changes.statusChanges ?? []) ops.push(op.update('conversions', { _id: conversion._id }, { $set: { status, updatedAt: at } }))
      ops.push(...counterOps)
      if (ops.length) await store.batch(ops)
    },
    async log(entry: PostbackLogEntry) {
      await log.insertOne(entry)
    },
    /** Drops log entries from before `before`; answers how many. */
    pruneLog(before: Date) {
      return log.deleteMany({ at: { $lt: before } })
    },
    /** The newest log entries first. */
    recentLog(limit = 200) {
      return log.find({}, { sort: { at: -1 }, limit })
    },
  }
  return repo
}
export type ConversionsRepository = ReturnType<typeof createConversionsRepository>
