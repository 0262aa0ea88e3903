import { useEffect } from 'react'
import { useData } from 'vike-react/useData'
import { usePageContext } from 'vike-react/usePageContext'
import { ArticleView } from '../../../components/ArticleView.tsx'
import type { Data } from './+data.shared.ts'

export default function Page() {
  const { article } = useData<Data>()
  const { siteUrl } = usePageContext()
  useEffect(() => window.scrollTo(0, 0), [article._id]) // spec §2: scrolls to top on opening
  return (
    <>
      <button type="button" className="btn back" onClick={() => window.history.back()}>
        ← Back
      </button>
      <ArticleView article={article} origin={siteUrl} />
    </>
  )
}
