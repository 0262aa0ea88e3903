import type { PageContextServer } from 'vike/types'
import type { PageSeo } from '../../../lib/seo.ts'
import { absoluteUrl } from '../../../lib/social-image.ts'
import { brandReview, breadcrumbList, faqPage } from '../../../lib/structured-data.ts'
import type { Data } from './+data.ts'

// a Review only with a rating, an FAQPage only with an FAQ section: nothing the page does not show;
// breadcrumbs Home › Brands (the /brands directory) › brand
export default (pageContext: PageContextServer<Data>): PageSeo => {
  const { brand } = pageContext.data
  const siteUrl = pageContext.siteUrl!
  const path = `/brands/${encodeURIComponent(brand._id)}`
  const url = absoluteUrl(path, siteUrl)
  return {
    path,
    // an editor's preview is never indexed (it is also sent with X-Robots-Tag and never cached)
    ...(pageContext.preview ? { robots: 'noindex, nofollow' } : {}),
    jsonLd: [brandReview(brand, url, siteUrl), faqPage(brand.sections), breadcrumbList(siteUrl, [{ name: 'Brands', path: '/brands' }, { name: brand.brandName, path }])],
  }
}
