/** Client-side paging (the home page's offers list, spec §9: 5 per page). */
export function pageCount(total: number, perPage: number) {
  return Math.max(1, Math.ceil(total / perPage))
}

export function pageSlice<T>(items: T[], page: number, perPage: number): T[] {
  return items.slice((page - 1) * perPage, page * perPage)
}
