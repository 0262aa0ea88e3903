/**
 * `?market=ca-on` on a public API call (the page's market: suggestions, the home grid's next page) as the
 * prefix the markets service knows (`/ca-on`); anything else is the default market.
 */
export const marketParam = (key: string | undefined) => (key && /^[a-z]{2}(-[a-z0-9]{2,3})?$/.test(key) ? `/${key}` : '')
