// Article-body link helpers (server/content/article-body.ts applies them while it renders a section's text).

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
