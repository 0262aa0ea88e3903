import { useEffect } from 'react'
import { useData } from 'vike-react/useData'
import { ArticleOffers } from '../../../components/ArticleOffers.tsx'
import { ArticleView } from '../../../components/ArticleView.tsx'
import { PreviewBanner } from '../../../components/PreviewBanner.tsx'
import { RelatedArticles } from '../../../components/RelatedArticles.tsx'
import { TranslationLinks } from '../../../components/TranslationLinks.tsx'
import type { Data } from './+data.ts'
import { useT } from '../../../components/use-t.ts'

export default function Page() {
  const { article, body, related, offers, comparisons, byline, preview, translations } = useData<Data>()
  // spec §2: scrolls to top on opening (a block body: an effect must return nothing or a cleanup)
  const t = useT()
  useEffect(() => {
    window.scrollTo(0, 0)
  }, [article._id])
  return (
    <>
      {preview && <PreviewBanner item={article} />}
      <button type="button" className="btn back" onClick={() => window.history.back()}>
        {t('article.back')}
      </button>
      <TranslationLinks translations={translations ?? []} />
      <ArticleView article={article} body={body} comparisons={comparisons} byline={byline} />
      <ArticleOffers {...offers} />
      <RelatedArticles articleId={article._id} related={related} />
    </>
  )
}
