import { formatNumber } from './format.ts'

/**
 * What the store's collections hold, in words a person uses ("3 users, 22 articles"): backup, restore
 * and import report with these, never with collection names.
 */
const NOUNS: Record<string, readonly [one: string, many: string]> = {
  user: ['user', 'users'],
  account: ['password', 'passwords'],
  posts: ['article', 'articles'],
  brands: ['brand page', 'brand pages'],
  authors: ['author', 'authors'],
  info_pages: ['info page', 'info pages'],
  media: ['image', 'images'],
  revisions: ['revision', 'revisions'],
  audit_log: ['audit log entry', 'audit log entries'],
  redirects: ['old address', 'old addresses'],
  clicks: ['click', 'clicks'],
  counters: ['attribution count', 'attribution counts'],
  exchange_rates: ['exchange rate', 'exchange rates'],
  conversions: ['conversion', 'conversions'],
  postback_log: ['postback log entry', 'postback log entries'],
  link_checks: ['link check', 'link checks'],
  site_settings: ['site setting', 'site settings'],
  markets: ['market', 'markets'],
}

/** "1 user", "22 articles"; an unknown collection by its name. */
export function countOf(collection: string, n: number): string {
  const [one, many] = NOUNS[collection] ?? [collection, collection]
  return `${formatNumber(n)} ${n === 1 ? one : many}`
}

/** The non-empty counts in words, people and content first: "3 users, 22 articles and 12 brand pages"; "nothing" when all are empty. */
export function describeCounts(counts: Record<string, number>): string {
  const order = Object.keys(NOUNS)
  const parts = Object.entries(counts)
    .filter(([, n]) => n > 0)
    .sort(([a], [b]) => (order.indexOf(a) + 1 || 99) - (order.indexOf(b) + 1 || 99))
    .map(([name, n]) => countOf(name, n))
  if (!parts.length) return 'nothing'
  return parts.length === 1 ? parts[0]! : `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`
}
