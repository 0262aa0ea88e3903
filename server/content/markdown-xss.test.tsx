// @vitest-environment happy-dom
import fc from 'fast-check'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { MarkdownTree } from '../../components/MarkdownTree.tsx'
import { isSafeTreeHref, type MdTree } from '../../lib/markdown-tree.ts'
import { markdownToTree } from './markdown.ts'

/**
 * An XSS corpus through the whole path a page takes (Markdown → tree on the server → React
 * elements): the output may hold only the allowed elements and attributes, and every link target
 * must be http(s), mailto: or a same-site path. Anything else an editor types is text.
 */
const CORPUS: [string, string][] = [
  ['script tag', '<script>window.__xss = 1</script>'],
  ['script tag, mixed case', '<ScRiPt>alert(1)</sCrIpT>'],
  ['script inside a paragraph', 'Hello <script src="https://evil.example/x.js"></script> there'],
  ['javascript: link', '[click](javascript:alert(1))'],
  ['javascript: link, mixed case', '[click](JaVaScRiPt:alert(1))'],
  ['javascript: with a decimal entity', '[click](&#106;avascript:alert(1))'],
  ['javascript: with a hex entity and no semicolon', '[click](&#x6A;avascript&#x3A;alert(1))'],
  ['javascript: with a named entity colon', '[click](javascript&colon;alert(1))'],
  ['javascript: with a tab inside', '[click](java\tscript:alert(1))'],
  ['javascript: with a newline entity inside', '[click](java&#10;script:alert(1))'],
  ['javascript: with leading spaces in angle brackets', '[click](<  javascript:alert(1)>)'],
  ['javascript: percent-encoded', '[click](javascript%3Aalert(1))'],
  ['data: link', '[click](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)'],
  ['data:image link (markdown-it allows it)', '[click](data:image/png;base64,iVBORw0KGgo=)'],
  ['data: with case tricks', '[click](DaTa:text/html,<script>alert(1)</script>)'],
  ['vbscript: link', '[click](vbscript:msgbox(1))'],
  ['vbscript: mixed case with entity', '[click](&#86;BScript:msgbox(1))'],
  ['file: link', '[click](file:///etc/passwd)'],
  ['reference link to javascript:', '[click][x]\n\n[x]: javascript:alert(1)'],
  ['autolink to javascript:', '<javascript:alert(1)>'],
  ['autolink to data:', '<data:text/html,<script>alert(1)</script>>'],
  ['autolink, email', '<a@b.example>'],
  ['autolink, http', '<https://ok.example/path?q=<script>>'],
  ['event handler attribute', '<a href="https://ok.example" onclick="alert(1)">x</a>'],
  ['event handler on a div block', '<div onmouseover="alert(1)">hover</div>'],
  ['raw HTML block', '<details open ontoggle=alert(1)>\n\n**still markdown**\n\n</details>'],
  ['image with onerror', '<img src=x onerror=alert(1)>'],
  ['markdown image with a javascript: src', '![x](javascript:alert(1))'],
  ['markdown image with onerror in the title', '![x](/x.png "title\\" onerror=\\"alert(1)")'],
  ['SVG with onload', '<svg onload=alert(1)><circle r=1 /></svg>'],
  ['SVG script', '<svg><script>alert(1)</script></svg>'],
  ['MathML', '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>'],
  ['iframe', '<iframe src="javascript:alert(1)"></iframe>'],
  ['iframe srcdoc', '<iframe srcdoc="<script>alert(1)</script>"></iframe>'],
  ['object and embed', '<object data="javascript:alert(1)"></object><embed src="javascript:alert(1)">'],
  ['style tag', '<style>body{background:url(javascript:alert(1))}</style>'],
  ['form with a javascript: action', '<form action="javascript:alert(1)"><button>go</button></form>'],
  ['meta refresh', '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">'],
  ['base tag', '<base href="javascript:alert(1)//">'],
  ['nested links', '[outer [inner](https://a.example)](https://b.example)'],
  ['a link inside a link via autolink', '[x <https://a.example>](https://b.example)'],
  ['link title with quotes', '[x](https://ok.example "a\\" onmouseover=\\"alert(1)")'],
  ['link title with single quotes', "[x](https://ok.example 'a' onmouseover='alert(1)')"],
  ['link with quote in the URL', '[x](https://ok.example/"onmouseover="alert(1))'],
  ['HTML comment', '<!-- <script>alert(1)</script> -->'],
  ['CDATA', '<![CDATA[<script>alert(1)</script>]]>'],
  ['protocol-relative link', '[x](//evil.example)'],
  ['backslash link', '[x](/\\evil.example)'],
  ['code span with a tag', '`<script>alert(1)</script>`'],
  ['fenced code with a tag', '```html\n<img src=x onerror=alert(1)>\n```'],
  ['entity-encoded tag', '&lt;script&gt;alert(1)&lt;/script&gt;'],
  ['null byte and controls', '[x](https://ok.example/\u0000)\u0000<scr\u0000ipt>'],
  ['heading with a tag', '# <img src=x onerror=alert(1)>'],
  ['blockquote with HTML', '> <iframe src=x></iframe>'],
  ['list item with a javascript: link', '- [x](javascript:alert(1))\n- <script>alert(1)</script>'],
]

