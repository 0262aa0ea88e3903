import { useData } from 'vike-react/useData'
import { HelpDirectory } from '../../../components/GamblingHelp.tsx'
import { MarkdownTree } from '../../../components/MarkdownTree.tsx'
import type { Data } from './+data.ts'

export default function Page() {
  const { page, help } = useData<Data>()
  return (
    <article className="article info-page">
      <h1>{page.title}</h1>
      <p className="muted small">
        Last updated <time dateTime={page.updatedAt}>{page.updatedAt.slice(0, 10)}</time>
      </p>
      <MarkdownTree tree={page.tree} />
      {help && <HelpDirectory sets={help} />}
    </article>
  )
}
