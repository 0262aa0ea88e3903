import MarkdownIt, { type Token } from 'markdown-it'
import { isSafeTreeHref, type MdBlock, type MdInline, type MdTree } from '../../lib/markdown-tree.ts'

/**
 * Markdown → the allowed-node tree of lib/markdown-tree.ts, on the server only (the parser never
 * reaches the browser). markdown-it's CommonMark preset with `html: false` makes raw HTML plain text;
 * its tokens are then read through an allow-list: anything not listed becomes its text, and a link
 * whose target is not http(s), mailto: or a same-site path becomes its text too.
 */
const parser = new MarkdownIt('commonmark', { html: false, linkify: false, typographer: false })

export type MarkdownOptions = {
  /** the site's origin (SITE_URL): absolute links to it are not marked external */
  siteUrl?: string
  /**
   * 'h3' or 'h4': every heading is of that level (text inside an article section, whose own heading is an
   * h2, or inside a subsection, under an h3)
   */
  headings?: 'h2-h4' | 'h3' | 'h4'
}

/** An open em, strong or link; `node: null` keeps only the text of what it holds (a refused link, an unknown node). */
type InlineFrame = { node: Extract<MdInline, { c: MdInline[] }> | null; c: MdInline[]; link: boolean }

function pushText(into: MdInline[], text: string) {
  if (!text) return
  const last = into.length - 1
  if (typeof into[last] === 'string') into[last] = (into[last] as string) + text
  else into.push(text)
}

function originOf(url: string | undefined): string | null {
  try {
    return url ? new URL(url).origin : null
  } catch {
    return null
  }
}

function inlineNodes(tokens: readonly Token[], siteOrigin: string | null): MdInline[] {
  const root: InlineFrame = { node: null, c: [], link: false }
  const stack: InlineFrame[] = [root]
  const top = () => stack[stack.length - 1]!
  const open = (node: InlineFrame['node'], link: boolean) => {
    const frame: InlineFrame = { node, c: node ? node.c : top().c, link: link || top().link }
    stack.push(frame)
  }
  const close = () => {
    if (stack.length === 1) return // an unbalanced close: ignore it
    const frame = stack.pop()!
    if (frame.node) top().c.push(frame.node as MdInline)
  }

  for (const tok of tokens) {
    switch (tok.type) {
      case 'text':
      case 'text_special':
      case 'html_inline': // never produced with html: false; as text if it ever is
        pushText(top().c, tok.content)
        break
      case 'softbreak':
        pushText(top().c, '\n')
        break
      case 'hardbreak':
        top().c.push({ t: 'br' })
        break
      case 'code_inline':
        top().c.push({ t: 'code', v: tok.content })
        break
      case 'image': // not an allowed node: its alt text stays (the text of its parsed children)
        pushText(top().c, (tok.children ?? []).map((ch) => (ch.type === 'softbreak' || ch.type === 'hardbreak' ? ' ' : ch.content)).join(''))
        break
      case 'em_open':
        open({ t: 'em', c: [] }, false)
        break
      case 'strong_open':
        open({ t: 'strong', c: [] }, false)
        break
      case 'link_open': {
        const href = String(tok.attrGet('href') ?? '')
        // a link inside a link, or one to anywhere unsafe, keeps only its text (a frame that adds no node)
        if (top().link || !isSafeTreeHref(href)) {
          open(null, true)
          break
        }
        const external = /^https?:/i.test(href) && originOf(href) !== siteOrigin
        open({ t: 'a', href, ...(external ? { ext: true as const } : {}), c: [] }, true)
        break
      }
      case 'em_close':
      case 'strong_close':
      case 'link_close':
        close()
        break
      default:
        // another preset's or a future version's node (strikethrough, tables…): its text only
        if (tok.nesting === 0) pushText(top().c, tok.content)
        else if (tok.nesting === 1) open(null, top().link)
        else close()
    }
  }
  while (stack.length > 1) close()
  return root.c
}

