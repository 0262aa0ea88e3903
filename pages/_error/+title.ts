import type { PageContext } from 'vike/types'
import { pageTitle } from '../../lib/seo.ts'
import { errorHeadline } from './error-message.ts'

// 'Article not found | GameWise', 'Brand not found | GameWise', 'Page not found | GameWise'
export default (pageContext: PageContext) => pageTitle(errorHeadline(pageContext))
