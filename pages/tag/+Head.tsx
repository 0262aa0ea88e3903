import { useData } from 'vike-react/useData'
import { useSiteUrl } from '../../components/site-url.ts'
import { SeoHead } from '../../components/SeoHead.tsx'
import { TagFeedLink } from '../../components/FeedLinks.tsx'
import type { Data } from './+data.ts'

export default function Head() {
  const siteUrl = useSiteUrl()
  const { seo, tag } = useData<Data>()
  return (
    <>
      <SeoHead url={`${siteUrl}${seo.path}`} title={seo.title} description={seo.description} />
      <TagFeedLink tag={tag} />
    </>
  )
}
