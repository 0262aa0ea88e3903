import { describe, expect, it } from 'vitest'
import { refusedLinks } from './refused-links.ts'

// issue 32: the links the page will not link, named for the editor (server/content/markdown.ts decides the same)
describe('refusedLinks', () => {
  it('names each link the page shows as text, with its line and why; safe links and images pass', () => {
    const text = ['[ok](https://example.com) [site](/article/x) [mail](mailto:a@b.example)', '![alt](javascript:x) [x](javascript:alert(1))', '[rel](page.html) [pr](//evil.example) [d](data:text/html,hi) [m](mailto:a@b@c)'].join('\n')
    expect(refusedLinks(text).map((l) => [l.line, l.text, l.href, l.why.split(':')[0]])).toEqual([
      [2, 'x', 'javascript:alert(1)', 'javascript'],
      [3, 'rel', 'page.html', 'a link must be https'],
      [3, 'pr', '//evil.example', 'an address starting with // may lead to another site'],
      [3, 'd', 'data:text/html,hi', 'data'],
      [3, 'm', 'mailto:a@b@c', 'an e-mail link names one address (mailto'],
    ])
  })
  it('finds nothing in plain text or a comparison directive', () => {
    expect(refusedLinks('Plain words, [brackets] and (parentheses).\n{{compare brands="a, b"}}')).toEqual([])
  })
})
