import * as z from 'zod'
import { type CustomParam, customParamsSchema } from './brands.ts'
import { idSchema, text } from './common.ts'

// ---------- clicks ----------

// C0 controls, DEL and C1 controls: tabs, line breaks, NUL, escapes (issue 35)
const CONTROL_CHARS = /[\u0000-\u001f\u007f-\u009f]/

/**
 * What a click id may be (issue 35): text a network echoes back and a person may read in a log — never
 * blank, never only whitespace, no control character (a NUL, a tab, a line break, an escape). The
 * postback, POST /api/clicks and a programme CSV's rows (through the postback's schema) check it here.
 */
export function checkClickId(v: string, ctx: z.RefinementCtx) {
  if (!v.trim()) ctx.addIssue({ code: 'custom', message: 'must not be blank' })
  else if (CONTROL_CHARS.test(v)) ctx.addIssue({ code: 'custom', message: 'must not contain control characters (tabs, line breaks, NUL…)' })
}
export const CLICK_ID_MAX = 100
export const clickIdSchema = z.string().max(CLICK_ID_MAX).superRefine(checkClickId)

export const createClickBodySchema = z.strictObject({
  clickid: clickIdSchema,
  userId: z.string().max(100).nullable().optional(),
  brandId: idSchema,
  user_agent: z.string().max(1_000).nullable().optional(),
  gaid: z.string().max(200).nullable().optional(),
  timestamp: z.iso.datetime({ offset: true }),
  customParams: customParamsSchema.optional(),
  // issue 21: where the link was shown and where the visitor arrived from, as /go's query names them;
  // read leniently (lib/attribution.ts): a value it does not know is recorded as unknown, never refused
  from: z.unknown().optional(),
  slot: z.unknown().optional(),
  pos: z.unknown().optional(),
  ref: z.unknown().optional(),
  utm_source: z.unknown().optional(),
  utm_medium: z.unknown().optional(),
  utm_campaign: z.unknown().optional(),
})
export type CreateClickBody = z.input<typeof createClickBodySchema>

export type ClickRecord = {
  _id: string
  clickid: string
  userId: string | null
  brandId: string
  user_agent: string | null
  gaid: string | null
  timestamp: string
  customParams: CustomParam[]
  receivedAt: Date
  source: 'browser' | 'redirect'
}
