import { FEED_TYPE, SITE_FEED_PATH, SITE_FEED_TITLE, tagFeedPath, tagFeedTitle } from '../lib/feeds.ts'
import { useSiteUrl } from './site-url.ts'

/** A feed advertised in the page head, where browsers and feed readers look for it. */
export function FeedLink({ href, title }: { href: string; title: string }) {
  return <link rel="alternate" type={FEED_TYPE} title={title} href={href} />
}

/** The site's feed of latest articles: every page advertises it. */
export function SiteFeedLink() {
  return <FeedLink href={`${useSiteUrl()}${SITE_FEED_PATH}`} title={SITE_FEED_TITLE} />
}

/** A tag's own feed, for its archive pages' head. */
export function TagFeedLink({ tag }: { tag: { slug: string; name: string } }) {
  return <FeedLink href={`${useSiteUrl()}${tagFeedPath(tag.slug)}`} title={tagFeedTitle(tag.name)} />
}
