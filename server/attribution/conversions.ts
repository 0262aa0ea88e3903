import { createHash } from 'node:crypto'
import type { ClicksRepository } from '../../db/repositories/clicks.ts'
import { type Conversion, type ConversionStatus, type ConversionsRepository } from '../../db/repositories/conversions.ts'
import { incrementOps } from '../../db/repositories/counters.ts'
import { UNKNOWN_PLACEMENT } from '../../lib/attribution.ts'
import { type EventCode, FRAUD_EVENT_CODE } from '../../lib/event-codes.ts'
import { utcDay } from '../../lib/format.ts'
import type { ClickRecord } from '../../lib/schemas.ts'
import { type Attribution, countsForConversion, difference, type Increment } from './counters.ts'

/** One conversion as a postback or a programme's CSV reports it, already checked (./conversion-input.ts). */
export type ConversionInput = {
  clickId: string
  goal: EventCode
  payout: number
  currency: string
  txnId: string
  status: ConversionStatus
  /** the brand, for revenue no click of ours matched (a CSV's brand column or the import's --brand) */
  brandId?: string
  /** the day it happened (a CSV's date), for revenue no click matched */
  day?: string
}

export type ConversionOutcome =
  | { outcome: 'created'; conversionId: string }
  | { outcome: 'updated'; conversionId: string; from: ConversionStatus; to: ConversionStatus }
  | { outcome: 'duplicate'; conversionId: string }
  | { outcome: 'rejected'; conversionId: string; rejected: string[]; duplicate: boolean }
  /** no click of ours: kept as the brand's unattributed revenue when the brand is known */
  | { outcome: 'unattributed'; conversionId: string }
  | { outcome: 'unmatched'; message: string }

/** A postback and a CSV row of the same click, goal and transaction are one conversion, whichever came first. */
export const conversionId = (clickId: string, goal: number, txnId: string) => createHash('sha256').update(`${clickId}\u0000${goal}\u0000${txnId}`).digest('hex').slice(0, 32)

/** What a click says about where its conversions count: its placement, country and device, as they were then. */
export function attributionOf(click: ClickRecord & { placement?: Attribution['placement']; country?: string | null; device?: Attribution['device']; arrival?: Record<string, string> }): NonNullable<Conversion['attribution']> {
  return { placement: click.placement ?? UNKNOWN_PLACEMENT, country: click.country ?? null, device: click.device ?? 'unknown', ...(click.arrival ? { arrival: click.arrival } : {}) }
}

const countsOf = (c: Conversion): Increment[] =>
  countsForConversion({ brandId: c.brandId, goal: c.goal, payout: c.payout, currency: c.currency, status: c.status, clickDay: c.clickDay, attribution: c.attribution as Attribution | undefined, suspectClick: c.suspectClick })

/**
 * Records conversions (issue 21): the one `record()` a postback and a CSV import both call. A conversion
 * is keyed by click + goal + transaction, so replays and a postback plus its CSV line never count twice;
 * it inherits its click's attribution as it was at the time of the click. Many inputs are looked up a
 * chunk at a time and written in batches of `batchSize` (each batch: the conversions and their counters,
 * together or not at all). `dryRun` answers the outcomes and writes nothing.
 */
