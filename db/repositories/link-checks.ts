import * as z from 'zod'
import type { Store } from '../port.ts'
import type { Registry } from '../registry.ts'

/** The last check of one brand's CTA URL (`_id` is the brand id). */
export const linkCheckSchema = z.object({
  _id: z.string().min(1),
  url: z.string(),
  ok: z.boolean(),
  status: z.number().int().nullable(),
  error: z.string().nullable(),
  finalUrl: z.string().nullable(),
  hostChanged: z.boolean(),
  checkedAt: z.date(),
})
export type LinkCheck = z.infer<typeof linkCheckSchema>

export function createLinkChecksRepository(store: Store, registry: Registry) {
  registry.add({ name: 'link_checks', backup: 'data', schema: linkCheckSchema })
  const checks = store.collection<LinkCheck>('link_checks')
  return {
    async init() {},
    /** Replaces each brand's last result. */
    async save(results: LinkCheck[]) {
      for (const { _id, ...fields } of results) await checks.updateOne({ _id }, { $set: fields }, { upsert: true })
    },
    list() {
      return checks.find({})
    },
  }
}
export type LinkChecksRepository = ReturnType<typeof createLinkChecksRepository>
