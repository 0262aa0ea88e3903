import type { Editorial } from '../editorial/index.ts'
import type { Media } from '../media/index.ts'
import type { Wiring } from '../wiring.ts'
import { createBrandAdminService } from './admin.ts'
import { createCountryProfiles } from './country-profiles.ts'
import { createLinkChecker } from './link-check.ts'
import { createBrandsService } from './service.ts'

/**
 * Brands, wired once (docs/content-admin.md, docs/compliance.md): what visitors may see of them and in
 * what shape (./visibility.ts, the one place that decides), offer lists, the directory, brand pages and
 * comparison tables (./service.ts), the brand admin (./admin.ts), the countries' cache profiles and the
 * CTA link checks.
 */
export function createBrands(w: Wiring, deps: { media: Media; editorial: Editorial }) {
  const { repos, audit, now, onChange } = w
  return {
    brands: createBrandsService({ brands: repos.brands, now, generation: w.generation }),
    brandAdmin: createBrandAdminService({ brands: repos.brands, posts: repos.posts, media: deps.media.media, usedBy: deps.media.mediaLibrary.usedBy, audit, revisions: deps.editorial.revisions, now, onChange }),
    links: createLinkChecker({ brands: repos.brands, linkChecks: repos.linkChecks, audit, now, allowPrivate: w.config.linkCheckAllowPrivate }),
    countryProfiles: createCountryProfiles({ brands: repos.brands, generation: w.generation }),
  }
}
export type Brands = ReturnType<typeof createBrands>
