import { FEED_TYPE, SITE_FEED_PATH, SITE_FEED_TITLE, tagFeedPath, tagFeedTitle } from '../lib/feeds.ts'
import { useMarketPath } from './market-path.ts'
import { useSiteUrl } from './site-url.ts'

/** A feed advertised in the page head, where browsers and feed readers look for it. */
export function FeedLink({ href, title }: { href: string; title: string }) {
  return <link rel="alternate" type={FEED_TYPE} title={title} href={href} />
}

/** The site's feed of latest articles, the page's market's: every page advertises it. */
export function SiteFeedLink() {
  const inMarket = useMarketPath()
  return <FeedLink href={`${useSiteUrl()}${inMarket(SITE_FEED_PATH)}`} title={SITE_FEED_TITLE} />
}

/** A tag's own feed (the page's market's), for its archive pages' head. */
export function TagFeedLink({ tag }: { tag: { slug: string; name: string } }) {
  const inMarket = useMarketPath()
  return <FeedLink href={`${useSiteUrl()}${inMarket(tagFeedPath(tag.slug))}`} title={tagFeedTitle(tag.name)} />
}
