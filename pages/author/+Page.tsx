import { useData } from 'vike-react/useData'
import { AuthorView } from '../../components/AuthorView.tsx'
import type { Data } from './+data.ts'

export default function Page() {
  const { author, posts, page, pages, total, base } = useData<Data>()
  return <AuthorView author={author} articles={posts} base={base} page={page} pages={pages} total={total} />
}
