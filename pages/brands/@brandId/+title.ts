import type { PageContext } from 'vike/types'
import { translator } from '../../../lib/i18n/index.ts'
import { brandTitle } from '../../../lib/seo.ts'
import lang from '../../+lang.ts'
import type { Data } from './+data.ts'

export default (pageContext: PageContext<Data>) => brandTitle(pageContext.data.brand, translator(lang(pageContext)))
