import type { SiteSettingsRepository } from '../../db/repositories/site-settings.ts'
import { changedFields } from '../../lib/audit.ts'
import { AFFILIATE_DISCLOSURE_PATH, DEFAULT_AFFILIATE_DISCLOSURE } from '../../lib/offer-terms.ts'
import { affiliateDisclosureSchema } from '../../lib/schemas.ts'
import { AppError } from '../errors.ts'
import type { AuditService } from './audit.ts'

export type Disclosure = { text: string; linkUrl: string }

/** Site settings editors change; every write clears the render cache, since pages show them. */
export function createSiteSettingsService(deps: { siteSettings: SiteSettingsRepository; audit: AuditService; now: () => Date; onChange: () => void }) {
  return {
    /** The affiliate disclosure line pages show near offers: the editors' text, or the default. */
    async disclosure(): Promise<Disclosure> {
      return { text: (await deps.siteSettings.affiliateDisclosure()) ?? DEFAULT_AFFILIATE_DISCLOSURE, linkUrl: AFFILIATE_DISCLOSURE_PATH }
    },

    async setDisclosure(input: string): Promise<Disclosure> {
      const parsed = affiliateDisclosureSchema.safeParse(input)
      if (!parsed.success) {
        const message = parsed.error.issues[0]?.message ?? 'is invalid'
        throw new AppError('bad_request', `Invalid text: ${message}`, parsed.error.issues.map((i) => ({ path: 'text', message: i.message })))
      }
      const before = await deps.siteSettings.affiliateDisclosure()
      await deps.siteSettings.setAffiliateDisclosure(parsed.data, deps.now())
      deps.onChange()
      await deps.audit.record({ action: 'setting.update', target: 'setting:affiliate-disclosure', changes: changedFields({ text: before }, { text: parsed.data }) })
      return { text: parsed.data, linkUrl: AFFILIATE_DISCLOSURE_PATH }
    },
  }
}
export type SiteSettingsService = ReturnType<typeof createSiteSettingsService>
