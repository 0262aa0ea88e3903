import type { PageContext } from 'vike/types'
import type { Data } from './+data.shared.ts'

export default (pageContext: PageContext<Data>) => pageContext.data.article.description
