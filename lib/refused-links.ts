import { isSafeTreeHref } from './markdown-tree.ts'

/**
 * The Markdown links a text holds that the page will not link (issue 32): the server renders them as
 * their bare text, never as a link (server/content/markdown.ts), and the form names each one beside the
 * field, with why, instead of leaving the editor to find "[x](javascript:…)" printed on the page.
 * Read with a pattern rather than the parser, so the browser needs none (decision 008); a target may hold
 * one level of parentheses, as `javascript:alert(1)` does.
 */
export type RefusedLink = { text: string; href: string; line: number; why: string }

const LINK = /(!?)\[([^\]\n]*)\]\(\s*<?((?:[^()\s<>]|\([^()\s]*\))*)>?(?:\s+(?:"[^"\n]*"|'[^'\n]*'))?\s*\)/g

export function whyRefused(href: string): string {
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(href)?.[1]?.toLowerCase()
  if (href.startsWith('//')) return 'an address starting with // may lead to another site: write https:// in full'
  if (scheme && !['http', 'https', 'mailto'].includes(scheme)) return `${scheme}: links are refused: a link must be https://…, http://…, mailto:… or a path on this site (/…)`
  if (scheme === 'mailto') return 'an e-mail link names one address (mailto:name@example.com)'
  if (!scheme && !href.startsWith('/')) return 'a link must be https://…, http://…, mailto:… or a path on this site starting with /'
  return 'the address holds characters a link may not'
}

export function refusedLinks(text: string): RefusedLink[] {
  const out: RefusedLink[] = []
  text.split('\n').forEach((lineText, i) => {
    for (const m of lineText.matchAll(LINK)) {
      if (m[1]) continue // an image: its alt text stays, as the page shows it
      const href = m[3]!
      if (isSafeTreeHref(href)) continue
      out.push({ text: m[2]!, href, line: i + 1, why: whyRefused(href) })
    }
  })
  return out
}

/** "Link “x” on line 2 is not linked: javascript: links are refused: …" */
export const refusedLinkNote = (l: RefusedLink) => `Link “${l.text || l.href}” (${l.href || 'no address'}) on line ${l.line} is not linked: ${l.why}.`
