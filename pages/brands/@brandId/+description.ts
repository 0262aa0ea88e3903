import type { PageContext } from 'vike/types'
import { brandDescription } from '../../../lib/seo.ts'
import type { Data } from './+data.ts'

export default (pageContext: PageContext<Data>) => brandDescription(pageContext.data.brand)
