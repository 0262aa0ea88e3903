/** The public site's locale. Its own file so that every page's first script can name it without lib/format.ts (issue 37). */
export const SITE_LOCALE = 'en-GB'
