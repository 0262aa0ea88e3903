import { useData } from 'vike-react/useData'
import { ArchiveView } from '../../components/ArchiveView.tsx'
import type { Data } from './+data.ts'

export default function Page() {
  const { posts, page, pages, total, tag, base } = useData<Data>()
  return <ArchiveView title={tag.name} articles={posts} base={base} page={page} pages={pages} total={total} />
}
