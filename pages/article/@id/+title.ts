import type { PageContext } from 'vike/types'
import { pageTitle } from '../../../lib/seo.ts'
import type { Data } from './+data.ts'

export default (pageContext: PageContext<Data>) => pageTitle(pageContext.data.article.title)
