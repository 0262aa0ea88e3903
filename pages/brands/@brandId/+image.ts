import type { PageContextServer } from 'vike/types'
import { absoluteUrl, socialImagePath } from '../../../lib/social-image.ts'
import type { Data } from './+data.ts'

// the banner the page shows, else the logo; SVGs give way to their raster rendition or the site card
export default (pageContext: PageContextServer<Data>) => {
  const { brand } = pageContext.data
  return absoluteUrl(socialImagePath(brand.bannerImage?.cdnUrl || brand.logo?.cdnUrl), pageContext.siteUrl!)
}
