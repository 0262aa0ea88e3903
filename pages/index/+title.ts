import type { PageContext } from 'vike/types'
import { translator } from '../../lib/i18n/index.ts'
import lang from '../+lang.ts'

// the site's title in the market's language (lib/site.ts SITE_TITLE is the English one)
export default (pageContext: PageContext) => translator(lang(pageContext))('site.title')