const ALLOWED: Record<string, readonly string[]> = {
  DIV: ['class'],
  P: [],
  H2: [],
  H3: [],
  H4: [],
  UL: [],
  OL: ['start'],
  LI: [],
  EM: [],
  STRONG: [],
  CODE: [],
  PRE: [],
  BLOCKQUOTE: [],
  HR: [],
  BR: [],
  A: ['href', 'rel', 'target'],
}
const DANGEROUS_MARKUP = /<\s*(script|iframe|svg|math|img|object|embed|style|form|input|button|base|meta|link|details|frame|frameset|template|video|audio|source)\b/i

const render = (tree: MdTree) => renderToStaticMarkup(<MarkdownTree tree={tree} />)

/** Every problem with the rendered output (none: []). */
function problems(markup: string): string[] {
  const found: string[] = []
  if (DANGEROUS_MARKUP.test(markup)) found.push(`markup holds ${markup.match(DANGEROUS_MARKUP)![0]}`)
  const template = document.createElement('template')
  template.innerHTML = markup
  for (const el of template.content.querySelectorAll('*')) {
    const allowed = ALLOWED[el.tagName]
    if (!allowed) {
      found.push(`element <${el.tagName.toLowerCase()}>`)
      continue
    }
    for (const attr of el.getAttributeNames()) {
      if (!allowed.includes(attr)) found.push(`attribute ${attr} on <${el.tagName.toLowerCase()}>`)
    }
    if (el.tagName === 'A') {
      const href = el.getAttribute('href') ?? ''
      if (!isSafeTreeHref(href) || !/^(https?:\/\/|mailto:|\/(?![/\\]))/i.test(href)) found.push(`href ${JSON.stringify(href)}`)
      if (/^https?:/i.test(href) && el.getAttribute('rel') !== 'noopener nofollow') found.push(`external link without rel="noopener nofollow": ${href}`)
      if (el.querySelector('a')) found.push('a link inside a link')
    }
  }
  return found
}

describe('Markdown XSS corpus: no script-capable output', () => {
  it.each(CORPUS)('%s', (_name, source) => {
    const markup = render(markdownToTree(source, { siteUrl: 'https://gamewise.example' }))
    expect(problems(markup), markup).toEqual([])
  })

  it('the checker itself sees script-capable markup (so a pass means something)', () => {
    expect(problems('<div class="prose"><script>x</script></div>')).not.toEqual([])
    expect(problems('<p onclick="x()">a</p>')).toEqual(['attribute onclick on <p>'])
    expect(problems('<a href="javascript:alert(1)">a</a>')).not.toEqual([])
    expect(problems('<a href="https://a.example">a</a>')).toEqual(['external link without rel="noopener nofollow": https://a.example'])
    expect(problems('<p><img src=x></p>')).not.toEqual([])
  })

  it('the corpus is shown as text: the script tag is still there for the reader, escaped', () => {
    const markup = render(markdownToTree('<script>window.__xss = 1</script>'))
    expect(markup).toBe('<div class="prose"><p>&lt;script&gt;window.__xss = 1&lt;/script&gt;</p></div>')
  })

  it('a safe link survives: external links get rel="noopener nofollow" and a new tab', () => {
    expect(render(markdownToTree('[GamCare](https://www.gamcare.org.uk)'))).toBe(
      '<div class="prose"><p><a href="https://www.gamcare.org.uk" rel="noopener nofollow" target="_blank">GamCare</a></p></div>',
    )
  })

  it('the renderer re-checks links: a hand-made tree with a javascript: href renders text', () => {
    const forged: MdTree = [{ t: 'p', c: [{ t: 'a', href: 'javascript:alert(1)', c: ['x'] }, { t: 'a', href: ' javascript:alert(1)', ext: true, c: ['y'] }] }]
    expect(render(forged)).toBe('<div class="prose"><p>xy</p></div>')
  })

  it('the renderer ignores node types it does not know', () => {
    const forged = [{ t: 'script', c: ['alert(1)'] }, { t: 'p', c: [{ t: 'img', src: 'x' }, 'ok'] }] as unknown as MdTree
    expect(render(forged)).toBe('<div class="prose"><p>ok</p></div>')
  })

  it('property: any mix of corpus fragments, Markdown syntax and junk renders nothing script-capable', () => {
    const syntax = fc.constantFrom('[', ']', '(', ')', '<', '>', '"', "'", '`', '*', '_', '!', '#', '\n', '\n\n', '> ', '- ', '1. ', '&', ';', ':', '\\', ' ', 'javascript:', 'data:', '&#106;', '&colon;', 'https://a.example', 'on', '=')
    const fragment = fc.oneof(fc.constantFrom(...CORPUS.map(([, s]) => s)), syntax, fc.string({ maxLength: 8 }))
    fc.assert(
      fc.property(fc.array(fragment, { maxLength: 24 }), (parts) => {
        const markup = render(markdownToTree(parts.join(''), { siteUrl: 'https://gamewise.example' }))
        expect(problems(markup), markup).toEqual([])
      }),
      { numRuns: 400, seed: 1111 },
    )
  })
})