type BlockFrame = { kind: 'root' | 'blockquote' | 'li'; c: MdBlock[] } | { kind: 'ul' | 'ol'; items: MdBlock[][]; start?: number } | { kind: 'skip'; c: MdBlock[] }

/** Markdown → allowed-node tree. Headings are h2–h4 (`#` becomes h2: the page's title is its only h1; `####` and below h4). */
export function markdownToTree(markdown: string, opts: MarkdownOptions = {}): MdTree {
  const siteOrigin = originOf(opts.siteUrl)
  const tokens = parser.parse(markdown, {})
  const root: BlockFrame = { kind: 'root', c: [] }
  const stack: BlockFrame[] = [root]
  const blocksOf = (f: BlockFrame): MdBlock[] => ('c' in f ? f.c : (f.items[f.items.length - 1] ??= []))
  const add = (b: MdBlock) => blocksOf(stack[stack.length - 1]!).push(b)
  const inlineAt = (i: number) => (tokens[i]?.type === 'inline' ? inlineNodes(tokens[i]!.children ?? [], siteOrigin) : [])

  for (let i = 0; i < tokens.length; i++) {
    const tok = tokens[i]!
    switch (tok.type) {
      case 'paragraph_open': {
        const c = inlineAt(i + 1)
        if (c.length) add({ t: tok.hidden ? 'line' : 'p', c })
        i += 2 // inline, paragraph_close
        break
      }
      case 'heading_open': {
        const level = opts.headings === 'h4' ? 4 : opts.headings === 'h3' ? 3 : Math.min(4, Math.max(2, Number(tok.tag.slice(1))))
        const c = inlineAt(i + 1)
        if (c.length) add({ t: `h${level}` as 'h2' | 'h3' | 'h4', c })
        i += 2
        break
      }
      case 'blockquote_open':
        stack.push({ kind: 'blockquote', c: [] })
        break
      case 'bullet_list_open':
        stack.push({ kind: 'ul', items: [] })
        break
      case 'ordered_list_open': {
        const start = Number(tok.attrGet('start') ?? 1)
        stack.push({ kind: 'ol', items: [], ...(Number.isSafeInteger(start) && start !== 1 && start >= 0 ? { start } : {}) })
        break
      }
      case 'list_item_open': {
        const list = stack[stack.length - 1]!
        const item: MdBlock[] = []
        if (list.kind === 'ul' || list.kind === 'ol') list.items.push(item)
        stack.push({ kind: 'li', c: item })
        break
      }
      case 'blockquote_close':
      case 'bullet_list_close':
      case 'ordered_list_close':
      case 'list_item_close': {
        if (stack.length === 1) break
        const frame = stack.pop()!
        if (frame.kind === 'blockquote') add({ t: 'blockquote', c: frame.c })
        else if (frame.kind === 'ul') add({ t: 'ul', items: frame.items })
        else if (frame.kind === 'ol') add({ t: 'ol', items: frame.items, ...(frame.start !== undefined ? { start: frame.start } : {}) })
        else if (frame.kind === 'skip') for (const b of frame.c) add(b)
        break
      }
      case 'code_block':
      case 'fence':
        add({ t: 'pre', v: tok.content })
        break
      case 'hr':
        add({ t: 'hr' })
        break
      case 'inline': {
        // inline content outside a paragraph or heading (another block type): a paragraph of its text
        const c = inlineNodes(tok.children ?? [], siteOrigin)
        if (c.length) add({ t: 'p', c })
        break
      }
      default:
        // html_block (never with html: false), or a block this preset does not make: its text only
        if (tok.nesting === 0 && tok.content.trim()) add({ t: 'p', c: [tok.content] })
        else if (tok.nesting === 1) stack.push({ kind: 'skip', c: [] })
        else if (tok.nesting === -1 && stack.length > 1) {
          const frame = stack.pop()!
          if ('c' in frame) for (const b of frame.c) add(b)
        }
    }
  }
  return root.c
}
