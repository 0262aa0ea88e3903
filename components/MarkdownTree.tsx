import { Fragment, type ReactNode } from 'react'
import { isSafeTreeHref, type MdBlock, type MdInline, type MdTree } from '../lib/markdown-tree.ts'

/**
 * Renders the server-built Markdown tree (lib/markdown-tree.ts) as React elements: text is always a
 * text node, only the listed elements exist, and a link's target is checked again here, so even a
 * tree from elsewhere cannot produce script.
 */
function inline(n: MdInline, key: number): ReactNode {
  if (typeof n === 'string') return n
  switch (n.t) {
    case 'em':
      return <em key={key}>{n.c.map(inline)}</em>
    case 'strong':
      return <strong key={key}>{n.c.map(inline)}</strong>
    case 'code':
      return <code key={key}>{n.v}</code>
    case 'br':
      return <br key={key} />
    case 'a':
      if (!isSafeTreeHref(n.href)) return <Fragment key={key}>{n.c.map(inline)}</Fragment>
      return n.ext ? (
        <a key={key} href={n.href} rel="noopener nofollow" target="_blank">
          {n.c.map(inline)}
        </a>
      ) : (
        <a key={key} href={n.href}>
          {n.c.map(inline)}
        </a>
      )
    default:
      return null
  }
}

/** What stands for a block the tree only numbers (an article's comparison table: issue 22). */
type Blocks = { compare?: (i: number) => ReactNode }

function block(b: MdBlock, key: number, more: Blocks = {}): ReactNode {
  const children = (bs: MdBlock[]) => bs.map((x, i) => block(x, i, more))
  switch (b.t) {
    case 'p':
      return <p key={key}>{b.c.map(inline)}</p>
    case 'line':
      return <Fragment key={key}>{b.c.map(inline)}</Fragment>
    case 'h2':
      return <h2 key={key}>{b.c.map(inline)}</h2>
    case 'h3':
      return <h3 key={key}>{b.c.map(inline)}</h3>
    case 'h4':
      return <h4 key={key}>{b.c.map(inline)}</h4>
    case 'ul':
      return <ul key={key}>{b.items.map((item, i) => <li key={i}>{children(item)}</li>)}</ul>
    case 'ol':
      return (
        <ol key={key} start={typeof b.start === 'number' ? b.start : undefined}>
          {b.items.map((item, i) => <li key={i}>{children(item)}</li>)}
        </ol>
      )
    case 'pre':
      return (
        <pre key={key}>
          <code>{b.v}</code>
        </pre>
      )
    case 'blockquote':
      return <blockquote key={key}>{children(b.c)}</blockquote>
    case 'hr':
      return <hr key={key} />
    case 'compare':
      return <Fragment key={key}>{more.compare?.(b.i) ?? null}</Fragment>
    default:
      return null
  }
}

export function MarkdownTree({ tree, compare }: { tree: MdTree } & Blocks) {
  return <div className="prose">{tree.map((b, i) => block(b, i, { compare }))}</div>
}
