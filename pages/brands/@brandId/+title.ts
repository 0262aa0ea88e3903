import type { PageContext } from 'vike/types'
import { brandTitle } from '../../../lib/seo.ts'
import type { Data } from './+data.ts'

export default (pageContext: PageContext<Data>) => brandTitle(pageContext.data.brand)
