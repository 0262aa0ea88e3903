import type { PageContext } from 'vike/types'
import { pageTitle } from '../../../lib/seo.ts'
import type { Data } from './+data.ts'

export default ({ data }: PageContext<Data>) => pageTitle(data.page.seoTitle || data.page.title)
