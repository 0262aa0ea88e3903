import * as z from 'zod'
import { type ConversionsRepository, conversionStatuses } from '../../db/repositories/conversions.ts'
import { isCurrencyCode } from '../../lib/currencies.ts'
import { CLICK_ID_MAX, checkClickId } from '../../lib/schemas.ts'
import { findEventCode, REVSHARE_EVENT_CODE } from '../../lib/event-codes.ts'
import type { ConversionRecorder } from './conversions.ts'
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
const PAYOUT_TEXT = /^-?(?:\d+(?:\.\d*)?|\.\d+)$/
/** A payout as text: a plain decimal, perhaps negative (no exponent, no hex, no currency sign). */
export const isPayoutText = (v: string) => PAYOUT_TEXT.test(v.trim())

const paramsSchema = z.object({
  click_id: z.string().min(1, 'click_id is required').max(CLICK_ID_MAX).superRefine(checkClickId),
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
      if (!Number.isFinite(n) || Math.abs(n) > MAX_PAYOUT) {
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
}).superRefine((p, ctx) => {
  // only a revenue-share line may take money back (a clawback); every other goal keeps 0 and up
  if (p.payout < 0 && p.goal.code !== REVSHARE_EVENT_CODE) ctx.addIssue({ code: 'custom', path: ['payout'], message: `payout must be a decimal number from 0 to ${MAX_PAYOUT} (negative only for the Revenue share (adjustment) goal)` })
})

/** A postback's or a CSV row's fields (the names of `DEFAULT_ALIASES`), checked: the one schema both read. */
export const conversionParamsSchema = paramsSchema

type Answer = { status: 200 | 201 | 400 | 403 | 404 | 429 | 503; body: Record<string, unknown> }

/** Postbacks without a valid key, per client address: past this they are refused unlogged (a flood cannot fill the log). */
export const DENIED_POSTBACK_LIMIT: Limit = { limit: 30, windowMs: 60_000 }
/**
 * A parameter's name as a log row keeps it: every store takes it as a field name (BSON has no key with a
 * NUL byte, and MongoDB reads a dot or a leading $ as a path or an operator), and it still reads as sent,
 * percent-escaped where it had to be (`sub.id` → `sub%2Eid`).
 */
const storableName = (name: string) => name.replace(/[%.$\u0000-\u001f\u007f]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`)

/** What one log row may keep of a postback's parameters: enough to debug a network, never a flood. */
export const LOG_ROW = { params: 20, name: 40, value: 200 }

/**
 * Conversion postbacks (issue 7): the key is checked in constant time; a conversion is stored once
 * per click + goal + transaction, and a later status updates it. Every postback, accepted or not,
 * goes to the postback log with its outcome — never with its key.
 */
export function createPostbackService(deps: {
  conversions: ConversionsRepository
  recorder: ConversionRecorder
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
      .map(([k, v]) => [storableName(k.slice(0, LOG_ROW.name)), String(v).slice(0, LOG_ROW.value)])
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
      // the same record() a CSV import calls (attribution/conversions.ts)
      const [r] = await deps.recorder.record([{ clickId: p.click_id, goal: p.goal, payout: p.payout, currency: p.currency, txnId: p.txn_id, status: p.status }], { source: 'postback' })
      switch (r!.outcome) {
        case 'unmatched':
        case 'unattributed':
          return record(params, { status: 404, body: { message: `Unknown click_id "${p.click_id}"`, code: 'not_found' } })
        case 'rejected':
          return record(params, { status: r!.duplicate ? 200 : 201, body: { ok: true, outcome: 'rejected', duplicate: r!.duplicate, conversionId: r!.conversionId, rejected: r!.rejected } })
        case 'duplicate':
          return record(params, { status: 200, body: { ok: true, outcome: 'duplicate', duplicate: true, conversionId: r!.conversionId } })
        case 'updated':
          return record(params, { status: 200, body: { ok: true, outcome: 'updated', from: r!.from, to: r!.to, conversionId: r!.conversionId } })
        case 'created':
          return record(params, { status: 201, body: { ok: true, outcome: 'created', conversionId: r!.conversionId } })
      }
    },

    log: () => conversions.recentLog(200),
    conversions: () => conversions.list(),
    /** Drops log entries older than the retention period (POSTBACK_LOG_DAYS). */
    pruneLog: () => conversions.pruneLog(new Date(deps.now().getTime() - deps.logDays * 86_400_000)),
  }
}
export type PostbackService = ReturnType<typeof createPostbackService>
