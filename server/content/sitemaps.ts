import type { BrandsRepository } from '../../db/repositories/brands.ts'
import type { PostsRepository } from '../../db/repositories/posts.ts'
import { archivePath, articlePath, brandPath, tagPath } from '../../lib/archive.ts'
import type { BrandsService } from '../brands/service.ts'
import { type ContentService, marketKeysOf } from './articles.ts'
import { DEFAULT_MARKET, inMarket, type Market, marketPrefix, mayList } from '../../lib/markets.ts'
import { escapeXml, w3cDatetime, XML_DECLARATION } from './xml.ts'

/** The most URLs one sitemap (or sitemap index) may list (sitemaps.org). */
export const SITEMAP_MAX_URLS = 50_000
/**
 * URLs per child sitemap (WordPress core's number). Reading an article's `updatedAt` parses its stored
 * document (about 6 µs for 6.5 KB), so at 100,000 articles an uncached sitemap of 5,000 took 50–65 ms
 * (p50) and one of 2,000 takes 15–20 ms, p99 under 40 ms (`bun bench/sitemap.ts`).
 */
export const SITEMAP_PAGE_SIZE = 2_000

const NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9'

/** The child sitemaps, in the order the index lists them. */
export const SITEMAP_KINDS = ['articles', 'brands', 'archives', 'tags', 'info', 'authors'] as const
export type SitemapKind = (typeof SITEMAP_KINDS)[number]

/** A URL a sitemap lists; `lastmod` is left out when unknown (a guessed date is worse than none). */
export type SitemapUrl = { loc: string; lastmod?: string | Date }

function xmlList(root: 'urlset' | 'sitemapindex', child: 'url' | 'sitemap', urls: readonly SitemapUrl[]): string {
  if (urls.length > SITEMAP_MAX_URLS) throw new Error(`A sitemap lists at most ${SITEMAP_MAX_URLS} URLs, not ${urls.length}`)
  let body = ''
  for (const u of urls) {
    const lastmod = w3cDatetime(u.lastmod)
    body += `<${child}><loc>${escapeXml(u.loc)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</${child}>\n`
  }
  return `${XML_DECLARATION}<${root} xmlns="${NAMESPACE}">\n${body}</${root}>\n`
}

/** A sitemap: `<urlset>` of at most 50,000 absolute URLs. */
export const urlsetXml = (urls: readonly SitemapUrl[]) => xmlList('urlset', 'url', urls)
/** A sitemap index: `<sitemapindex>` of child sitemaps. */
export const sitemapIndexXml = (sitemaps: readonly SitemapUrl[]) => xmlList('sitemapindex', 'sitemap', sitemaps)

/** A child sitemap's path. At the site's root: a sitemap may only list URLs under its own folder. */
export const sitemapPath = (kind: SitemapKind, n: number) => `/sitemap-${kind}-${n}.xml`

/** `sitemap-articles-2.xml` → `{ kind: 'articles', n: 2 }`; null for any other name (a 404). */
export function parseSitemapName(name: string): { kind: SitemapKind; n: number } | null {
  const m = /^sitemap-([a-z]+)-([1-9]\d{0,6})\.xml$/.exec(name)
  const kind = m?.[1] as SitemapKind | undefined
  return m && kind && SITEMAP_KINDS.includes(kind) ? { kind, n: Number(m[2]) } : null
}

/** How many sitemaps `total` URLs fill. */
export const sitemapCount = (total: number, pageSize: number) => Math.ceil(total / pageSize)

/** A paged list: its first page's path, how many pages it has, and when it last gained an entry. */
export type ArchiveList = { base: string; pages: number; lastmod?: string }

/**
 * The page URLs of `lists`, one after another, from the `skip`-th for at most `limit`: only that
 * slice is built, however many pages the lists have in all.
 */
export function archiveUrls(lists: readonly ArchiveList[], skip: number, limit: number, siteUrl: string): SitemapUrl[] {
  const out: SitemapUrl[] = []
  let before = 0 // pages of the lists already passed
  for (const list of lists) {
    const from = Math.max(1, skip - before + 1)
    for (let page = from; page <= list.pages && out.length < limit; page++) out.push({ loc: siteUrl + archivePath(list.base, page), lastmod: list.lastmod })
    before += list.pages
    if (out.length >= limit) break
  }
  return out
}

