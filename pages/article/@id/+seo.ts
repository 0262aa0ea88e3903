import type { PageContextServer } from 'vike/types'
import { articlePath } from '../../../lib/links.ts'
import { tagPath } from '../../../lib/archive.ts'
import type { PageSeo } from '../../../lib/seo.ts'
import { absoluteUrl, socialImagePath } from '../../../lib/social-image.ts'
import { article, breadcrumbList } from '../../../lib/structured-data.ts'
import type { Data } from './+data.ts'
import { inMarket } from '../../../lib/markets.ts'

/**
 * Published and modified times are the store's createdAt and updatedAt, not meta.date: a save
 * publishes at once unless saved as a draft or scheduled (issue 13), so createdAt is when the article was first saved here, and
 * updatedAt moves with every edit. meta.date is a free-text byline label (any format, unchecked,
 * back- or forward-dated at will: the demo's are invented), shown as typed but not claimed as a time.
 */
export default (pageContext: PageContextServer<Data>): PageSeo => {
  const { article: post, description, byline } = pageContext.data
  const siteUrl = pageContext.siteUrl!
  const path = articlePath(post._id)
  const url = absoluteUrl(inMarket(pageContext.marketPrefix ?? '', path), siteUrl)
  const image = absoluteUrl(socialImagePath(post.image), siteUrl)
  return {
    path,
    // an editor's preview is never indexed (it is also sent with X-Robots-Tag and never cached)
    ...(pageContext.preview ? { robots: 'noindex, nofollow' } : {}),
    type: 'article',
    article: { publishedTime: post.createdAt, modifiedTime: post.updatedAt },
    jsonLd: [
      article({ post, url, image, description, siteUrl, author: byline.author }),
      // Home › {tag} › title: the tag chip on the page links its archive; without one, Home › All articles
      breadcrumbList(siteUrl, [tagPath(post.tag) !== '/tag/' ? { name: post.tag.trim(), path: tagPath(post.tag) } : { name: 'All articles', path: '/articles' }, { name: post.title, path }]),
    ],
  }
}
