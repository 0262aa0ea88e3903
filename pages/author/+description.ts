import type { PageContext } from 'vike/types'
import type { ArchiveSeo } from '../archive-seo.ts'

export default (pageContext: PageContext<{ seo: ArchiveSeo }>) => pageContext.data.seo.description