export type SitemapDeps = {
  posts: Pick<PostsRepository, 'sitemapEntries' | 'tagSlugs' | 'latest' | 'count' | 'anyMarketPost'>
  brands: Pick<BrandsRepository, 'page'>
  content: Pick<ContentService, 'archiveSize'>
  directory: Pick<BrandsService, 'directorySize'>
  /** the info pages (responsible gambling, disclosure, privacy…): few, read whole */
  info: { sitemapEntries(): Promise<{ path: string; lastmod: string }[]> }
  /** every author page's list (issue 22): few, one count each */
  authors: { sitemapLists(withLastmod: boolean): Promise<ArchiveList[]> }
  siteUrl: string
  /** issue 23: the markets, each with sitemaps of its own under its prefix */
  markets?: () => readonly Market[]
  /** URLs per child sitemap (tests make it small) */
  pageSize?: number
}

/**
 * The sitemap index and its children: every listed article, every brand page, the home page and every
 * page of `/articles` and `/brands` ("archives"), every page of each tag's archive ("tags"), the
 * info pages ("info") and every page of each author's (issue 22, "authors"). Lists
 * are read a sitemap's worth at a time; no sitemap asks the store more than its own kind needs.
 */
export function createSitemapService(deps: SitemapDeps) {
  const { posts, brands, content, directory, siteUrl } = deps
  const pageSize = deps.pageSize ?? SITEMAP_PAGE_SIZE
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > SITEMAP_MAX_URLS) throw new Error(`Sitemap page size must be 1–${SITEMAP_MAX_URLS}`)

  // A list's lastmod is when it last gained an entry (every page of it shifted then): one indexed read
  // per list, so only a sitemap that shows dates asks.
  const newestArticle = async (tagSlug?: string) => (await posts.latest({ tagSlug }, 1))[0]?.createdAt
  async function newestBrand(total: number) {
    const [last] = total ? await brands.page({ skip: total - 1, limit: 1, query: { live: true } }) : [] // the directory is oldest first
    return last?.createdAt
  }

  /** The home page, `/articles` and `/brands`, and how many articles and brands there are. */
  async function mainLists(withLastmod: boolean) {
    const [articles, brandPages] = await Promise.all([content.archiveSize(), directory.directorySize()])
    const [articlesChange, brandsChange] = withLastmod ? await Promise.all([newestArticle(), newestBrand(brandPages.total)]) : []
    const lists: ArchiveList[] = [
      { base: '/', pages: 1, lastmod: articlesChange },
      { base: '/articles', pages: articles.pages, lastmod: articlesChange },
      { base: '/brands', pages: brandPages.pages, lastmod: brandsChange },
    ]
    return { articles: articles.total, brands: brandPages.total, lists }
  }

  /** Every tag's archive (one count per tag). */
  async function tagLists(withLastmod: boolean): Promise<ArchiveList[]> {
    return Promise.all(
      (await posts.tagSlugs()).map(async (slug) => ({
        base: tagPath(slug),
        pages: (await content.archiveSize(slug)).pages,
        lastmod: withLastmod ? await newestArticle(slug) : undefined,
      })),
    )
  }

  const pagesOf = (lists: readonly ArchiveList[]) => lists.reduce((n, l) => n + l.pages, 0)

  /** The articles the default market lists: every one until some post is written for one market (issue 23). */
  const defaultKeys = async () => ((await posts.anyMarketPost()) ? marketKeysOf(DEFAULT_MARKET) : undefined)
  const marketKeys = marketKeysOf
  /** A market's own pages (home, /articles, /brands) and the brand pages its rules list, in that order. */
  async function marketHead(m: Market): Promise<SitemapUrl[]> {
    const prefix = marketPrefix(m)
    const live = await brands.page({ skip: 0, limit: SITEMAP_MAX_URLS, query: { live: true } })
    return [
      ...['/', '/articles', '/brands'].map((p) => ({ loc: siteUrl + inMarket(prefix, p) })),
      ...live.filter((b) => mayList(b, m)).map((b) => ({ loc: siteUrl + inMarket(prefix, brandPath(b._id)), lastmod: b.updatedAt || b.createdAt })),
    ]
  }
  /** How many sitemaps a market's URLs fill. */
  async function marketSitemapCount(m: Market): Promise<number> {
    const [head, articles] = await Promise.all([marketHead(m), posts.count({ listed: true, marketKeys: marketKeys(m) })])
    return sitemapCount(head.length + articles, pageSize)
  }

  return {
    pageSize,

    /**
     * GET /sitemap.xml. Children carry no lastmod: a true one would mean reading every entry, and
     * search engines fetch a few dozen small files happily.
     */
    async index(): Promise<string> {
      const [main, tags, info, authors] = await Promise.all([mainLists(false), tagLists(false), deps.info.sitemapEntries(), deps.authors.sitemapLists(false)])
      const totals: Record<SitemapKind, number> = { articles: main.articles, brands: main.brands, archives: pagesOf(main.lists), tags: pagesOf(tags), info: info.length, authors: pagesOf(authors) }
      // issue 23: each market's sitemaps, under its own prefix (a sitemap lists only URLs under its folder)
      const markets = deps.markets?.() ?? []
      const counts = await Promise.all(markets.map(marketSitemapCount))
      return sitemapIndexXml([
        ...SITEMAP_KINDS.flatMap((kind) => Array.from({ length: sitemapCount(totals[kind], pageSize) }, (_, i) => ({ loc: siteUrl + sitemapPath(kind, i + 1) }))),
        ...markets.flatMap((m, k) => Array.from({ length: counts[k]! }, (_, i) => ({ loc: siteUrl + marketSitemapPath(m, i + 1) }))),
      ])
    },

    /** The `n`-th (from 1) sitemap of a kind; null past the last one. */
    async sitemap(kind: SitemapKind, n: number): Promise<string | null> {
      const skip = (n - 1) * pageSize
      let urls: SitemapUrl[]
      if (kind === 'articles') {
        // id order straight from the (listed, _id) index, reading only ids and dates
        urls = (await posts.sitemapEntries({ skip, limit: pageSize, marketKeys: await defaultKeys() })).map((p) => ({ loc: siteUrl + articlePath(p._id), lastmod: p.updatedAt || p.createdAt }))
      } else if (kind === 'brands') {
        urls = (await brands.page({ skip, limit: pageSize, query: { live: true } })).map((b) => ({ loc: siteUrl + brandPath(b._id), lastmod: b.updatedAt || b.createdAt }))
      } else if (kind === 'info') {
        urls = (await deps.info.sitemapEntries()).slice(skip, skip + pageSize).map((p) => ({ loc: siteUrl + p.path, lastmod: p.lastmod }))
      } else {
        const lists = kind === 'archives' ? (await mainLists(true)).lists : kind === 'tags' ? await tagLists(true) : await deps.authors.sitemapLists(true)
        urls = archiveUrls(lists, skip, pageSize, siteUrl)
      }
      return urls.length ? urlsetXml(urls) : null
    },

    /**
     * The `n`-th sitemap of a market (issue 23): its home, archives and the brand pages its rules list,
     * then its articles (its own, and those for every market unless it lists only its own), each at its
     * address under the market's prefix. Null for an unknown market or past the last one.
     */
    async marketSitemap(key: string, n: number): Promise<string | null> {
      const m = (deps.markets?.() ?? []).find((x) => x.key === key)
      if (!m || !Number.isInteger(n) || n < 1) return null
      const head = await marketHead(m)
      const skip = (n - 1) * pageSize
      const fromHead = head.slice(skip, skip + pageSize)
      const articleSkip = Math.max(0, skip - head.length)
      const room = pageSize - fromHead.length
      const articles = room > 0 ? await posts.sitemapEntries({ skip: articleSkip, limit: room, marketKeys: marketKeys(m) }) : []
      const urls = [...fromHead, ...articles.map((p) => ({ loc: siteUrl + inMarket(marketPrefix(m), articlePath(p._id)), lastmod: p.updatedAt || p.createdAt }))]
      return urls.length ? urlsetXml(urls) : null
    },
  }
}

/** A market's `n`-th sitemap: under its prefix, so it may list the market's URLs (sitemaps.org: a sitemap lists URLs under its own folder). */
export const marketSitemapPath = (m: Pick<Market, 'key'>, n: number) => `${marketPrefix(m)}/sitemap-${n}.xml`
export type SitemapService = ReturnType<typeof createSitemapService>
