/**
 * What the top bar's search box needs of site search (lib/search.ts re-exports both). A file of its own because
 * every public page's first script carries the box; the rest of lib/search.ts loads with the search page (issue 37).
 */

/** The longest query accepted, in characters (a title is at most a few dozen words). */
export const SEARCH_QUERY_MAX = 200
/** Suggestions as you type (GET /api/search/suggest) start after this many characters. */
export const SUGGEST_MIN_CHARS = 2
