import type { PageContext } from 'vike/types'
import { postDescription } from '../../../lib/seo.ts'
import type { Data } from './+data.shared.ts'

export default (pageContext: PageContext<Data>) => postDescription(pageContext.data.article)
