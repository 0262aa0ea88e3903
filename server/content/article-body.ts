import { classifyLink } from '../../lib/article-links.ts'
import type { RenderedSection } from '../../lib/article-body.ts'
import { articlePath } from '../../lib/links.ts'
import { isSafeTreeHref, type MdBlock, type MdInline, type MdTree } from '../../lib/markdown-tree.ts'
import type { BodySection } from '../../lib/schemas.ts'
import { markdownToTree } from './markdown.ts'
import { type CompareSpec, parseCompareDirective } from '../../lib/comparison.ts'

/**
 * An article's body as a page shows it (issue 25): each section's and subsection's text is the safe
 * Markdown subset of the info pages (paragraphs, bold, italics, links, lists; decision 008), parsed here
 * on the server into the allowed-node tree. Then the spec's keyword-to-link substitution (§2: each
 * hyperlink's text, where it appears, becomes a link) runs over the tree's text, never inside a link the
 * editor wrote. Plain text from before renders as it did, with its blank lines now kept as paragraphs.
 */

type Link = { text: string; href: string; ext: boolean }

/** The hyperlinks a section's text can carry: with text and a safe URL; in-site ones lead to their article (spec §2). */
function usableLinks(links: BodySection['hyperlinks'], siteUrl: string): Link[] {
  return links
    .filter((l) => l.text.trim() && l.url.trim() && isSafeTreeHref(l.url.trim()))
    .map((l) => {
      const kind = classifyLink(l.url.trim(), siteUrl)
      return kind.internal ? { text: l.text.trim(), href: articlePath(kind.articleId), ext: false } : { text: l.text.trim(), href: l.url.trim(), ext: true }
    })
    .sort((a, b) => b.text.length - a.text.length) // longer phrases win over shorter ones inside them
}

/** Links each hyperlink's text once in `tree`, outside the editor's own links; answers the texts it linked. */
function linkTree(tree: MdTree, links: Link[], used: Set<string>): MdTree {
  if (!links.length) return tree
  const pattern = new RegExp(`(${links.map((l) => l.text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})`, 'gi')
  const byText = new Map(links.map((l) => [l.text.toLowerCase(), l]))
  const inline = (nodes: MdInline[]): MdInline[] =>
    nodes.flatMap((n): MdInline[] => {
      if (typeof n !== 'string') {
        if (n.t === 'em' || n.t === 'strong') return [{ ...n, c: inline(n.c) }]
        return [n] // a link the editor wrote, code, a break: as they are
      }
      const out: MdInline[] = []
      let last = 0
      for (const m of n.matchAll(pattern)) {
        const key = m[0].toLowerCase()
        if (used.has(key)) continue // each phrase once; repeats stay text
        const link = byText.get(key)!
        used.add(key)
        if (m.index > last) out.push(n.slice(last, m.index))
        out.push({ t: 'a', href: link.href, ...(link.ext ? { ext: true as const } : {}), c: [m[0]] })
        last = m.index + m[0].length
      }
      if (last < n.length) out.push(n.slice(last))
      return out
    })
  const block = (b: MdBlock): MdBlock => {
    switch (b.t) {
      case 'ul':
      case 'ol':
        return { ...b, items: b.items.map((item) => item.map(block)) }
      case 'blockquote':
        return { ...b, c: b.c.map(block) }
      case 'pre':
      case 'hr':
      case 'compare':
        return b
      default:
        return { ...b, c: inline(b.c) }
    }
  }
  return tree.map(block)
}

/**
 * Section text → tree: headings inside a section sit one level below its own headline (an h2, so h3),
 * and inside a subsection below its subheading (an h3, so h4). A comparison table's directive
 * (a `{{compare …}}` line: lib/comparison.ts) becomes a block of its own, numbered in the order of
 * `specs`, which collects the page's tables; one that does not parse is left out (saving refuses it).
 */
export function sectionTextTree(text: string, siteUrl: string, level: 'h3' | 'h4' = 'h3', specs: CompareSpec[] = []): MdTree {
  const md = (t: string) => markdownToTree(t, { siteUrl, headings: level })
  if (!text.includes('{{')) return md(text)
  const out: MdTree = []
  let chunk: string[] = []
  const flush = () => {
    if (chunk.some((l) => l.trim())) out.push(...md(chunk.join('\n')))
    chunk = []
  }
  for (const line of text.split('\n')) {
    const directive = parseCompareDirective(line)
    if (!directive) {
      chunk.push(line)
      continue
    }
    flush()
    if ('spec' in directive) out.push({ t: 'compare', i: specs.push(directive.spec) - 1 })
  }
  flush()
  return out
}

/** One section's text with its hyperlinks applied, and the hyperlinks whose text occurs nowhere in it (by index). */
export function renderSectionText(text: string, hyperlinks: BodySection['hyperlinks'], siteUrl: string, specs: CompareSpec[] = []): { tree: MdTree; unmatched: number[] } {
  const used = new Set<string>()
  const tree = linkTree(sectionTextTree(text, siteUrl, 'h3', specs), usableLinks(hyperlinks, siteUrl), used)
  const unmatched = hyperlinks.flatMap((h, i) => (h.text.trim() && !used.has(h.text.trim().toLowerCase()) ? [i] : []))
  return { tree, unmatched }
}

/** The body as the page shows it; `specs` collects its comparison tables, in the order their blocks number them. */
export function renderBody(body: readonly BodySection[], siteUrl: string, specs: CompareSpec[] = []): RenderedSection[] {
  return body.map((s) => ({
    headline: s.headline,
    tree: renderSectionText(s.content, s.hyperlinks, siteUrl, specs).tree,
    keywords: s.keywords,
    subsections: s.subsections.map((sub) => ({ subheading: sub.subheading, tree: sectionTextTree(sub.content, siteUrl, 'h4', specs) })),
  }))
}
