import type { PostsRepository } from '../../db/repositories/posts.ts'
import { articlePath } from '../../lib/links.ts'
import { DEFAULT_MARKET, inMarket, type Market, marketPrefix } from '../../lib/markets.ts'
import { type MdTree, linksIn, mapLinks } from '../../lib/markdown-tree.ts'

/**
 * Links that keep the market (docs/markets.md, "Links"): every internal link of a page in a market is
 * that market's page — `/article/x` on an Ontario page is `/ca-on/article/x`. A link to a page the market
 * does not have (an article it does not list: the German edition lists only its own) leads to the
 * market's version of it (its translation there) or is dropped, its text kept: never a 404. Other sites'
 * links are left as they are. Leaving a market is a deliberate control of its own (the market switch).
 */
export type LinkScope = { market: Market; marketKeys: readonly string[] | undefined }

const ARTICLE = /^\/article\/([A-Za-z0-9_-]{1,100})$/
const TAG = /^\/tag\/([a-z0-9-]{1,100})(\/.*)?$/

/** A same-site path of an href (`/article/x`, or the site's own absolute URL), or null for another site's. */
export function sitePath(href: string, siteUrl: string): string | null {
  if (href.startsWith('/') && !href.startsWith('//')) return href
  const origin = siteUrl.replace(/\/+$/, '')
  if (href === origin) return '/'
  return href.startsWith(`${origin}/`) ? href.slice(origin.length) : null
}

export function createMarketLinks(deps: { posts: Pick<PostsRepository, 'page' | 'translationGroup' | 'count'>; siteUrl: string }) {
  /** Where each site path leads in the scope's market: the market's page, its version there, or null (not there). */
  async function resolve(paths: readonly string[], scope: LinkScope): Promise<Map<string, string | null>> {
    const out = new Map<string, string | null>()
    const prefix = marketPrefix(scope.market)
    const articles = new Set<string>()
    const tags = new Set<string>()
    for (const path of paths) {
      const bare = path.split(/[?#]/)[0]!
      const a = ARTICLE.exec(bare)
      const t = TAG.exec(bare)
      if (a && scope.marketKeys) articles.add(a[1]!)
      else if (t && scope.marketKeys) tags.add(t[1]!)
      else out.set(path, inMarket(prefix, path))
    }
    if (articles.size) {
      const listed = new Set((await deps.posts.page({ listed: true, ids: [...articles], marketKeys: scope.marketKeys }, { limit: articles.size })).map((p) => p._id))
      for (const id of articles) {
        let target: string | null = listed.has(id) ? articlePath(id) : null
        if (!target) {
          // the market's version of it: a published member of its translation group written for this market
          const group = await deps.posts.translationGroup(id)
          const root = group.find((m) => m._id === id)?.translationOf ?? id
          const members = root === id ? group : await deps.posts.translationGroup(root)
          const own = members.find((m) => m.listed && (m.market ?? null) === (scope.market.key === DEFAULT_MARKET.key ? null : scope.market.key))
          target = own ? articlePath(own._id) : null
        }
        for (const path of paths) if (ARTICLE.exec(path.split(/[?#]/)[0]!)?.[1] === id) out.set(path, target && inMarket(prefix, target + path.slice(path.split(/[?#]/)[0]!.length)))
      }
    }
    for (const slug of tags) {
      const exists = (await deps.posts.count({ listed: true, tagSlug: slug, marketKeys: scope.marketKeys })) > 0
      for (const path of paths) if (TAG.exec(path.split(/[?#]/)[0]!)?.[1] === slug) out.set(path, exists ? inMarket(prefix, path) : null)
    }
    return out
  }

  return {
    resolve,
    /** Single hrefs (a deal box's "Read our full review"): a site link as the market has it (null: not there), another site's as it is. */
    async hrefs(hrefs: readonly string[], scope: LinkScope): Promise<(string | null)[]> {
      const paths = hrefs.map((h) => sitePath(h, deps.siteUrl))
      const to = await resolve([...new Set(paths.filter((p): p is string => p !== null))], scope)
      return hrefs.map((h, i) => (paths[i] === null ? h : (to.get(paths[i]!) ?? null)))
    },
    /** Trees (article sections, info pages, brand text) with their site links made the market's, in one pass over the store. */
    async trees<T extends MdTree>(trees: readonly T[], scope: LinkScope): Promise<T[]> {
      const hrefs = trees.flatMap((t) => linksIn(t))
      const paths = [...new Set(hrefs.map((h) => sitePath(h, deps.siteUrl)).filter((p): p is string => p !== null))]
      if (!paths.length) return [...trees]
      const to = await resolve(paths, scope)
      return trees.map((t) =>
        mapLinks(t, (href, ext) => {
          if (ext) return href
          const path = sitePath(href, deps.siteUrl)
          return path === null ? href : (to.get(path) ?? null)
        }) as T,
      )
    },
  }
}
export type MarketLinks = ReturnType<typeof createMarketLinks>
