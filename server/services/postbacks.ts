import { createHash } from 'node:crypto'
import * as z from 'zod'
import type { ClicksRepository } from '../../db/repositories/clicks.ts'
import { dayCounterOps, dayOf } from '../../db/repositories/clicks.ts'
import type { Store } from '../../db/port.ts'
import { findEventCode } from '../../lib/event-codes.ts'
import { sameSecret } from '../same-secret.ts'

export const conversionStatuses = ['approved', 'pending', 'rejected'] as const
export type ConversionStatus = (typeof conversionStatuses)[number]

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
    .max(30)
    .default('0')
    .transform((v, ctx) => {
      const n = Number(v)
      if (!Number.isFinite(n) || n < 0) {
        ctx.addIssue({ code: 'custom', message: 'payout must be a number of 0 or more' })
        return z.NEVER
      }
      return Math.round(n * 10_000) / 10_000
    }),
  currency: z.string().regex(/^[A-Za-z]{3}$/, 'currency must be a 3-letter code').default('USD').transform((c) => c.toUpperCase()),
  txn_id: z.string().max(200).default(''),
  status: z.enum(conversionStatuses).default('approved'),
})

export type Conversion = {
  _id: string
  clickid: string
  brandId: string
  goal: number
  goalName: string
  payout: number
  currency: string
  txn_id: string
  status: ConversionStatus
  clickAt: Date
  clickDay: string
  receivedAt: Date
  updatedAt: Date
}

type Answer = { status: 200 | 201 | 400 | 403 | 404 | 503; body: Record<string, unknown> }

/** What a conversion adds to its brand's day counter, by status (rejected adds nothing). */
function contribution(c: Pick<Conversion, 'status' | 'goal' | 'payout' | 'currency'>): Record<string, number> {
  if (c.status === 'rejected') return {}
  return {
    conversions: 1,
    [`goals.${c.goal}`]: 1,
    ...(c.status === 'approved' && c.payout ? { [`revenue.${c.currency}`]: c.payout } : {}),
  }
}

/**
 * Conversion postbacks (issue 7): the key is checked in constant time; a conversion is stored once
 * per click + goal + transaction, and a later status updates it. Every postback, accepted or not,
 * goes to the postback log with its outcome — never with its key.
 */
export function createPostbackService(deps: { store: Store; clicks: ClicksRepository; secret?: string; aliases: Record<string, string[]>; now: () => Date }) {
  const conversions = deps.store.collection<Conversion & Record<string, unknown>>('conversions')
  const log = deps.store.collection('postback_log')

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
    const raw = Object.fromEntries(Object.entries(params).filter(([k]) => !deps.aliases.key.includes(k)).map(([k, v]) => [k, String(v).slice(0, 300)]))
    await log.insertOne({ _id: crypto.randomUUID(), at: deps.now(), params: { ...raw, ...safe }, status: answer.status, outcome: answer.body.message ?? answer.body.outcome })
    return answer
  }

  return {
    async handle(params: Record<string, string>): Promise<Answer> {
      if (!deps.secret) return record(params, { status: 503, body: { message: 'Postbacks are not configured: set POSTBACK_SECRET' } })
      const fields = pick(params)
      if (!fields.key || !sameSecret(fields.key, deps.secret)) return record(params, { status: 403, body: { message: 'Invalid postback key' } })
      const parsed = paramsSchema.safeParse(fields)
      if (!parsed.success) {
        const i = parsed.error.issues[0]
        return record(params, { status: 400, body: { message: `Invalid ${i.path.join('.') || 'postback'}: ${i.message}` } })
      }
      const p = parsed.data
      const click = await deps.clicks.findByClickId(p.click_id)
      if (!click) return record(params, { status: 404, body: { message: `Unknown click_id "${p.click_id}"` } })

      const _id = createHash('sha256').update(`${p.click_id}\u0000${p.goal.code}\u0000${p.txn_id}`).digest('hex').slice(0, 32)
      const existing = await conversions.findOne({ _id })
      const now = deps.now()
      const clickAt = new Date(click.receivedAt)
      const clickDay = dayOf(clickAt)
      if (existing && existing.status === p.status) {
        return record(params, { status: 200, body: { ok: true, outcome: 'duplicate', duplicate: true, conversionId: _id } })
      }
      if (existing) {
        // a status change moves what the conversion counts for on its click's day
        const before = contribution(existing)
        const after = contribution({ ...existing, status: p.status })
        const delta: Record<string, number> = {}
        for (const k of new Set([...Object.keys(before), ...Object.keys(after)])) {
          const d = (after[k] ?? 0) - (before[k] ?? 0)
          if (d) delta[k] = d
        }
        await deps.store.batch([
          { collection: 'conversions', update: { filter: { _id }, update: { $set: { status: p.status, updatedAt: now } } } },
          ...dayCounterOps(existing.brandId, existing.clickDay, delta),
        ])
        return record(params, { status: 200, body: { ok: true, outcome: 'updated', from: existing.status, to: p.status, conversionId: _id } })
      }
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
      const inc = contribution(conversion)
      await deps.store.batch([
        { collection: 'conversions', insert: conversion as never },
        ...dayCounterOps(click.brandId, clickDay, inc),
      ])
      return record(params, { status: 201, body: { ok: true, outcome: 'created', conversionId: _id } })
    },

    log: () => log.find({}, { sort: { at: -1 }, limit: 200 }),
    conversions: () => conversions.find({}),
  }
}
export type PostbackService = ReturnType<typeof createPostbackService>
