import type { PageContext } from 'vike/types'
import { pageTitle } from '../../lib/seo.ts'
import type { ArchiveSeo } from '../archive-seo.ts'

export default (pageContext: PageContext<{ seo: ArchiveSeo }>) => pageTitle(pageContext.data.seo.title)
