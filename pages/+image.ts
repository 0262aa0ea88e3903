import type { PageContextServer } from 'vike/types'
import { DEFAULT_SOCIAL_IMAGE, absoluteUrl } from '../lib/social-image.ts'

// og:image for every page without its own +image.ts: the site's raster card (never an SVG).
export default (pageContext: PageContextServer) => absoluteUrl(DEFAULT_SOCIAL_IMAGE, pageContext.siteUrl!)
