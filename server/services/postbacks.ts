import { createHash } from 'node:crypto'
import * as z from 'zod'
import type { ClicksRepository } from '../../db/repositories/clicks.ts'
import { dayOf } from '../../db/repositories/clicks.ts'
import { type Conversion, type ConversionsRepository, conversionStatuses } from '../../db/repositories/conversions.ts'
import { isCurrencyCode } from '../../lib/currencies.ts'
import { FRAUD_EVENT_CODE, findEventCode } from '../../lib/event-codes.ts'
import type { Limit, RateLimiter } from '../rate-limit.ts'
import { sameSecret } from '../same-secret.ts'

export { type Conversion, type ConversionStatus, conversionStatuses } from '../../db/repositories/conversions.ts'

/** Built-in parameter names per field: Trackier's p1, Keitaro's subid, Affise's sub1, and common others. */
export const DEFAULT_ALIASES: Record<string, string[]> = {
  click_id: ['click_id', 'clickid', 'p1', 'subid', 'sub1', 'aff_sub', 'cid'],
  goal: ['goal', 'event', 'goal_id', 'event_id'],
  payout: ['payout', 'sum', 'amount', 'revenue'],
  currency: ['currency', 'cur'],
  txn_id: ['txn_id', 'transaction_id', 'tid', 'order_id'],
  status: ['status', 'state'],
  key: ['key', 'secret', 'token'],
}

/** POSTBACK_ALIASES: `field=name1,name2;field=name` adds names (tried before the built-in ones). */
export function parseAliases(spec: string | undefined): Record<string, string[]> {
  const out: Record<string, string[]> = Object.fromEntries(Object.entries(DEFAULT_ALIASES).map(([k, v]) => [k, [...v]]))
  for (const part of (spec ?? '').split(';')) {
    const [field, names] = part.split('=')
    if (!field?.trim() || !names || !(field.trim() in out)) continue
    out[field.trim()] = [...names.split(',').map((n) => n.trim()).filter(Boolean), ...out[field.trim()]]
  }
  return out
}

/** The largest payout one postback may report (a sanity bound: no affiliate commission comes near it). */
export const MAX_PAYOUT = 1_000_000
const PAYOUT_TEXT = /^(?:\d+(?:\.\d*)?|\.\d+)$/

const paramsSchema = z.object({
  click_id: z.string().min(1, 'click_id is required').max(100),
  goal: z
    .string()
    .min(1, 'goal is required')
    .max(100)
    .transform((g, ctx) => {
      const code = findEventCode(g)
      if (!code) {
        ctx.addIssue({ code: 'custom', message: `unknown goal "${g}"` })
        return z.NEVER
      }
      return code
    }),
  payout: z
    .string()
    .trim()
    .max(30)
    .default('0')
    .transform((v, ctx) => {
      // plain decimals only: Number() also takes '1e308' and '0x10', and 1e308 became Infinity (stored as null)
      const n = PAYOUT_TEXT.test(v) ? Number(v) : Number.NaN
      if (!Number.isFinite(n) || n > MAX_PAYOUT) {
        ctx.addIssue({ code: 'custom', message: `payout must be a decimal number from 0 to ${MAX_PAYOUT}` })
        return z.NEVER
      }
      return Math.round(n * 10_000) / 10_000
    }),
  currency: z
    .string()
    .default('USD')
    .transform((c) => c.trim().toUpperCase())
    .refine(isCurrencyCode, 'currency must be an ISO 4217 code such as USD or EUR'),
  txn_id: z.string().max(200).default(''),
  status: z.enum(conversionStatuses).default('approved'),
})

type Answer = { status: 200 | 201 | 400 | 403 | 404 | 429 | 503; body: Record<string, unknown> }

/** Postbacks without a valid key, per client address: past this they are refused unlogged (a flood cannot fill the log). */
export const DENIED_POSTBACK_LIMIT: Limit = { limit: 30, windowMs: 60_000 }
/** What one log row may keep of a postback's parameters: enough to debug a network, never a flood. */
export const LOG_ROW = { params: 20, name: 40, value: 200 }

/** What a conversion adds to its brand's day counter, by status (rejected adds nothing, nor does a Fraud signal). */
function contribution(c: Pick<Conversion, 'status' | 'goal' | 'payout' | 'currency'>): Record<string, number> {
  if (c.status === 'rejected' || c.goal === FRAUD_EVENT_CODE) return {}
  return {
    conversions: 1,
    [`goals.${c.goal}`]: 1,
    ...(c.status === 'approved' && c.payout ? { [`revenue.${c.currency}`]: c.payout } : {}),
  }
}

/** The counter change that takes a day from counting `before` to counting `after`. */
function counterDelta(before: Record<string, number>, after: Record<string, number>): Record<string, number> {
  const delta: Record<string, number> = {}
  for (const k of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const d = (after[k] ?? 0) - (before[k] ?? 0)
    if (d) delta[k] = d
  }
  return delta
}

/**
 * Conversion postbacks (issue 7): the key is checked in constant time; a conversion is stored once
 * per click + goal + transaction, and a later status updates it. Every postback, accepted or not,
 * goes to the postback log with its outcome — never with its key.
 */
