import { storedMarketSchema } from '../../lib/market-schema.ts'
import type { Market } from '../../lib/markets.ts'
import { defineCollection, ensureCollection } from '../collections.ts'
import { op } from '../batch.ts'
import type { BatchOp, Store } from '../port.ts'
import type { Registry } from '../registry.ts'

type MarketDoc = Market & { _id: string } & Record<string, unknown>

/**
 * Markets (issue 23): a handful of small documents, keyed by their key (also their URL prefix), read
 * whole and kept in memory by server/markets/service.ts. Backed up with the content.
 */
const MARKETS = defineCollection({ name: 'markets', backup: 'data', schema: storedMarketSchema })

export function createMarketsRepository(store: Store, registry: Registry) {
  registry.add(MARKETS)
  const markets = store.collection<MarketDoc>(MARKETS.name)
  const strip = ({ _id: _ignored, ...m }: MarketDoc): Market => m as Market
  return {
    init: () => ensureCollection(store, MARKETS),
    async list(): Promise<Market[]> {
      return (await markets.find({})).map(strip).sort((a, b) => a.key.localeCompare(b.key))
    },
    async find(key: string): Promise<Market | null> {
      const doc = await markets.findOne({ _id: key })
      return doc ? strip(doc) : null
    },
    /** Throws the store's `DuplicateKeyError` when the key is taken. */
    async insert(market: Market) {
      await markets.insertOne({ ...market, _id: market.key } as MarketDoc)
    },
    async replace(market: Market) {
      await markets.updateOne({ _id: market.key }, { $set: { ...market } })
    },
    /** The write that puts a market in a batch (imports). */
    insertOp(market: Market): BatchOp {
      return op.insert(MARKETS.name, { ...market, _id: market.key } as MarketDoc)
    },
    /** Inserts the markets whose key is free (the demo seed). */
    insertMissing(list: Market[]) {
      return markets.insertMissing(list.map((m) => ({ ...m, _id: m.key }) as MarketDoc))
    },
    async remove(key: string) {
      return (await markets.deleteOne({ _id: key })) > 0
    },
  }
}
export type MarketsRepository = ReturnType<typeof createMarketsRepository>
