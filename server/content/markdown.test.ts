import { describe, expect, it } from 'vitest'
import { isSafeTreeHref, treeText } from '../../lib/markdown-tree.ts'
import { markdownToTree } from './markdown.ts'

const SITE = 'https://gamewise.example'
const tree = (md: string) => markdownToTree(md, { siteUrl: SITE })

describe('Markdown → allowed-node tree', () => {
  it('paragraphs with emphasis, strong, inline code, soft and hard breaks', () => {
    expect(tree('Hello *there* and **bold** with `x < y`\nnext line  \nafter a break')).toEqual([
      { t: 'p', c: ['Hello ', { t: 'em', c: ['there'] }, ' and ', { t: 'strong', c: ['bold'] }, ' with ', { t: 'code', v: 'x < y' }, '\nnext line', { t: 'br' }, 'after a break'] },
    ])
  })

  it('headings are h2–h4: # and ## are h2 (the page title is the h1), #### and below h4', () => {
    expect(tree('# One\n\n## Two\n\n### Three\n\n#### Four\n\n###### Six').map((b) => b.t)).toEqual(['h2', 'h2', 'h3', 'h4', 'h4'])
  })

  it('tight and loose lists, nested lists and an ordered list that starts elsewhere', () => {
    expect(tree('- a\n- b\n  - c\n\n3. three\n4. four')).toEqual([
      { t: 'ul', items: [[{ t: 'line', c: ['a'] }], [{ t: 'line', c: ['b'] }, { t: 'ul', items: [[{ t: 'line', c: ['c'] }]] }]] },
      { t: 'ol', start: 3, items: [[{ t: 'line', c: ['three'] }], [{ t: 'line', c: ['four'] }]] },
    ])
    expect(tree('1. one\n\n2. two')).toEqual([{ t: 'ol', items: [[{ t: 'p', c: ['one'] }], [{ t: 'p', c: ['two'] }]] }])
  })

  it('code blocks (fenced and indented) keep their text verbatim', () => {
    expect(tree('```html\n<b>hi</b>\n```\n\n    indented <i>')).toEqual([
      { t: 'pre', v: '<b>hi</b>\n' },
      { t: 'pre', v: 'indented <i>\n' },
    ])
  })

  it('blockquotes hold blocks; a thematic break is hr', () => {
    expect(tree('> quoted **text**\n>\n> - item\n\n---')).toEqual([
      { t: 'blockquote', c: [{ t: 'p', c: ['quoted ', { t: 'strong', c: ['text'] }] }, { t: 'ul', items: [[{ t: 'line', c: ['item'] }]] }] },
      { t: 'hr' },
    ])
  })

  it('links: other sites are external, this site and paths are not, mailto is kept', () => {
    expect(tree('[a](https://begambleaware.org) [b](/info/privacy) [c](https://gamewise.example/article/x) [d](mailto:editors@gamewise.example) <https://e.example/x>')).toEqual([
      {
        t: 'p',
        c: [
          { t: 'a', href: 'https://begambleaware.org', ext: true, c: ['a'] },
          ' ',
          { t: 'a', href: '/info/privacy', c: ['b'] },
          ' ',
          { t: 'a', href: 'https://gamewise.example/article/x', c: ['c'] },
          ' ',
          { t: 'a', href: 'mailto:editors@gamewise.example', c: ['d'] },
          ' ',
          { t: 'a', href: 'https://e.example/x', ext: true, c: ['https://e.example/x'] },
        ],
      },
    ])
  })

  it('a link it may not carry becomes its text: relative, fragment, protocol-relative, ftp', () => {
    for (const href of ['page.html', '#top', '//evil.example/x', 'ftp://files.example/x', '?q=1']) {
      expect(tree(`[text](${href})`), href).toEqual([{ t: 'p', c: ['text'] }])
    }
  })

  it('images are not allowed nodes: their alt text stays', () => {
    expect(tree('before ![a *chart*](https://img.example/x.png) after')).toEqual([{ t: 'p', c: ['before a chart after'] }])
  })

  it('raw HTML is text, never markup (html: false)', () => {
    expect(tree('<div onclick="x()">hi</div>\n\nsome <b>inline</b>')).toEqual([
      { t: 'p', c: ['<div onclick="x()">hi</div>'] },
      { t: 'p', c: ['some <b>inline</b>'] },
    ])
  })

  it('entities are decoded into text (React escapes it again on output)', () => {
    expect(tree('&lt;script&gt; &amp; &copy;')).toEqual([{ t: 'p', c: ['<script> & ©'] }])
  })

  it('empty and whitespace-only bodies make an empty tree', () => {
    expect(tree('')).toEqual([])
    expect(tree('  \n\n ')).toEqual([])
  })

  it('deep nesting is bounded by the parser (no stack overflow on 10,000 quote markers)', () => {
    expect(() => tree('>'.repeat(10_000) + ' deep')).not.toThrow()
    expect(() => tree('*'.repeat(20_000) + 'x')).not.toThrow()
  })

  it('treeText reads the text for meta descriptions', () => {
    expect(treeText(tree('## Title\n\nSome **bold** text.\n\n- one\n- two\n\n`code`'))).toBe('Title Some bold text. one two code')
  })
})

describe('isSafeTreeHref (lib/links.ts rules plus mailto:)', () => {
  it.each(['https://a.example', 'http://a.example/x?y=1', '/info/terms', 'mailto:a@b.example', 'MAILTO:a@b.example'])('accepts %s', (h) => expect(isSafeTreeHref(h)).toBe(true))
  it.each(['javascript:alert(1)', 'data:text/html,x', 'vbscript:x', '//evil.example', 'mailto:', 'mailto:nobody', 'mailto:a@b.example\nBcc:x', 'mailto:a@b"onmouseover=x', 'tel:123', ''])('refuses %s', (h) =>
    expect(isSafeTreeHref(h)).toBe(false),
  )
})
