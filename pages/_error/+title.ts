import type { PageContext } from 'vike/types'
import { translator } from '../../lib/i18n/index.ts'
import { pageTitle } from '../../lib/seo.ts'
import lang from '../+lang.ts'
import { errorHeadline } from './error-message.ts'

// 'Article not found | GameWise', 'Brand not found | GameWise', 'Page not found | GameWise' (in the market's language)
export default (pageContext: PageContext) => pageTitle(errorHeadline(pageContext, translator(lang(pageContext))))
