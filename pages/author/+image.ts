import type { PageContextServer } from 'vike/types'
import { absoluteUrl, socialImagePath } from '../../lib/social-image.ts'
import type { Data } from './+data.ts'

// og:image: the author's photo when it can be shared (an upload, a raster URL), else the site's card
export default (pageContext: PageContextServer<Data>) => absoluteUrl(socialImagePath(pageContext.data.author.photo), pageContext.siteUrl!)
