import type { MdTree } from '../../lib/markdown-tree.ts'
import { MarkdownTree } from '../MarkdownTree.tsx'
import { useContentLang } from '../use-t.ts'

/**
 * A brand page's text section. Its text is the editor's Markdown subset, parsed on the server into `tree`
 * (the brand page's +data; no parser reaches the browser); without one its blank lines still part
 * paragraphs, as text.
 */
export function TextSection({ title, content, tree }: { title?: string; content: string; tree?: MdTree | null }) {
  return (
    <section className="card brand-section" lang={useContentLang()}>
      {title && <h2>{title}</h2>}
      {tree ? (
        <MarkdownTree tree={tree} />
      ) : (
        content
          .split(/\n\s*\n/)
          .filter((p) => p.trim())
          .map((p, i) => <p key={i}>{p.trim()}</p>)
      )}
    </section>
  )
}
