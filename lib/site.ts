/**
 * The site's own name and words, said the same way by the page head (lib/seo.ts), the structured data
 * (lib/structured-data.ts) and the feeds (lib/feeds.ts).
 */
export const SITE_NAME = 'GameWise'
export const SITE_TITLE = 'GameWise – gaming and iGaming news, guides and offers'
export const SITE_DESCRIPTION = 'Independent gaming and iGaming guides, honest reviews and curated brand offers.'
