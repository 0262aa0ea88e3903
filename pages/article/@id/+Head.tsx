import { useData } from 'vike-react/useData'
import { useSiteUrl } from '../../../components/site-url.ts'
import { SeoHead } from '../../../components/SeoHead.tsx'
import type { Data } from './+data.shared.ts'

export default function Head() {
  const siteUrl = useSiteUrl()
  const { article } = useData<Data>()
  return (
    <SeoHead
      url={`${siteUrl}/article/${encodeURIComponent(article._id)}`}
      title={article.title}
      description={article.description}
      image={article.image || undefined}
      type="article"
    />
  )
}
