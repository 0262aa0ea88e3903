import * as z from 'zod'
import { op } from '../batch.ts'
import { counterTable, ensureCollection } from '../collections.ts'
import type { BatchOp, CounterQuery, Store } from '../port.ts'
import type { Registry } from '../registry.ts'
import { countersVersionOp } from './settings.ts'

/**
 * The attribution counters (issue 21; decision 018) and the one way increments become writes. What an
 * event adds is said by server/attribution/counters.ts; here increments are merged (one upsert
 * per row, however many events a batch holds) and turned into batch ops for the event's own batch.
 */
export const COUNTERS = 'counters'
export const METRICS = ['views', 'clicks', 'uniques', 'bots', 'blocked', 'suspect', 'conversions', 'registrations', 'ftds', 'deposits', 'revenue', 'copies', 'slot_views', 'slot_clicks', 'suspect_conversions'] as const
export type Metric = (typeof METRICS)[number]
export type Values = Partial<Record<Metric, number>>

export type Increment = { dim: string; key: string; day: string; sub?: string; inc: Values }

const rowSchema = z.object({
  _id: z.string().min(1).max(400),
  dim: z.string().min(1).max(40),
  key: z.string().max(300),
  day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  sub: z.string().max(10),
  ...Object.fromEntries(METRICS.map((m) => [m, z.number().finite().optional()])),
})

/** Increments merged by row: one write per row and batch. */
export function incrementOps(increments: readonly Increment[]): BatchOp[] {
  const counters = new Map<string, { dim: string; key: string; day: string; sub: string; inc: Record<string, number> }>()
  for (const i of increments) {
    const id = `${i.dim}\u0000${i.key}\u0000${i.day}\u0000${i.sub ?? ''}`
    let target = counters.get(id)
    if (!target) counters.set(id, (target = { dim: i.dim, key: i.key, day: i.day, sub: i.sub ?? '', inc: {} }))
    for (const [k, v] of Object.entries(i.inc)) if (v) target.inc[k] = Math.round(((target.inc[k] ?? 0) + v) * 10_000) / 10_000
  }
  const ops: BatchOp[] = []
  // every write that adds to the counters moves their version, in the same batch (reports' freshness across servers)
  if (increments.length) ops.push(countersVersionOp())
  for (const c of counters.values()) {
    const inc = Object.fromEntries(Object.entries(c.inc).filter(([, v]) => v))
    if (Object.keys(inc).length) ops.push(op.count(COUNTERS, { dim: c.dim, key: c.key, day: c.day, sub: c.sub }, inc))
  }
  return ops
}

export function createCountersRepository(store: Store, registry: Registry) {
  // views exist nowhere else: the counters are data, backed up like clicks
  const collection = counterTable(store, COUNTERS, rowSchema, METRICS, { rollup: true })
  registry.add(collection)
  return {
    init: () => ensureCollection(store, collection),
    /** Writes increments on their own (a view has no event record of its own to batch with). */
    async add(increments: readonly Increment[]) {
      const ops = incrementOps(increments)
      if (ops.length) await store.batch(ops)
    },
    sum(q: CounterQuery) {
      return store.sumCounters(COUNTERS, q)
    },
  }
}
export type CountersRepository = ReturnType<typeof createCountersRepository>
