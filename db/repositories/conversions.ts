import * as z from 'zod'
import { idSchema } from '../../lib/schemas.ts'
import type { BatchOp, Store } from '../port.ts'
import type { Registry } from '../registry.ts'
import { dayCounterOps } from './clicks.ts'

export const conversionStatuses = ['approved', 'pending', 'rejected'] as const
export type ConversionStatus = (typeof conversionStatuses)[number]

/** One conversion per click + goal + transaction (`_id` is their hash); it counts on its click's day. */
export const conversionSchema = z.object({
  _id: z.string().min(1),
  clickid: z.string().min(1),
  brandId: idSchema,
  goal: z.number().int(),
  goalName: z.string(),
  payout: z.number().min(0),
  currency: z.string().regex(/^[A-Z]{3}$/),
  txn_id: z.string(),
  status: z.enum(conversionStatuses),
  clickAt: z.date(),
  clickDay: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  receivedAt: z.date(),
  updatedAt: z.date(),
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

/** A conversion's new status and the change in what it counts for on its click's day. */
export type StatusChange = { conversion: Conversion; status: ConversionStatus; delta: Record<string, number> }

/** Conversions (with the day counters they move) and the postback log. */
export function createConversionsRepository(store: Store, registry: Registry) {
  // backed up: without them a replayed postback after a restore is stored and counted again
  registry.add({ name: 'conversions', backup: 'data', schema: conversionSchema })
  registry.add({ name: 'postback_log', backup: 'data', schema: postbackLogSchema })
  const conversions = store.collection<Conversion>('conversions')
  const log = store.collection<PostbackLogEntry>('postback_log')

  const repo = {
    async init() {
      await store.ensureIndex('conversions', { fields: { clickid: 1 } })
      await store.ensureIndex('postback_log', { fields: { at: 1 } })
    },
    findById(id: string) {
      return conversions.findOne({ _id: id })
    },
    findByClickId(clickid: string) {
      return conversions.find({ clickid })
    },
    list() {
      return conversions.find({})
    },
    /** New conversions and status changes land with the day-counter changes they cause, together or not at all. */
    async save(changes: { inserts?: { conversion: Conversion; inc: Record<string, number> }[]; statusChanges?: StatusChange[] }, at: Date) {
      const ops: BatchOp[] = []
      for (const { conversion, inc } of changes.inserts ?? []) ops.push({ collection: 'conversions', insert: conversion }, ...dayCounterOps(conversion.brandId, conversion.clickDay, inc))
      for (const { conversion, status, delta } of changes.statusChanges ?? []) {
        ops.push(
          { collection: 'conversions', update: { filter: { _id: conversion._id }, update: { $set: { status, updatedAt: at } } } },
          ...dayCounterOps(conversion.brandId, conversion.clickDay, delta),
        )
      }
      if (ops.length) await store.batch(ops)
    },
    insert(conversion: Conversion, inc: Record<string, number>) {
      return repo.save({ inserts: [{ conversion, inc }] }, conversion.updatedAt)
    },
    setStatus(existing: Conversion, status: ConversionStatus, at: Date, delta: Record<string, number>) {
      return repo.save({ statusChanges: [{ conversion: existing, status, delta }] }, at)
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
