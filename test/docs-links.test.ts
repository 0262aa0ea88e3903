import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, relative, resolve } from 'node:path'
import MarkdownIt, { type Token } from 'markdown-it'
import { describe, expect, it } from 'vitest'

/**
 * Every relative link in README.md and docs/**\/*.md must land: the file exists, and an `#anchor` (in the same
 * file or `other.md#anchor`) names a heading of the target. Links inside code are not links, and http(s),
 * mailto: and other schemes are left to their owners. Anchors follow GitHub's rules, since that is where the
 * docs are read.
 */
const root = resolve(import.meta.dirname, '..')
const parser = new MarkdownIt('default', { html: false, linkify: false }) // default: GFM tables, as GitHub renders them

function markdownFiles(dir = root): string[] {
  const docs = join(dir, 'docs')
  const inDocs = existsSync(docs)
    ? readdirSync(docs, { recursive: true, encoding: 'utf8' })
        .filter((f) => f.endsWith('.md'))
        .map((f) => join(docs, f))
    : []
  return [join(dir, 'README.md'), ...inDocs].sort()
}

/** GitHub's heading ids (github-slugger): lower-case, drop punctuation but hyphens and underscores, spaces → hyphens, repeats get -1, -2… */
function headingSlugs(markdown: string): Set<string> {
  const slugs = new Set<string>()
  const seen = new Map<string, number>()
  const tokens = parser.parse(markdown, {})
  tokens.forEach((token, i) => {
    if (token.type !== 'heading_open') return
    const text = (tokens[i + 1]?.children ?? [])
      .filter((t) => t.type === 'text' || t.type === 'code_inline')
      .map((t) => t.content)
      .join('')
    const base = text
      .trim()
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
      .replace(/ /g, '-')
    const n = seen.get(base) ?? 0
    seen.set(base, n + 1)
    slugs.add(n ? `${base}-${n}` : base)
  })
  return slugs
}

/** The targets of links and images outside code, with the line they are on. */
function linkTargets(markdown: string): { href: string; line: number }[] {
  const out: { href: string; line: number }[] = []
  let line = 1 // the last block that said where it starts (a table row, a paragraph); inline tokens do not
  const walk = (tokens: Token[]) => {
    for (const t of tokens) {
      if (t.map) line = t.map[0] + 1
      const href = t.type === 'link_open' ? t.attrGet('href') : t.type === 'image' ? t.attrGet('src') : null
      if (href !== null) out.push({ href: String(href), line })
      if (t.children) walk(t.children)
    }
  }
  walk(parser.parse(markdown, {}))
  return out
}

/** What is wrong with each relative link of `file`: an empty list when every one lands. */
function brokenLinks(file: string): string[] {
  const problems: string[] = []
  const slugsOf = new Map<string, Set<string>>()
  const slugs = (path: string) => {
    let s = slugsOf.get(path)
    if (!s) slugsOf.set(path, (s = headingSlugs(readFileSync(path, 'utf8'))))
    return s
  }
  for (const { href, line } of linkTargets(readFileSync(file, 'utf8'))) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('//')) continue // http(s), mailto: and other schemes
    const where = `${relative(root, file)}:${line} → ${href}`
    const [rawPath = '', anchor] = href.split('#', 2)
    const path = decodeURIComponent(rawPath)
    if (path.startsWith('/')) {
      problems.push(`${where}: a site-absolute path does not resolve on GitHub; link relative to the file`)
      continue
    }
    const target = path ? resolve(dirname(file), path) : file
    if (!existsSync(target)) {
      problems.push(`${where}: no such file`)
      continue
    }
    if (anchor === undefined) continue
    if (!target.endsWith('.md') || statSync(target).isDirectory()) {
      problems.push(`${where}: an anchor into something that is not a Markdown file`)
    } else if (!slugs(target).has(decodeURIComponent(anchor))) {
      problems.push(`${where}: no heading #${anchor} in ${relative(root, target)}`)
    }
  }
  return problems
}

describe('links between the README and docs/', () => {
  it('reads the README and every docs file', () => {
    const files = markdownFiles().map((f) => relative(root, f))
    expect(files).toContain('README.md')
    expect(files).toContain(join('docs', 'README.md'))
  })

  it.each(markdownFiles().map((f) => [relative(root, f), f]))('%s: every relative link and anchor lands', (_, file) => {
    expect(brokenLinks(file)).toEqual([])
  })
})

describe('the link checker itself', () => {
  it("slugs headings as GitHub does: punctuation and code marks dropped, spaces to hyphens, repeats numbered", () => {
    const slugs = headingSlugs(
      '# Media library (`/admin/media`)\n\n## Drafts, scheduling and revisions\n\n## Notes\n\n## Notes\n\n## The visitor’s country\n\n```\n# not a heading\n```\n',
    )
    expect([...slugs]).toEqual([
      'media-library-adminmedia',
      'drafts-scheduling-and-revisions',
      'notes',
      'notes-1',
      'the-visitors-country',
    ])
  })

  it('sees links and images in text, not in code', () => {
    const md = 'See [a](a.md#x) and ![pic](images/p.png).\n\n```md\n[b](b.md)\n```\n\nAnd `[c](c.md)` and [d](https://example.com).\n'
    expect(linkTargets(md).map((l) => l.href)).toEqual(['a.md#x', 'images/p.png', 'https://example.com'])
  })

  it('reports a missing file, a missing heading in another file and in the same file, and a site-absolute path', () => {
    const dir = mkdtempSync(join(tmpdir(), 'docs-links-'))
    try {
      writeFileSync(join(dir, 'b.md'), '# B\n\n## Link health\n')
      writeFileSync(
        join(dir, 'a.md'),
        '# A\n\n[ok](b.md#link-health) [ok](#a) [gone](c.md) [typo](b.md#link-heath)\n\n| x |\n| - |\n| [self](#nowhere) |\n\n[abs](/docs/b.md)\n',
      )
      const problems = brokenLinks(join(dir, 'a.md')).map((p) => p.replace(/^.*?:(\d+) → /, '$1 → '))
      expect(problems).toEqual([
        '3 → c.md: no such file',
        `3 → b.md#link-heath: no heading #link-heath in ${relative(root, join(dir, 'b.md'))}`,
        `7 → #nowhere: no heading #nowhere in ${relative(root, join(dir, 'a.md'))}`,
        '9 → /docs/b.md: a site-absolute path does not resolve on GitHub; link relative to the file',
      ])
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
