import { useEffect } from 'react'
import { useData } from 'vike-react/useData'
import { ArticleView } from '../../../components/ArticleView.tsx'
import { PreviewBanner } from '../../../components/PreviewBanner.tsx'
import { RelatedArticles } from '../../../components/RelatedArticles.tsx'
import { useSiteUrl } from '../../../components/site-url.ts'
import type { Data } from './+data.shared.ts'

export default function Page() {
  const { article, related, preview } = useData<Data>()
  const siteUrl = useSiteUrl()
  // spec §2: scrolls to top on opening (a block body: an effect must return nothing or a cleanup)
  useEffect(() => {
    window.scrollTo(0, 0)
  }, [article._id])
  return (
    <>
      {preview && <PreviewBanner item={article} />}
      <button type="button" className="btn back" onClick={() => window.history.back()}>
        ← Back
      </button>
      <ArticleView article={article} origin={siteUrl} />
      <RelatedArticles articleId={article._id} related={related} />
    </>
  )
}
