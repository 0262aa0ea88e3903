import type { FeedEntry, PostsRepository } from '../../db/repositories/posts.ts'
import { articlePath, tagPath } from '../../lib/archive.ts'
import { FEED_ITEMS, FEED_TYPE, SITE_FEED_DESCRIPTION, SITE_FEED_PATH, SITE_FEED_TITLE, tagFeedDescription, tagFeedPath, tagFeedTitle } from '../../lib/feeds.ts'
import { slugify } from '../../lib/slug.ts'
import { element, escapeXml, rfc822Date, XML_DECLARATION } from './xml.ts'
import { DEFAULT_MARKET, inMarket, type Market, marketLanguage, marketPrefix } from '../../lib/markets.ts'

/** An RSS 2.0 channel: the three required elements, the feed's own URL (atom:link rel=self) and its language. */
export type RssChannel = { title: string; link: string; description: string; selfUrl: string; language: string; lastBuildDate?: string }
/** An item: `link` is absolute and doubles as its permanent guid; `description` is plain text. */
export type RssItem = { title: string; link: string; description?: string; pubDate?: string; category?: string }

/** An RSS 2.0 document (https://www.rssboard.org/rss-specification). Every text is escaped: no HTML gets through. */
export function rssXml(channel: RssChannel, items: readonly RssItem[]): string {
  const out = [
    `${XML_DECLARATION}<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">`,
    '<channel>',
    element('title', channel.title),
    element('link', channel.link),
    element('description', channel.description),
    element('language', channel.language),
    element('lastBuildDate', rfc822Date(channel.lastBuildDate)),
    `<atom:link href="${escapeXml(channel.selfUrl)}" rel="self" type="${FEED_TYPE}"/>`,
  ]
  for (const item of items) {
    out.push(
      `<item>${element('title', item.title)}${element('link', item.link)}<guid isPermaLink="true">${escapeXml(item.link)}</guid>` +
        `${element('pubDate', rfc822Date(item.pubDate))}${element('category', item.category)}${element('description', item.description)}</item>`,
    )
  }
  out.push('</channel>', '</rss>', '')
  return out.filter(Boolean).join('\n')
}

/**
 * The site's feed and one per tag, in each market: the newest articles the market lists, newest first,
 * their links in the market (`/ca-on/rss.xml` links `/ca-on/article/…`), in its language.
 */
export function createFeedsService(deps: { posts: Pick<PostsRepository, 'latest' | 'tagName'>; siteUrl: string; items?: number; marketKeys?: (market: Market) => Promise<readonly string[] | undefined> }) {
  const { posts, siteUrl } = deps
  const limit = deps.items ?? FEED_ITEMS

  const toItem = (prefix: string) => (p: FeedEntry): RssItem => ({
    title: p.title,
    link: siteUrl + inMarket(prefix, articlePath(p._id)),
    description: p.description,
    pubDate: p.createdAt,
    category: p.tag || undefined,
  })
  // the channel changed when its newest change did: an edit to an item counts, not only a new item
  const lastChange = (entries: FeedEntry[]) => entries.map((p) => p.updatedAt || p.createdAt).sort((a, b) => Date.parse(b) - Date.parse(a))[0]

  return {
    /** GET /rss.xml, and a market's /:market/rss.xml */
    async siteFeed(market: Market = DEFAULT_MARKET): Promise<string> {
      const prefix = marketPrefix(market)
      const entries = await posts.latest({ marketKeys: await deps.marketKeys?.(market) }, limit)
      const channel = { title: SITE_FEED_TITLE, link: `${siteUrl}${prefix || '/'}`, description: SITE_FEED_DESCRIPTION, selfUrl: siteUrl + inMarket(prefix, SITE_FEED_PATH), language: marketLanguage(market) }
      return rssXml({ ...channel, lastBuildDate: lastChange(entries) }, entries.map(toItem(prefix)))
    },

    /** GET /tag/:tagSlug/rss.xml (and a market's); null for a tag no listed article of the market has (or a malformed slug). */
    async tagFeed(tagSlug: string, market: Market = DEFAULT_MARKET): Promise<string | null> {
      if (!tagSlug || slugify(tagSlug) !== tagSlug) return null
      const name = await posts.tagName(tagSlug)
      if (!name) return null
      const prefix = marketPrefix(market)
      const entries = await posts.latest({ tagSlug, marketKeys: await deps.marketKeys?.(market) }, limit)
      if (!entries.length && prefix) return null // the market has no archive of this tag
      const channel = {
        title: tagFeedTitle(name),
        link: siteUrl + inMarket(prefix, tagPath(tagSlug)),
        description: tagFeedDescription(name),
        selfUrl: siteUrl + inMarket(prefix, tagFeedPath(tagSlug)),
        language: marketLanguage(market),
      }
      return rssXml({ ...channel, lastBuildDate: lastChange(entries) }, entries.map(toItem(prefix)))
    },
  }
}
export type FeedsService = ReturnType<typeof createFeedsService>