export function createConversionRecorder(deps: { conversions: ConversionsRepository; clicks: ClicksRepository; now: () => Date; batchSize?: number; onCounted?: (increments: readonly Increment[]) => void }) {
  return {
    async record(inputs: readonly ConversionInput[], opts: { dryRun?: boolean; source: NonNullable<Conversion['source']> }): Promise<ConversionOutcome[]> {
      const now = deps.now()
      const clicks = new Map((await deps.clicks.findByClickIds([...new Set(inputs.map((i) => i.clickId).filter(Boolean))])).map((c) => [c.clickid, c]))
      const existing = new Map((await deps.conversions.findByIds([...new Set(inputs.map((i) => conversionId(i.clickId, i.goal.code, i.txnId)))])).map((c) => [c._id, c]))
      const outcomes: ConversionOutcome[] = []
      let inserts: Conversion[] = []
      let statusChanges: { conversion: Conversion; status: ConversionStatus }[] = []
      let increments: Increment[] = []
      const flush = async () => {
        if (!opts.dryRun && (inserts.length || statusChanges.length)) {
          await deps.conversions.save({ inserts, statusChanges }, now, incrementOps(increments))
          deps.onCounted?.(increments)
        }
        inserts = []
        statusChanges = []
        increments = []
      }
      const setStatus = (c: Conversion, status: ConversionStatus) => {
        const after = { ...c, status, updatedAt: now }
        statusChanges.push({ conversion: c, status })
        increments.push(...difference(countsOf(c), countsOf(after)))
        existing.set(c._id, after)
      }

      for (const input of inputs) {
        const _id = conversionId(input.clickId, input.goal.code, input.txnId)
        const click = input.clickId ? clicks.get(input.clickId) : undefined
        const before = existing.get(_id)
        if (!click && !before && !input.brandId) {
          outcomes.push({ outcome: 'unmatched', message: input.clickId ? `Unknown click_id "${input.clickId}"` : 'No click_id, and no brand to keep the revenue under' })
          continue
        }
        const clickAt = click ? new Date(click.receivedAt) : new Date(`${input.day ?? utcDay(now)}T00:00:00Z`)
        const conversion: Conversion = {
          _id,
          clickid: click ? input.clickId : input.clickId,
          brandId: click?.brandId ?? before?.brandId ?? input.brandId!,
          goal: input.goal.code,
          goalName: input.goal.name,
          payout: input.payout,
          currency: input.currency,
          txn_id: input.txnId,
          status: input.status,
          clickAt,
          clickDay: utcDay(clickAt),
          receivedAt: now,
          updatedAt: now,
          attribution: click ? attributionOf(click) : { placement: UNKNOWN_PLACEMENT, country: null, device: 'unknown' },
          source: opts.source,
          // its click was past its network's velocity limit (issue 24): flagged, and counted apart in the brand report
          ...((click as { suspect?: boolean } | undefined)?.suspect ? { suspectClick: true as const } : {}),
        }
        if (input.goal.code === FRAUD_EVENT_CODE) {
          // the network calls the click fraud: whatever it converted stops counting (on its click's day), and
          // the signal itself is kept as a rejection, never as a conversion
          const counted = [...existing.values(), ...(input.clickId ? await deps.conversions.findByClickId(input.clickId) : [])].filter(
            (c, i, all) => c.clickid === input.clickId && c.goal !== FRAUD_EVENT_CODE && c.status !== 'rejected' && all.findIndex((x) => x._id === c._id) === i,
          )
          for (const c of counted) setStatus(existing.get(c._id) ?? c, 'rejected')
          if (!before) {
            const rejected = { ...conversion, status: 'rejected' as const }
            inserts.push(rejected)
            existing.set(_id, rejected)
          }
          outcomes.push({ outcome: 'rejected', conversionId: _id, rejected: counted.map((c) => c._id), duplicate: Boolean(before) })
        } else if (before && before.status === input.status) {
          outcomes.push({ outcome: 'duplicate', conversionId: _id })
        } else if (before) {
          // a status change moves what the conversion counts for on its click's day
          outcomes.push({ outcome: 'updated', conversionId: _id, from: before.status, to: input.status })
          setStatus(before, input.status)
        } else {
          inserts.push(conversion)
          increments.push(...countsOf(conversion))
          existing.set(_id, conversion)
          outcomes.push(click ? { outcome: 'created', conversionId: _id } : { outcome: 'unattributed', conversionId: _id })
        }
        if (inserts.length + statusChanges.length >= (deps.batchSize ?? 2_000)) await flush()
      }
      await flush()
      return outcomes
    },
  }
}
export type ConversionRecorder = ReturnType<typeof createConversionRecorder>
