import type { Brands } from '../brands/index.ts'
import type { Editorial } from '../editorial/index.ts'
import type { Media } from '../media/index.ts'
import type { MarketsService } from '../markets/service.ts'
import type { Wiring } from '../wiring.ts'
import { DEFAULT_MARKET, type Market, marketPrefix } from '../../lib/markets.ts'
import { MAIN_NAV, type MarketNav } from '../../lib/navigation.ts'
import type { MdTree } from '../../lib/markdown-tree.ts'
import { createAiWriter } from './ai-writer.ts'
import { createAlternates } from './alternates.ts'
import { createContentService } from './articles.ts'
import { createAuthorsService } from './authors.ts'
import { createFeedsService } from './feeds.ts'
import { createInfoPagesService } from './info-pages.ts'
import { createMarketLinks } from './market-links.ts'
import { createPostsService } from './posts.ts'
import { createPostTrashService } from './post-trash.ts'
import { createSiteSettingsService } from './site-settings.ts'
import { createSitemapService } from './sitemaps.ts'

/**
 * Content, wired once (docs/writing.md): posts and their writes, what pages read of them (./articles.ts),
 * authors, info pages, site settings, AI writing, and what search engines and feed readers read
 * (sitemaps, RSS).
 */
export function createContent(w: Wiring, deps: { media: Media; editorial: Editorial; markets: MarketsService; brands: Brands }) {
  const { repos, audit, now, onChange, store, newId } = w
  const env = w.config.raw
  const siteUrl = w.config.siteUrl
  const markets = () => deps.markets.list()
  const content = createContentService({ posts: repos.posts, generation: w.generation, markets })
  const infoPages = createInfoPagesService({ infoPages: repos.infoPages, audit, now, onChange, siteUrl })
  const authors = createAuthorsService({ authors: repos.authors, posts: repos.posts, redirects: repos.redirects, store, media: deps.media.media, audit, newId, now, onChange })
  // issue 32: Delete moves a post here; restored as it was, or erased after 30 days
  const postTrash = createPostTrashService({ posts: repos.posts, trash: repos.postTrash, store, revisions: deps.editorial.revisions, redirects: repos.redirects, audit, now, onChange })
  const links = createMarketLinks({ posts: repos.posts, siteUrl })
  // the top bar's links in every market, worked out once per content write (lib/navigation.ts)
  let nav: { generation: number; value: Promise<MarketNav> } | null = null
  const navLinks = (): Promise<MarketNav> => {
    if (nav?.generation !== w.generation()) {
      const value = (async () => {
        const out: MarketNav = {}
        for (const market of [DEFAULT_MARKET, ...markets()]) {
          const resolved = await links.resolve(MAIN_NAV.map((l) => l.path), { market, marketKeys: await content.marketKeysFor(market) })
          out[marketPrefix(market)] = MAIN_NAV.map((l) => resolved.get(l.path) ?? null)
        }
        return out
      })()
      nav = { generation: w.generation(), value }
      value.catch(() => (nav = null))
    }
    return nav.value
  }
  return {
    content,
    /** links that keep the market (./market-links.ts), for a page's market; the top bar's in every market */
    marketLinks: {
      navLinks,
      resolve: async (paths: readonly string[], market: Market) => links.resolve(paths, { market, marketKeys: await content.marketKeysFor(market) }),
      hrefs: async (hrefs: readonly string[], market: Market | undefined) => links.hrefs(hrefs, { market: market ?? DEFAULT_MARKET, marketKeys: await content.marketKeysFor(market) }),
      trees: async <T extends MdTree>(trees: readonly T[], market: Market | undefined) => links.trees(trees, { market: market ?? DEFAULT_MARKET, marketKeys: await content.marketKeysFor(market) }),
    },
    // every market's version of a page, for hreflang (./alternates.ts)
    alternates: createAlternates({ posts: repos.posts, markets, marketKeys: (m) => content.marketKeysFor(m), siteUrl }),
    infoPages,
    authors,
    postTrash,
    posts: createPostsService({ posts: repos.posts, inTrash: postTrash.holds, authorExists: authors.exists, marketExists: (key) => markets().some((m) => m.key === key), store, redirects: repos.redirects, revisionsRepo: repos.revisions, media: deps.media.media, audit, revisions: deps.editorial.revisions, now, onChange }),
    feeds: createFeedsService({ posts: repos.posts, siteUrl, marketKeys: (m) => content.marketKeysFor(m) }),
    sitemaps: createSitemapService({ posts: repos.posts, brands: repos.brands, content, directory: deps.brands.brands, info: infoPages, authors, siteUrl, markets }),
    siteSettings: createSiteSettingsService({ siteSettings: repos.siteSettings, audit, now, onChange }),
    ai: createAiWriter({ baseUrl: env.AI_BASE_URL, apiKey: env.AI_API_KEY, model: env.AI_MODEL, timeoutMs: env.AI_TIMEOUT_MS }),
  }
}
export type Content = ReturnType<typeof createContent>
