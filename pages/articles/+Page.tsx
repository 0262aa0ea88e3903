import { useData } from 'vike-react/useData'
import { ArchiveView } from '../../components/ArchiveView.tsx'
import type { Data } from './+data.ts'

export default function Page() {
  const { posts, page, pages, total } = useData<Data>()
  return <ArchiveView title="All articles" articles={posts} base="/articles" page={page} pages={pages} total={total} />
}
