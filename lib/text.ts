/** Spec §9: taglines are cut at 180 characters plus '...'. */
export const TAGLINE_LIMIT = 180

export function truncate(text: string, limit = TAGLINE_LIMIT): { text: string; truncated: boolean } {
  if (text.length <= limit) return { text, truncated: false }
  return { text: `${text.slice(0, limit)}...`, truncated: true }
}

// in their own module so the home page's offers list does not load the rest of this file
export { pageCount, pageSlice } from './paging.ts'
