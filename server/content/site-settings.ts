import type { SiteSettingsRepository } from '../../db/repositories/site-settings.ts'
import { changedFields } from '../../lib/audit.ts'
import { AFFILIATE_DISCLOSURE_PATH, DEFAULT_AFFILIATE_DISCLOSURE } from '../../lib/offer-terms.ts'
import { affiliateDisclosureSchema } from '../../lib/schemas.ts'
import { AppError } from '../errors.ts'
import type { AuditService } from '../operations/audit.ts'
import { assertCurrentVersion, nextVersion } from '../editorial/edit-versions.ts'

/** `updatedAt`: the setting's version (null while the default stands), sent back as If-Match by the form that edits it. */
export type Disclosure = { text: string; linkUrl: string; updatedAt: string | null }

/** Site settings editors change; every write clears the render cache, since pages show them. */
export function createSiteSettingsService(deps: { siteSettings: SiteSettingsRepository; audit: AuditService; now: () => Date; onChange: () => void }) {
  return {
    /** The affiliate disclosure line pages show near offers: the editors' text, or the default. */
    async disclosure(): Promise<Disclosure> {
      const saved = await deps.siteSettings.affiliateDisclosureSetting()
      return { text: saved?.value ?? DEFAULT_AFFILIATE_DISCLOSURE, linkUrl: AFFILIATE_DISCLOSURE_PATH, updatedAt: saved?.updatedAt ?? null }
    },

    /** `baseVersion`: the `updatedAt` the editor loaded (If-Match); a newer save is refused with 409. */
    async setDisclosure(input: string, opts: { baseVersion?: string } = {}): Promise<Disclosure> {
      const parsed = affiliateDisclosureSchema.safeParse(input)
      if (!parsed.success) {
        const message = parsed.error.issues[0]?.message ?? 'is invalid'
        throw new AppError('bad_request', `Invalid text: ${message}`, parsed.error.issues.map((i) => ({ path: 'text', message: i.message })))
      }
      const saved = await deps.siteSettings.affiliateDisclosureSetting()
      await assertCurrentVersion({ base: opts.baseVersion, current: saved?.updatedAt, name: 'The affiliate disclosure', lastWrite: () => deps.audit.lastWrite('setting:affiliate-disclosure') })
      const at = nextVersion(saved?.updatedAt, deps.now())
      await deps.siteSettings.setAffiliateDisclosure(parsed.data, at)
      deps.onChange()
      await deps.audit.record({ action: 'setting.update', target: 'setting:affiliate-disclosure', changes: changedFields({ text: saved?.value ?? null }, { text: parsed.data }) })
      return { text: parsed.data, linkUrl: AFFILIATE_DISCLOSURE_PATH, updatedAt: at }
    },
  }
}
export type SiteSettingsService = ReturnType<typeof createSiteSettingsService>