export function createPostbackService(deps: {
  conversions: ConversionsRepository
  clicks: ClicksRepository
  limiter: RateLimiter
  secret?: string
  aliases: Record<string, string[]>
  /** how long postback log entries are kept */
  logDays: number
  now: () => Date
}) {
  const { conversions } = deps

  function pick(params: Record<string, string>) {
    const out: Record<string, string> = {}
    for (const [field, names] of Object.entries(deps.aliases)) {
      const name = names.find((n) => params[n] !== undefined && params[n] !== '')
      if (name) out[field] = params[name]
    }
    return out
  }

  async function record(params: Record<string, string>, answer: Answer) {
    const { key: _key, ...safe } = pick(params)
    const raw = Object.entries(params)
      .filter(([k]) => !deps.aliases.key.includes(k))
      .slice(0, LOG_ROW.params)
      .map(([k, v]) => [k.slice(0, LOG_ROW.name), String(v).slice(0, LOG_ROW.value)])
    const picked = Object.entries(safe).map(([k, v]) => [k, v.slice(0, LOG_ROW.value)])
    const outcome = answer.body.message ?? answer.body.outcome
    await conversions.log({ _id: crypto.randomUUID(), at: deps.now(), params: Object.fromEntries([...raw, ...picked]), status: answer.status, outcome: outcome == null ? null : String(outcome) })
    return answer
  }

  return {
    async handle(params: Record<string, string>, meta: { ip: string }): Promise<Answer> {
      const fields = pick(params)
      if (!deps.secret || !fields.key || !sameSecret(fields.key, deps.secret)) {
        const wait = await deps.limiter.take([{ key: `postback:denied:${meta.ip}`, limit: DENIED_POSTBACK_LIMIT }])
        if (wait > 0) return { status: 429, body: { message: 'Too many postbacks without a valid key', code: 'rate_limited', retryAfter: wait } }
        if (!deps.secret) return record(params, { status: 503, body: { message: 'Postbacks are not configured: set POSTBACK_SECRET', code: 'unavailable' } })
        return record(params, { status: 403, body: { message: 'Invalid postback key', code: 'forbidden' } })
      }
      const parsed = paramsSchema.safeParse(fields)
      if (!parsed.success) {
        const i = parsed.error.issues[0]
        return record(params, { status: 400, body: { message: `Invalid ${i.path.join('.') || 'postback'}: ${i.message}`, code: 'bad_request' } })
      }
      const p = parsed.data
      const click = await deps.clicks.findByClickId(p.click_id)
      if (!click) return record(params, { status: 404, body: { message: `Unknown click_id "${p.click_id}"`, code: 'not_found' } })

      const _id = createHash('sha256').update(`${p.click_id}\u0000${p.goal.code}\u0000${p.txn_id}`).digest('hex').slice(0, 32)
      const existing = await conversions.findById(_id)
      const now = deps.now()
      const clickAt = new Date(click.receivedAt)
      const clickDay = dayOf(clickAt)
      const conversion: Conversion = {
        _id,
        clickid: p.click_id,
        brandId: click.brandId,
        goal: p.goal.code,
        goalName: p.goal.name,
        payout: p.payout,
        currency: p.currency,
        txn_id: p.txn_id,
        status: p.status,
        clickAt,
        clickDay,
        receivedAt: now,
        updatedAt: now,
      }
      if (p.goal.code === FRAUD_EVENT_CODE) {
        // the network calls the click fraud: whatever it converted stops counting (on its click's day, as a
        // status change does), and the signal itself is kept as a rejection, never as a conversion
        const counted = (await conversions.findByClickId(p.click_id)).filter((c) => c.goal !== FRAUD_EVENT_CODE && c.status !== 'rejected')
        await conversions.save(
          {
            inserts: existing ? [] : [{ conversion: { ...conversion, status: 'rejected' }, inc: {} }],
            statusChanges: counted.map((c) => ({ conversion: c, status: 'rejected' as const, delta: counterDelta(contribution(c), {}) })),
          },
          now,
        )
        const rejected = counted.map((c) => c._id)
        return record(params, { status: existing ? 200 : 201, body: { ok: true, outcome: 'rejected', duplicate: Boolean(existing), conversionId: _id, rejected } })
      }
      if (existing && existing.status === p.status) {
        return record(params, { status: 200, body: { ok: true, outcome: 'duplicate', duplicate: true, conversionId: _id } })
      }
      if (existing) {
        // a status change moves what the conversion counts for on its click's day
        const delta = counterDelta(contribution(existing), contribution({ ...existing, status: p.status }))
        await conversions.setStatus(existing, p.status, now, delta)
        return record(params, { status: 200, body: { ok: true, outcome: 'updated', from: existing.status, to: p.status, conversionId: _id } })
      }
      await conversions.insert(conversion, contribution(conversion))
      return record(params, { status: 201, body: { ok: true, outcome: 'created', conversionId: _id } })
    },

    log: () => conversions.recentLog(200),
    conversions: () => conversions.list(),
    /** Drops log entries older than the retention period (POSTBACK_LOG_DAYS). */
    pruneLog: () => conversions.pruneLog(new Date(deps.now().getTime() - deps.logDays * 86_400_000)),
  }
}
export type PostbackService = ReturnType<typeof createPostbackService>
