import type { Context } from 'hono'
import { FEED_ALIAS_PATH, FEED_TYPE, SITE_FEED_PATH, SITEMAP_PATH } from '../../lib/feeds.ts'
import { notFound } from '../errors.ts'
import type { AppEnv } from '../app-env.ts'
import { createRouter, rule } from '../router.ts'
import { robotsTxt } from '../content/robots.ts'
import { parseSitemapName } from '../content/sitemaps.ts'
import { MARKET_SEGMENT } from '../page-rules.ts'

const XML = 'application/xml; charset=utf-8'
const RSS = `${FEED_TYPE}; charset=utf-8`

const answer = (c: Context<AppEnv>, body: string, contentType: string) => c.body(body, 200, { 'Content-Type': contentType })

/** The market a `/:market/…` path names; an unknown one is a 404 (it would be a page of the default market otherwise). */
function marketOf(c: Context<AppEnv>) {
  const prefix = `/${c.req.param('market')}`
  if (!c.var.services.markets.prefixes().has(prefix)) throw notFound('No such market')
  return c.var.services.markets.byPrefix(prefix)
}

/** For search engines and feed readers: robots.txt, the sitemaps and the RSS feeds, cached and invalidated like pages. */
export function feedsRouter() {
  const app = createRouter()
  const publicRead = rule({ access: 'public', cache: 'public' })

  // GET /robots.txt – what crawlers may visit, and where the sitemap is
  app.get('/robots.txt', publicRead, (c) => answer(c, robotsTxt(c.var.config.siteUrl), 'text/plain; charset=utf-8'))

  // GET /sitemap.xml – the sitemap index
  app.get(SITEMAP_PATH, publicRead, async (c) => answer(c, await c.var.services.sitemaps.index(), XML))

  // GET /sitemap-{articles|brands|archives|tags|info|authors}-{n}.xml – one child sitemap; past the last one, a 404
  app.get('/:file{sitemap-[a-z]+-[0-9]+\\.xml}', publicRead, async (c) => {
    const name = parseSitemapName(c.req.param('file'))
    const xml = name && (await c.var.services.sitemaps.sitemap(name.kind, name.n))
    if (!xml) throw notFound('No such sitemap')
    return answer(c, xml, XML)
  })

  // GET /:market/sitemap-{n}.xml – a market's sitemap (issue 23); an unknown market or past the last one, a 404
  app.get('/:market{[a-z]{2}(?:-[a-z0-9]{2,3})?}/:file{sitemap-[0-9]+\\.xml}', publicRead, async (c) => {
    const n = Number(/^sitemap-(\d{1,7})\.xml$/.exec(c.req.param('file'))?.[1] ?? 0)
    const xml = await c.var.services.sitemaps.marketSitemap(c.req.param('market'), n)
    if (!xml) throw notFound('No such sitemap')
    return answer(c, xml, XML)
  })

  // GET /rss.xml – the latest articles (the default market's)
  app.get(SITE_FEED_PATH, publicRead, async (c) => answer(c, await c.var.services.feeds.siteFeed(), RSS))

  // GET /:market/rss.xml – a market's latest articles, linked in the market; an unknown market is a 404
  app.get(`/:market{${MARKET_SEGMENT}}${SITE_FEED_PATH}`, publicRead, async (c) => answer(c, await c.var.services.feeds.siteFeed(marketOf(c)), RSS))

  // GET /:market/tag/:tagSlug/rss.xml – a market's tag feed; a tag it has no article of is a 404
  app.get(`/:market{${MARKET_SEGMENT}}/tag/:tagSlug/rss.xml`, publicRead, async (c) => {
    const xml = await c.var.services.feeds.tagFeed(c.req.param('tagSlug'), marketOf(c))
    if (!xml) throw notFound('No such tag')
    return answer(c, xml, RSS)
  })

  // GET /feed – where some readers look first: one feed URL, so a redirect
  app.get(FEED_ALIAS_PATH, publicRead, (c) => c.redirect(SITE_FEED_PATH, 301))

  // GET /tag/:tagSlug/rss.xml – a tag's latest articles; an unknown tag is a 404
  app.get('/tag/:tagSlug/rss.xml', publicRead, async (c) => {
    const xml = await c.var.services.feeds.tagFeed(c.req.param('tagSlug'))
    if (!xml) throw notFound('No such tag')
    return answer(c, xml, RSS)
  })

  return app
}
