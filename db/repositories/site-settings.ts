import * as z from 'zod'
import { affiliateDisclosureSchema } from '../../lib/schemas.ts'
import { defineCollection, ensureCollection } from '../collections.ts'
import type { Store } from '../port.ts'
import type { Registry } from '../registry.ts'

/**
 * Site-wide settings editors change (the affiliate disclosure line). Content, so unlike `settings`
 * (per-installation values: the auth secret, the content version) they are backed up and restored.
 * One document per setting; a new setting adds its own branch to the schema.
 */
const iso = z.iso.datetime({ offset: true })
export const storedSiteSettingSchema = z.discriminatedUnion('_id', [z.object({ _id: z.literal('affiliate-disclosure'), value: affiliateDisclosureSchema, updatedAt: iso })])
type SiteSetting = z.infer<typeof storedSiteSettingSchema>

const SITE_SETTINGS = defineCollection({ name: 'site_settings', backup: 'data', schema: storedSiteSettingSchema })

export function createSiteSettingsRepository(store: Store, registry: Registry) {
  registry.add(SITE_SETTINGS)
  const settings = store.collection<SiteSetting>(SITE_SETTINGS.name)
  return {
    init: () => ensureCollection(store, SITE_SETTINGS),
    /** The editors' disclosure line, or null while none was saved (the service then answers the default). */
    async affiliateDisclosure(): Promise<string | null> {
      return (await settings.findOne({ _id: 'affiliate-disclosure' }))?.value ?? null
    },
    /** The saved disclosure with its version (updatedAt), or null while none was saved. */
    async affiliateDisclosureSetting(): Promise<{ value: string; updatedAt: string } | null> {
      const found = await settings.findOne({ _id: 'affiliate-disclosure' })
      return found ? { value: found.value, updatedAt: found.updatedAt } : null
    },
    /** Every setting (a handful of small documents): the media library looks for images in them. */
    all() {
      return settings.find({})
    },
    async setAffiliateDisclosure(value: string, at: Date | string) {
      await settings.updateOne({ _id: 'affiliate-disclosure' }, { $set: { value, updatedAt: typeof at === 'string' ? at : at.toISOString() } }, { upsert: true })
    },
  }
}
export type SiteSettingsRepository = ReturnType<typeof createSiteSettingsRepository>
