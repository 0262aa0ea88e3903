import type { ClickRecord } from '../../lib/schemas.ts'
import type { Store } from '../port.ts'

type ClickDoc = ClickRecord & Record<string, unknown>
/** Clicks per brand per day, `_id` = `${brandId}:${day}`. */
export type ClickCounter = { _id: string; brandId: string; day: string; clicks: number } & Record<string, unknown>

/** Clicks, plus per-brand-per-day counters that writes maintain so reports never scan clicks. */
export function createClicksRepository(store: Store) {
  const clicks = store.collection<ClickDoc>('clicks')
  const counters = store.collection<ClickCounter>('click_counters')
  return {
    async init() {
      await store.ensureIndex('clicks', { fields: { brandId: 1 } })
      await store.ensureIndex('clicks', { fields: { clickid: 1 }, unique: true })
      await store.ensureIndex('click_counters', { fields: { brandId: 1 } })
    },
    /** The click and its counter land together or not at all. */
    async record(click: ClickRecord) {
      const day = click.receivedAt.toISOString().slice(0, 10)
      await store.batch([
        { collection: 'clicks', insert: click as ClickDoc },
        {
          collection: 'click_counters',
          update: {
            filter: { _id: `${click.brandId}:${day}` },
            update: { $inc: { clicks: 1 }, $setOnInsert: { brandId: click.brandId, day } },
            upsert: true,
          },
        },
      ])
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
    /** Daily counters from `fromDay` (YYYY-MM-DD) on, optionally for one brand. */
    counters(opts: { brandId?: string; fromDay?: string } = {}) {
      const filter: Record<string, unknown> = {}
      if (opts.brandId) filter.brandId = opts.brandId
      if (opts.fromDay) filter.day = { $gte: opts.fromDay }
      return counters.find(filter, { sort: { day: 1, brandId: 1 } })
    },
  }
}
export type ClicksRepository = ReturnType<typeof createClicksRepository>
