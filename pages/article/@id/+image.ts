import type { PageContextServer } from 'vike/types'
import { absoluteUrl, socialImagePath } from '../../../lib/social-image.ts'
import type { Data } from './+data.ts'

export default (pageContext: PageContextServer<Data>) => absoluteUrl(socialImagePath(pageContext.data.article.image), pageContext.siteUrl!)
