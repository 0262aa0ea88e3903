// Article-body link helpers, apart from lib/text.ts so pages without article bodies (the home page's
// offers) do not load them.

export type Segment = { text: string; href?: string }

/**
 * Keyword-to-link substitution (spec §2, article body): each hyperlink's text, where it appears in the
 * content, becomes a link; longer phrases win over shorter ones inside them. Returns plain segments
 * for React to render as text and anchors — never HTML.
 */
export function linkKeywords(content: string, links: { text: string; url: string }[]): Segment[] {
  const usable = links.filter((l) => l.text.trim() && l.url.trim()).sort((a, b) => b.text.length - a.text.length)
  if (!usable.length) return [{ text: content }]
  const escaped = usable.map((l) => l.text.trim().replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
  const re = new RegExp(`(${escaped.join('|')})`, 'gi')
  const byText = new Map(usable.map((l) => [l.text.trim().toLowerCase(), l.url]))
  const used = new Set<string>()
  const out: Segment[] = []
  let last = 0
  for (const m of content.matchAll(re)) {
    const key = m[0].toLowerCase()
    if (used.has(key)) continue // link each phrase once; repeats stay text
    used.add(key)
    if (m.index > last) out.push({ text: content.slice(last, m.index) })
    out.push({ text: m[0], href: byText.get(key) })
    last = m.index + m[0].length
  }
  if (last < content.length) out.push({ text: content.slice(last) })
  return out
}

/**
 * In-text links (spec §2): a URL starting with '/' or containing the site origin opens the article whose
 * id is its last path segment, inside the app; anything else opens in a new tab.
 */
export function classifyLink(url: string, origin: string): { internal: true; articleId: string } | { internal: false } {
  const isInternal = url.startsWith('/') ? !url.startsWith('//') : Boolean(origin) && url.includes(origin)
  if (!isInternal) return { internal: false }
  const path = url.startsWith('/') ? url : url.slice(url.indexOf(origin) + origin.length)
  const segment = path.split(/[?#]/)[0].split('/').filter(Boolean).pop() ?? ''
  return { internal: true, articleId: decodeSegment(segment) }
}

// an editor's '/article/100%-bonus' is no valid escape: keep it as typed rather than fail the page
function decodeSegment(segment: string) {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}
