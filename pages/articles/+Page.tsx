import { useData } from 'vike-react/useData'
import { ArchiveView } from '../../components/ArchiveView.tsx'
import type { Data } from './+data.ts'
import { useT } from '../../components/use-t.ts'

export default function Page() {
  const { posts, page, pages, total } = useData<Data>()
  return <ArchiveView title={useT()('archive.allArticles')} articles={posts} base="/articles" page={page} pages={pages} total={total} />
}
