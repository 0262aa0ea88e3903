import type { PageContext } from 'vike/types'
import { translator } from '../../lib/i18n/index.ts'
import { pageTitle } from '../../lib/seo.ts'
import lang from '../+lang.ts'
import type { Data } from './+data.ts'

export default (pageContext: PageContext<Data>) => {
  const t = translator(lang(pageContext))
  return pageTitle(pageContext.data?.q ? t('searchPage.titleFor', { q: pageContext.data.q }) : t('searchPage.title'))
}
