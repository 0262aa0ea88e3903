import * as z from 'zod'
import { type CustomParam, customParamsSchema } from './brands.ts'
import { idSchema, text } from './common.ts'

// ---------- clicks ----------

export const createClickBodySchema = z.strictObject({
  clickid: z.string().min(1).max(100),
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
