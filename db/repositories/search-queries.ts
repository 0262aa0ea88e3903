import * as z from 'zod'
import { op } from '../batch.ts'
import { counterTable, ensureCollection } from '../collections.ts'
import type { BatchOp, Store } from '../port.ts'
import type { Registry } from '../registry.ts'

/**
 * What readers search for (issue 26): per normalised query and day, how many searches and how many of
 * them found nothing. A counters table (db/port.ts): written in batches, summed in the backend, pruned
 * by day, and how many distinct visitors (networks) searched it that day. No visitor identity is ever
 * part of a row.
 */
export const SEARCH_QUERIES = 'search_queries'
// `visitors`: distinct networks that searched a query that day (issue 35); rows written before it have none
const METRICS = ['searches', 'empty', 'visitors'] as const
const DIM = 'query'

export type QueryCount = { query: string; day: string; searches: number; empty: number; visitors: number }
export type QueryTotal = { query: string; searches: number; empty: number; visitors: number }

const rowSchema = z.object({
  _id: z.string().min(1).max(400),
  dim: z.literal(DIM),
  key: z.string().min(1).max(200),
  day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  sub: z.literal(''),
  searches: z.number().finite().optional(),
  empty: z.number().finite().optional(),
  visitors: z.number().finite().optional(),
})

export function createSearchQueriesRepository(store: Store, registry: Registry) {
  const collection = counterTable(store, SEARCH_QUERIES, rowSchema, METRICS)
  registry.add(collection)
  return {
    init: () => ensureCollection(store, collection),
    /** Adds counts, all in one batch. */
    async add(counts: readonly QueryCount[]) {
      const ops: BatchOp[] = counts.map((c) => op.count(SEARCH_QUERIES, { dim: DIM, key: c.query, day: c.day }, { searches: c.searches, empty: c.empty, visitors: c.visitors }))
      if (ops.length) await store.batch(ops)
    },
    /** Every query searched from `from` to `to` (YYYY-MM-DD, both included), summed. */
    async totals(from: string, to: string): Promise<QueryTotal[]> {
      const rows = await store.sumCounters(SEARCH_QUERIES, { dim: DIM, from, to, subs: '', by: 'key' })
      return rows.map((r) => ({ query: r.key, searches: r.values.searches ?? 0, empty: r.values.empty ?? 0, visitors: r.values.visitors ?? 0 }))
    },
    /** Forgets the days before `before`. */
    prune(before: string) {
      return store.pruneCounters(SEARCH_QUERIES, before)
    },
  }
}
export type SearchQueriesRepository = ReturnType<typeof createSearchQueriesRepository>
