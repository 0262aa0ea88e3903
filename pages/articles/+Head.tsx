import { useData } from 'vike-react/useData'
import { useSiteUrl } from '../../components/site-url.ts'
import { SeoHead } from '../../components/SeoHead.tsx'
import type { ArchiveSeo } from '../archive-seo.ts'

export default function Head() {
  const siteUrl = useSiteUrl()
  const { seo } = useData<{ seo: ArchiveSeo }>()
  return <SeoHead url={`${siteUrl}${seo.path}`} title={seo.title} description={seo.description} />
}
