import * as z from 'zod'
import { defineCollection, ensureCollection } from '../collections.ts'
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

const LINK_CHECKS = defineCollection({ name: 'link_checks', backup: 'data', schema: linkCheckSchema })

export function createLinkChecksRepository(store: Store, registry: Registry) {
  registry.add(LINK_CHECKS)
  const checks = store.collection<LinkCheck>(LINK_CHECKS.name)
  return {
    init: () => ensureCollection(store, LINK_CHECKS),
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
