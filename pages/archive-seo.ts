/** What a list page tells search engines: its own title, description and canonical path. */
export type ArchiveSeo = { title: string; description: string; path: string }

/** "All articles – page 3": later pages of a list get their own title, so none is a duplicate. */
export const pagedTitle = (title: string, page: number) => (page > 1 ? `${title} – page ${page}` : title)
