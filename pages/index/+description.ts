import type { PageContext } from 'vike/types'
import { translator } from '../../lib/i18n/index.ts'
import lang from '../+lang.ts'

// the site's description in the market's language (lib/site.ts SITE_DESCRIPTION is the English one)
export default (pageContext: PageContext) => translator(lang(pageContext))('site.description')
