/** Spec §9: taglines are cut at 180 characters plus '...'. */
export const TAGLINE_LIMIT = 180

export function truncate(text: string, limit = TAGLINE_LIMIT): { text: string; truncated: boolean } {
  if (text.length <= limit) return { text, truncated: false }
  return { text: `${text.slice(0, limit)}...`, truncated: true }
}

export function pageCount(total: number, perPage: number) {
  return Math.max(1, Math.ceil(total / perPage))
}

export function pageSlice<T>(items: T[], page: number, perPage: number): T[] {
  return items.slice((page - 1) * perPage, page * perPage)
}
