import * as z from 'zod'
import { op } from '../batch.ts'
import { defineCollection, ensureCollection } from '../collections.ts'
import type { BatchOp, Store } from '../port.ts'
import type { Registry } from '../registry.ts'
import { countersVersionOp } from './settings.ts'

/**
 * Daily exchange rates (issue 21), as the European Central Bank publishes them: units of a currency per
 * 1 EUR on a day. `_id` = `${day}:${currency}`: an import of the same day replaces, never duplicates.
 */
export type ExchangeRate = { _id: string; day: string; currency: string; perEur: number; importedAt: Date; source: string }
const rateSchema = z.object({
  _id: z.string().regex(/^\d{4}-\d{2}-\d{2}:[A-Z]{3}$/),
  day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  currency: z.string().regex(/^[A-Z]{3}$/),
  perEur: z.number().positive().finite(),
  importedAt: z.date(),
  source: z.string().max(200),
})

const EXCHANGE_RATES = defineCollection({ name: 'exchange_rates', backup: 'data', schema: rateSchema, indexes: [{ fields: { currency: 1, day: 1 } }, { fields: { importedAt: 1 } }] })

export function createExchangeRatesRepository(store: Store, registry: Registry) {
  registry.add(EXCHANGE_RATES)
  const rates = store.collection<ExchangeRate & Record<string, unknown>>(EXCHANGE_RATES.name)
  return {
    init: () => ensureCollection(store, EXCHANGE_RATES),
    /**
     * Writes rates (replacing a day's earlier ones), a few thousand per transaction. Each batch moves the
     * counters' version too: converted sums change with the rates, so every server's kept report sums
     * are made again (server/attribution/figures.ts).
     */
    async upsertMany(list: Omit<ExchangeRate, '_id'>[]) {
      const ops: BatchOp[] = list.map((r) => op.update('exchange_rates', { _id: `${r.day}:${r.currency}` }, { $set: { ...r } }, { upsert: true }))
      for (let i = 0; i < ops.length; i += 5_000) await store.batch([...ops.slice(i, i + 5_000), countersVersionOp()])
    },
    /**
     * Each currency's rates from `from` to `to`, plus the last one before `from` (a conversion takes
     * the nearest earlier day's rate: weekends and holidays have none).
     */
    async between(currencies: readonly string[], from: string, to: string): Promise<Map<string, { day: string; perEur: number }[]>> {
      const out = new Map<string, { day: string; perEur: number }[]>()
      for (const currency of currencies) {
        const [before] = await rates.find({ currency, day: { $lt: from } }, { sort: { currency: 1, day: -1 }, limit: 1, projection: ['day', 'perEur'] })
        const inside = await rates.find({ currency, day: { $gte: from, $lte: to } }, { sort: { currency: 1, day: 1 }, projection: ['day', 'perEur'] })
        out.set(currency, [...(before ? [before] : []), ...inside].map((r) => ({ day: r.day, perEur: r.perEur })))
      }
      return out
    },
    /** When rates were last imported, and how many the store holds. */
    async status(): Promise<{ lastImport: Date | null; newestDay: string | null; count: number }> {
      const [last] = await rates.find({}, { sort: { importedAt: -1 }, limit: 1, projection: ['importedAt'] })
      const [newest] = await rates.find({}, { sort: { day: -1 }, limit: 1, projection: ['day'] })
      return { lastImport: last?.importedAt ?? null, newestDay: newest?.day ?? null, count: await rates.count() }
    },
  }
}
export type ExchangeRatesRepository = ReturnType<typeof createExchangeRatesRepository>
