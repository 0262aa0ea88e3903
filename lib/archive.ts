/** Articles per archive page (Ghost and WordPress serve about as many). */
export const ARCHIVE_PAGE_SIZE = 15
/** Brands per page of the /brands directory. */
export const BRANDS_PAGE_SIZE = 24

/** A list's URL for page `page`: the list's own path for page 1, `{base}/page/{n}` after (Ghost's shape). */
export function archivePath(base: string, page: number): string {
  return page <= 1 ? base : `${base === '/' ? '' : base}/page/${page}`
}

/** The page number in `…/page/N`, or 1; NaN for a malformed number (a 404 then). */
export function pageParam(value: string | undefined): number {
  if (value === undefined) return 1
  return /^[1-9]\d{0,6}$/.test(value) ? Number(value) : Number.NaN
}

// in its own module so pages that only link to tags (home, articles) do not load the pager helpers below
export { tagPath } from './tag-path.ts'

export type PageLink = { page: number } | { gap: true }

/**
 * The page numbers a pager shows: the first, the last and two either side of the current one, with a
 * gap where numbers are left out — a fixed handful of links however many pages there are.
 */
export function pageLinks(page: number, pages: number): PageLink[] {
  const wanted = new Set([1, pages, page - 2, page - 1, page, page + 1, page + 2].filter((p) => p >= 1 && p <= pages))
  const sorted = [...wanted].sort((a, b) => a - b)
  const out: PageLink[] = []
  sorted.forEach((p, i) => {
    if (i > 0 && p - sorted[i - 1] > 1) out.push({ gap: true })
    out.push({ page: p })
  })
  return out
}

/** An article's and a brand page's path (what lists, sitemaps and feeds link to). */
export { articlePath } from './links.ts'
export const brandPath = (id: string) => `/brands/${encodeURIComponent(id)}`
