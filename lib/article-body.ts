import type { MdTree } from './markdown-tree.ts'
import type { Post } from './schemas.ts'

/** An article body as a page shows it (server/content/article-body.ts renders it from the editor's Markdown). */
export type RenderedSubsection = { subheading: string; tree: MdTree }
export type RenderedSection = { headline: string; tree: MdTree; keywords: string[]; subsections: RenderedSubsection[] }
/** The article as its page gets it: the body goes rendered beside it, not as the editor's text. */
export type ArticleData = Omit<Post, 'content'> & { content: Pick<Post['content'], 'summary'> }
