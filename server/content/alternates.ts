import type { PostsRepository } from '../../db/repositories/posts.ts'
import { ARCHIVE_PAGE_SIZE } from '../../lib/archive.ts'
import { articlePath } from '../../lib/links.ts'
import { DEFAULT_MARKET, inMarket, type Market, marketLanguage, marketPrefix } from '../../lib/markets.ts'
import { absoluteUrl } from '../../lib/social-image.ts'

/**
 * Every version of a page across markets and languages, for `<link rel="alternate" hreflang>`
 * (docs/markets.md, "Search engines"; decision 023). A page that exists in several markets lists every
 * version, itself included, the same list from each (reciprocal), and `x-default` (the default market's
 * version, else the first). Market copies of one English article are regional alternates (`en-GB`,
 * `en-CA`), each its own canonical: their offers, age marks and help differ by market, so they are not
 * duplicates to fold into one URL.
 *
 * Where a page exists: home, brand pages, the brand directory, the archive, info pages, author pages
 * and search in every market; an article where its market lists it (shared articles in every market that
 * lists them, a market's own only there), with its translations in theirs; a tag archive where a listed
 * post of the market holds the tag; page n of an archive (`/articles/page/2`, `/tag/x/page/2`) in every
 * market whose archive fills n pages.
 */
export type Alternate = { hreflang: string; href: string }

const ARTICLE = /^\/article\/([A-Za-z0-9_-]{1,100})$/
const TAG = /^\/tag\/([a-z0-9-]{1,100})(?:\/page\/([2-9]|[1-9]\d{1,5}))?$/
const ARCHIVE_PAGE = /^\/articles(\/page\/([2-9]|[1-9]\d{1,5}))$/
const EVERYWHERE = /^(\/|\/brands(\/[A-Za-z0-9_-]{1,100})?|\/articles|\/info\/[a-z0-9-]{1,60}|\/author\/[a-z0-9-]{1,80})$/

export function createAlternates(deps: {
  posts: Pick<PostsRepository, 'findById' | 'translationGroup' | 'count'>
  markets: () => readonly Market[]
  marketKeys: (market: Market) => Promise<readonly string[] | undefined>
  siteUrl: string
}) {
  /** Whether the market lists this post (its market, and its rules: issue 34, no guide stating offer figures in Ontario). */
  const lists = async (market: Market, postId: string) => {
    const keys = await deps.marketKeys(market)
    return !keys || (await deps.posts.count({ listed: true, ids: [postId], marketKeys: keys })) > 0
  }
  /** How many pages a market's archive (every article, or one tag's) fills. */
  const archivePages = async (market: Market, tagSlug?: string) => Math.ceil((await deps.posts.count({ listed: true, ...(tagSlug ? { tagSlug } : {}), marketKeys: await deps.marketKeys(market) })) / ARCHIVE_PAGE_SIZE)

  /** Each market's version of `path` (a page's path within its market), or none where it has none. */
  async function versions(path: string): Promise<{ market: Market; path: string }[]> {
    const all = [DEFAULT_MARKET, ...deps.markets()]
    if (EVERYWHERE.test(path)) return all.map((market) => ({ market, path }))
    const paged = ARCHIVE_PAGE.exec(path)
    if (paged) {
      // page n of an archive exists where the market's archive fills n pages (issue 34: page 2 is a page of its own)
      const n = Number(paged[2])
      const out: { market: Market; path: string }[] = []
      for (const market of all) if ((await archivePages(market)) >= n) out.push({ market, path })
      return out
    }
    const tag = TAG.exec(path)
    if (tag) {
      const n = Number(tag[2] ?? 1)
      const out: { market: Market; path: string }[] = []
      for (const market of all) if ((await archivePages(market, tag[1])) >= n) out.push({ market, path })
      return out
    }
    const article = ARTICLE.exec(path)
    if (!article) return []
    const post = await deps.posts.findById(article[1]!)
    if (!post) return []
    const group = (await deps.posts.translationGroup(post.translationOf || post._id)).filter((m) => m.listed)
    const out: { market: Market; path: string }[] = []
    for (const market of all) {
      const own = group.find((m) => (m.market ?? null) === (market.key === DEFAULT_MARKET.key ? null : market.key))
      const shared = group.find((m) => m.market === null)
      // the market's own version first, else the one written for every market where it lists it
      for (const member of [own, shared]) {
        if (member && (await lists(market, member._id))) {
          out.push({ market, path: articlePath(member._id) })
          break
        }
      }
    }
    return out
  }

  return {
    /** The page's alternates (absolute URLs, x-default last); [] when it exists in one market only. */
    async forPage(path: string): Promise<Alternate[]> {
      const found = await versions(path)
      if (found.length < 2) return []
      const seen = new Set<string>()
      const out: Alternate[] = []
      for (const v of found) {
        const hreflang = marketLanguage(v.market)
        if (seen.has(hreflang)) continue // one version per language tag: the first market that has it
        seen.add(hreflang)
        out.push({ hreflang, href: absoluteUrl(inMarket(marketPrefix(v.market), v.path), deps.siteUrl) })
      }
      const fallback = found.find((v) => v.market.key === DEFAULT_MARKET.key) ?? found[0]!
      out.push({ hreflang: 'x-default', href: absoluteUrl(inMarket(marketPrefix(fallback.market), fallback.path), deps.siteUrl) })
      return out
    },
  }
}
export type Alternates = ReturnType<typeof createAlternates>
