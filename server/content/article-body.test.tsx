import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { ArticleView } from '../../components/ArticleView.tsx'
import type { ArticleData } from '../../lib/article-body.ts'
import { post } from '../../test/factories.ts'
import { renderBody, renderSectionText } from './article-body.ts'

const SITE = 'https://site.example'
const html = (text: string, hyperlinks: { text: string; url: string }[] = []) => {
  const [section] = renderBody([{ headline: 'H', content: text, keywords: [], hyperlinks, subsections: [{ subheading: 'Sub', content: text }] }], SITE)
  const { content: _c, ...rest } = post('a', 'A')
  const article: ArticleData = { ...rest, content: { summary: [] } }
  return renderToStaticMarkup(<ArticleView article={article} body={[section!]} />)
}

describe('article section text (issue 25: the Markdown subset of the info pages, rendered on the server)', () => {
  it('keeps paragraph breaks: a blank line starts a new paragraph (it was merged away before)', () => {
    const out = html('First paragraph.\n\nSecond paragraph.')
    expect(out).toContain('<p>First paragraph.</p><p>Second paragraph.</p>')
  })

  it('renders bold, italics, links and lists as elements, never the literal marks', () => {
    const out = html('A **strong** and _quiet_ word, [the guide](/article/rtp-explained) and [a site](https://other.example/x).\n\n- one\n- two')
    expect(out).toContain('<strong>strong</strong>')
    expect(out).toContain('<em>quiet</em>')
    expect(out).toContain('<a href="/article/rtp-explained">the guide</a>')
    expect(out).toContain('<a href="https://other.example/x" rel="noopener nofollow" target="_blank">a site</a>')
    expect(out).toContain('<ul><li>one</li><li>two</li></ul>')
    expect(out).not.toMatch(/\*\*|\]\(/)
  })

  it('never renders raw HTML or an unsafe link: a javascript: link keeps only its text', () => {
    const out = html('<img src=x onerror=alert(1)> [click](javascript:alert(1)) [data](data:text/html,hi)')
    expect(out).not.toMatch(/<img src=x|href="javascript|href="data/)
    expect(out).toContain('&lt;img src=x onerror=alert(1)&gt;')
    expect(out).toContain('click')
  })

  it('plain text from before renders as it did (one paragraph, its words as typed)', () => {
    expect(html('Wagering is 35x. Bet 10 * 3 on snake_case.')).toContain('<p>Wagering is 35x. Bet 10 * 3 on snake_case.</p>')
  })

  it("applies the section's hyperlinks to its text (spec §2), once each, longer phrases first, in-site ones to their article", () => {
    const { tree, unmatched } = renderSectionText('Wagering rules matter. Read **wagering guides** or C++ (beta).', [
      { text: 'wagering', url: `${SITE}/article/wagering` },
      { text: 'wagering guides', url: 'https://x.example/g' },
      { text: '(beta)', url: '/article/beta' },
    ], SITE)
    expect(unmatched).toEqual([])
    expect(tree).toEqual([
      {
        t: 'p',
        c: [
          { t: 'a', href: '/article/wagering', c: ['Wagering'] },
          ' rules matter. Read ',
          { t: 'strong', c: [{ t: 'a', href: 'https://x.example/g', ext: true, c: ['wagering guides'] }] },
          ' or C++ ',
          { t: 'a', href: '/article/beta', c: ['(beta)'] },
          '.',
        ],
      },
    ])
  })

  it("never puts a hyperlink inside the editor's own link, and names the hyperlinks whose text occurs nowhere", () => {
    const { tree, unmatched } = renderSectionText('See [the bonus guide](/article/bonus).', [
      { text: 'bonus', url: '/article/other' },
      { text: 'missing words', url: '/article/x' },
    ], SITE)
    expect(tree).toEqual([{ t: 'p', c: ['See ', { t: 'a', href: '/article/bonus', c: ['the bonus guide'] }, '.'] }])
    expect(unmatched).toEqual([0, 1])
  })

  it('makes headings inside a section h3, below the section headline (an h2), and inside a subsection h4', () => {
    expect(renderSectionText('# Big\n\ntext', [], SITE).tree[0]).toEqual({ t: 'h3', c: ['Big'] })
    const [section] = renderBody([{ headline: 'H', content: '', keywords: [], hyperlinks: [], subsections: [{ subheading: 'S', content: '## Small' }] }], SITE)
    expect(section!.subsections[0]!.tree[0]).toEqual({ t: 'h4', c: ['Small'] })
  })
})
