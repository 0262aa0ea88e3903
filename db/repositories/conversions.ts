import * as z from 'zod'
import { idSchema } from '../../lib/schemas.ts'
import type { Store } from '../port.ts'
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

/** Conversions (with the day counters they move) and the postback log. */
export function createConversionsRepository(store: Store, registry: Registry) {
  // backed up: without them a replayed postback after a restore is stored and counted again
  registry.add({ name: 'conversions', backup: 'data', schema: conversionSchema })
  registry.add({ name: 'postback_log', backup: 'data', schema: postbackLogSchema })
  const conversions = store.collection<Conversion>('conversions')
  const log = store.collection<PostbackLogEntry>('postback_log')
  return {
    async init() {},
    findById(id: string) {
      return conversions.findOne({ _id: id })
    },
    list() {
      return conversions.find({})
    },
    /** The conversion and what it adds to its brand's day counter land together or not at all. */
    async insert(conversion: Conversion, inc: Record<string, number>) {
      await store.batch([{ collection: 'conversions', insert: conversion }, ...dayCounterOps(conversion.brandId, conversion.clickDay, inc)])
    },
    /** A new status, and the change in what the conversion counts for on its click's day. */
    async setStatus(existing: Conversion, status: ConversionStatus, at: Date, delta: Record<string, number>) {
      await store.batch([
        { collection: 'conversions', update: { filter: { _id: existing._id }, update: { $set: { status, updatedAt: at } } } },
        ...dayCounterOps(existing.brandId, existing.clickDay, delta),
      ])
    },
    async log(entry: PostbackLogEntry) {
      await log.insertOne(entry)
    },
    /** The newest log entries first. */
    recentLog(limit = 200) {
      return log.find({}, { sort: { at: -1 }, limit })
    },
  }
}
export type ConversionsRepository = ReturnType<typeof createConversionsRepository>
