import { isSafeHref } from './links.ts'

/**
 * The only shape Markdown reaches a page in: a small JSON tree of allowed nodes, built on the server
 * (server/content/markdown.ts) and rendered as React elements (components/MarkdownTree.tsx). No HTML string
 * exists anywhere on the way, so nothing an editor types can become markup or script.
 */

export type MdInline =
  | string
  | { t: 'em' | 'strong'; c: MdInline[] }
  | { t: 'code'; v: string }
  /** `ext`: another site's http(s) link (rel="noopener nofollow", new tab) */
  | { t: 'a'; href: string; ext?: true; c: MdInline[] }
  | { t: 'br' }

export type MdBlock =
  | { t: 'p'; c: MdInline[] }
  /** a tight list item's text: inline content without a paragraph around it */
  | { t: 'line'; c: MdInline[] }
  | { t: 'h2' | 'h3' | 'h4'; c: MdInline[] }
  | { t: 'ul'; items: MdBlock[][] }
  | { t: 'ol'; start?: number; items: MdBlock[][] }
  | { t: 'pre'; v: string }
  | { t: 'blockquote'; c: MdBlock[] }
  | { t: 'hr' }
  /** an article's comparison table (issue 22: lib/comparison.ts): the page's i-th, resolved beside the tree */
  | { t: 'compare'; i: number }

export type MdTree = MdBlock[]

// C0 controls, DEL and backslashes, as lib/links.ts refuses them
const UNSAFE_MAILTO = /[\u0000-\u001f\u007f\\\s<>"']/

/** Links a page may carry: lib/links.ts's http(s) and same-site paths, plus `mailto:` addresses. */
export function isSafeTreeHref(href: string): boolean {
  if (/^mailto:/i.test(href)) return !UNSAFE_MAILTO.test(href) && /^mailto:[^@]+@[^@]+$/i.test(href)
  return isSafeHref(href)
}

/** The tree's text, for meta descriptions and search. */
export function treeText(tree: readonly MdBlock[]): string {
  const inline = (n: MdInline): string => (typeof n === 'string' ? n : n.t === 'code' ? n.v : n.t === 'br' ? ' ' : n.c.map(inline).join(''))
  const block = (b: MdBlock): string => {
    switch (b.t) {
      case 'pre':
        return b.v
      case 'hr':
      case 'compare':
        return ''
      case 'ul':
      case 'ol':
        return b.items.map((item) => item.map(block).join(' ')).join(' ')
      case 'blockquote':
        return b.c.map(block).join(' ')
      default:
        return b.c.map(inline).join('')
    }
  }
  return tree.map(block).join(' ').replace(/\s+/g, ' ').trim()
}

/** The tree with every link's href passed through `map`: a new href, or null to keep the link's text without the link. */
export function mapLinks(tree: MdTree, map: (href: string, ext: boolean) => string | null): MdTree {
  const inline = (n: MdInline): MdInline[] => {
    if (typeof n === 'string' || n.t === 'code' || n.t === 'br') return [n]
    if (n.t === 'a') {
      const href = map(n.href, n.ext === true)
      const c = n.c.flatMap(inline)
      return href === null ? c : [{ ...n, href, c }]
    }
    return [{ ...n, c: n.c.flatMap(inline) }]
  }
  const block = (b: MdBlock): MdBlock => {
    switch (b.t) {
      case 'pre':
      case 'hr':
      case 'compare':
        return b
      case 'ul':
      case 'ol':
        return { ...b, items: b.items.map((item) => item.map(block)) }
      case 'blockquote':
        return { ...b, c: b.c.map(block) }
      default:
        return { ...b, c: b.c.flatMap(inline) }
    }
  }
  return tree.map(block)
}

/** Every link's href in a tree (in order, repeats included). */
export function linksIn(tree: MdTree): string[] {
  const out: string[] = []
  mapLinks(tree, (href) => (out.push(href), href))
  return out
}
